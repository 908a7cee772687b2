//! The check at the end of a game between two devices: with every commitment opened, the whole
//! game is replayed through the core, and a side that lied is named.

use crate::crypto::{self, Digest, CHOICES};
use crate::wire::{bytes_of, hex_of, role_index, Body, ChoiceOpened, Opened, Payload};
use crate::Terms;
use junqi_core::{
    Action, Deployment, Game, GameRecord, Mode, Point, Role, Seat, Setup, Slot, Told,
};
use std::collections::{HashMap, VecDeque};
use std::fmt;

/// A side caught lying: who, at which ply (0 before the first move), on which point, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cheat {
    pub seat: Seat,
    pub ply: u32,
    pub point: Option<Point>,
    pub what: String,
}

impl fmt::Display for Cheat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} cheated", self.seat.side_name())?;
        if self.ply > 0 {
            write!(f, " at ply {}", self.ply)?;
        }
        if let Some(p) = self.point {
            write!(f, " on {p}")?;
        }
        write!(f, ": {}", self.what)
    }
}

/// The role an opening names, if it matches `seat`'s commitment for its slot.
pub(crate) fn opening_of(
    terms: &Terms,
    seat: Seat,
    commitments: &[Digest],
    piece: &Opened,
) -> Result<Role, String> {
    let index = Slot::setup()
        .position(|s| s.index() == usize::from(piece.slot))
        .ok_or_else(|| format!("opened slot {}, which holds no piece", piece.slot))?;
    let salt = bytes_of::<32>(&piece.salt).ok_or("opened a piece without its salt")?;
    let want = commitments
        .get(index)
        .ok_or("no commitment for that piece")?;
    if crypto::commitment(&terms.game, seat, piece.slot, piece.role, &salt) != *want {
        return Err(format!(
            "opened a {:?} that does not match its commitment",
            piece.role
        ));
    }
    Ok(piece.role)
}

/// `seat`'s formation from its openings: every slot opened once against its commitment, and
/// every setup rule kept.
pub(crate) fn formation(
    terms: &Terms,
    seat: Seat,
    commitments: &[Digest],
    pieces: &[Opened],
) -> Result<Deployment, Cheat> {
    let cheat = |point: Option<Point>, what: String| Cheat {
        seat,
        ply: 0,
        point,
        what,
    };
    let mut d = Deployment::empty();
    for piece in pieces {
        let slot = Slot::from_index(usize::from(piece.slot)).ok_or_else(|| {
            cheat(
                None,
                format!("opened slot {}, which does not exist", piece.slot),
            )
        })?;
        let role = opening_of(terms, seat, commitments, piece)
            .map_err(|w| cheat(Some(slot.point(seat)), w))?;
        if d.get(slot).is_some() {
            return Err(cheat(Some(slot.point(seat)), "opened a piece twice".into()));
        }
        d.set(slot, Some(role));
    }
    if let Some(s) = Slot::setup().find(|&s| d.get(s).is_none()) {
        return Err(cheat(Some(s.point(seat)), "did not open this piece".into()));
    }
    if let Err(v) = d.validate_with(&terms.rules) {
        let why: Vec<String> = v.iter().map(|v| v.to_string()).collect();
        return Err(cheat(
            None,
            format!("set up against the rules: {}", why.join("; ")),
        ));
    }
    Ok(d)
}

/// One thing a side did at its turn, or about taking back, in the order it said them.
#[derive(Clone, Debug)]
enum Act {
    Move {
        ply: u32,
        action: Action,
        choice: Option<String>,
    },
    Resign(u32),
    NoMove(u32),
    AcceptDraw(u32),
    OutOfTime {
        ply: u32,
        total: bool,
    },
    Undo(u32),
    AcceptUndo(u32),
    DeclineUndo(u32),
}

/// What one side said, sorted for the replay.
#[derive(Default)]
struct Said {
    commitments: Vec<Digest>,
    ot: Option<curve25519_dalek::ristretto::RistrettoPoint>,
    terms: Option<[u8; 32]>,
    opened: Vec<Opened>,
    ot_secret: Option<curve25519_dalek::scalar::Scalar>,
    choices: HashMap<u32, ChoiceOpened>,
    /// What it did, in order: a ply may be played again after it was taken back.
    acts: VecDeque<Act>,
    /// The sealed boxes and the token links of each defence.
    sealed: HashMap<u32, (Vec<String>, Vec<String>)>,
    verdicts: HashMap<u32, Told>,
    reveals: Vec<(u32, u8)>,
    finished: bool,
}

fn said(bodies: &[Body]) -> Said {
    let mut s = Said::default();
    for b in bodies {
        match b {
            Body::Commit { terms, pieces, ot } => {
                s.terms = bytes_of(terms);
                s.commitments = pieces.iter().filter_map(|h| bytes_of(h)).collect();
                s.ot = bytes_of::<32>(ot).and_then(|b| crypto::point_from(&b));
            }
            Body::Open { pieces } => s.opened = pieces.clone(),
            Body::Move {
                ply,
                action,
                choice,
            } => s.acts.push_back(Act::Move {
                ply: *ply,
                action: *action,
                choice: choice.clone(),
            }),
            Body::Sealed { ply, boxes, tokens } => {
                s.sealed.insert(*ply, (boxes.clone(), tokens.clone()));
            }
            Body::Verdict {
                ply, clash, flag, ..
            } => {
                let told = Told {
                    clash: *clash,
                    flag: *flag,
                    shown: None,
                };
                s.verdicts.insert(*ply, told);
            }
            Body::Reveal { ply, piece } => s.reveals.push((*ply, piece.slot)),
            Body::Resign { ply } => s.acts.push_back(Act::Resign(*ply)),
            Body::NoMove { ply } => s.acts.push_back(Act::NoMove(*ply)),
            Body::AcceptDraw { ply } => s.acts.push_back(Act::AcceptDraw(*ply)),
            Body::OutOfTime { ply, total } => s.acts.push_back(Act::OutOfTime {
                ply: *ply,
                total: *total,
            }),
            Body::Undo { ply } => s.acts.push_back(Act::Undo(*ply)),
            Body::AcceptUndo { ply } => s.acts.push_back(Act::AcceptUndo(*ply)),
            Body::DeclineUndo { ply } => s.acts.push_back(Act::DeclineUndo(*ply)),
            Body::OfferDraw { .. } | Body::ClaimTime { .. } => {}
            Body::Final {
                pieces,
                ot_secret,
                choices,
            } => {
                s.finished = true;
                s.opened = pieces.clone();
                s.ot_secret = bytes_of::<32>(ot_secret).and_then(|b| crypto::scalar_from(&b));
                s.choices = choices.iter().map(|c| (c.ply, c.clone())).collect();
            }
        }
    }
    s
}

/// Checks a whole game between two devices from both sides' messages (Red's, Black's), once
/// both have opened everything: every commitment, every setup rule, every move, every sealed
/// result and every choice. Gives the game's record, or the first lie found.
pub fn verify(terms: &Terms, bodies: &[Vec<Body>; 2]) -> Result<GameRecord, Cheat> {
    let sides = [said(&bodies[0]), said(&bodies[1])];
    let side = |c: Seat| &sides[c.index()];
    let cheat = |seat: Seat, ply: u32, point: Option<Point>, what: &str| Cheat {
        seat,
        ply,
        point,
        what: what.to_string(),
    };
    let mut formations = Vec::new();
    for c in [Seat::RED, Seat::BLACK] {
        let s = side(c);
        if s.terms != Some(terms.digest()) {
            return Err(cheat(c, 0, None, "committed to other terms"));
        }
        if !s.finished {
            return Err(cheat(c, 0, None, "did not open its pieces at the end"));
        }
        formations.push(formation(terms, c, &s.commitments, &s.opened)?);
        if terms.mode == Mode::Dark {
            let key_matches = s
                .ot_secret
                .zip(s.ot)
                .is_some_and(|(y, key)| crypto::sender_key(&y) == key);
            if !key_matches {
                return Err(cheat(
                    c,
                    0,
                    None,
                    "opened a transfer secret that is not its key's",
                ));
            }
        }
    }
    let setup = Setup::Deployments {
        red: formations[0].clone(),
        black: formations[1].clone(),
    };
    let mut game = Game::new(terms.mode, terms.rules, setup)
        .map_err(|e| cheat(Seat::RED, 0, None, &e.to_string()))?;
    let mut sides = sides;
    loop {
        let pos = game.position();
        let ply = pos.ply();
        let Some(mover) = pos.turn() else { break };
        if pos.is_over() {
            break;
        }
        if take_back(&mut game, &mut sides, ply)? {
            continue;
        }
        let act = sides[mover.index()].acts.pop_front();
        let side = |c: Seat| &sides[c.index()];
        let pos = game.position();
        match act {
            Some(Act::Move {
                ply: at,
                action,
                choice,
            }) if at == ply => {
                let Action::Move { from, to } = action else {
                    return Err(cheat(mover, ply, None, "played a flip"));
                };
                let attacker = pos.piece_at(from).map(|p| p.role);
                let defender = pos.piece_at(to).map(|p| p.role);
                let report = game
                    .play(action)
                    .map_err(|e| cheat(mover, ply, Some(from), &format!("played {action}: {e}")))?
                    .clone();
                if let (Mode::Dark, Some(a), Some(d)) = (terms.mode, attacker, defender) {
                    check_contact(
                        terms,
                        &sides,
                        mover,
                        ply,
                        (from, to),
                        (a, d),
                        choice.as_deref(),
                    )?;
                }
                // A Field Marshal that fell shows its flag: its owner must have opened it.
                for (p, piece) in &report.removed {
                    if piece.role != Role::Marshal || terms.mode != Mode::Dark {
                        continue;
                    }
                    let flag = Slot::all()
                        .find(|s| formations[piece.color.index()].get(*s) == Some(Role::Flag))
                        .map(|s| s.index() as u8);
                    // Due once: at the fall, unless the flag was already shown.
                    let shown = side(piece.color)
                        .reveals
                        .iter()
                        .any(|&(at, slot)| at <= ply && Some(slot) == flag);
                    let captured = report.outcome.is_some();
                    if !shown && !captured {
                        return Err(cheat(
                            piece.color,
                            ply,
                            Some(*p),
                            "did not show its flag when its Field Marshal fell",
                        ));
                    }
                }
            }
            Some(Act::Resign(at)) if at == ply => {
                game.resign(mover)
                    .map_err(|e| cheat(mover, ply, None, &e.to_string()))?;
                break;
            }
            Some(Act::AcceptDraw(at)) if at == ply => {
                game.agree_draw()
                    .map_err(|e| cheat(mover, ply, None, &e.to_string()))?;
                break;
            }
            Some(Act::OutOfTime { ply: at, total }) if at == ply => {
                let clock = terms.clock;
                if (total && clock.total_s == 0) || (!total && clock.move_s == 0) {
                    return Err(cheat(
                        mover,
                        ply,
                        None,
                        "ran out of a clock the game has not",
                    ));
                }
                let done = if total {
                    game.time_out(mover).map(drop)
                } else {
                    game.miss_turn().map(drop)
                };
                done.map_err(|e| cheat(mover, ply, None, &e.to_string()))?;
            }
            Some(Act::NoMove(at)) if at == ply => {
                return Err(cheat(
                    mover,
                    ply,
                    None,
                    "said it had no legal move, but had one",
                ));
            }
            Some(act) => {
                return Err(cheat(
                    mover,
                    ply,
                    None,
                    &format!("did {act:?} at its turn of ply {ply}"),
                ))
            }
            None => {
                return Err(cheat(
                    mover,
                    ply,
                    None,
                    "stopped playing before the end of the game",
                ))
            }
        }
    }
    for c in [Seat::RED, Seat::BLACK] {
        let late = sides[c.index()].acts.iter().find_map(|a| match a {
            Act::Move { ply, .. } => Some(*ply),
            _ => None,
        });
        if let Some(late) = late {
            return Err(cheat(c, late, None, "played a move the game does not have"));
        }
    }
    Ok(game.record())
}

/// Asks to take back at `ply`, in the order both sides said them: an ask the other side
/// accepted takes the plies back (how far is junqi-core's `undo::span`); one it declined, one
/// that met the other's ask, or one it did not answer before acting, lapses. An answer to an
/// ask that lapsed changes nothing. Whether an ask or an answer was taken up.
fn take_back(game: &mut Game, sides: &mut [Said; 2], ply: u32) -> Result<bool, Cheat> {
    for c in [Seat::RED, Seat::BLACK] {
        let (mine, theirs) = (c.index(), (c.other_side()).index());
        // An ask comes up once the game reaches its ply; one from an earlier ply lapsed.
        let Some(&Act::Undo(at)) = sides[mine].acts.front() else {
            continue;
        };
        if at > ply {
            continue;
        }
        sides[mine].acts.pop_front();
        if at < ply {
            return Ok(true);
        }
        match sides[theirs].acts.front() {
            Some(&Act::AcceptUndo(q)) if q == ply => {
                sides[theirs].acts.pop_front();
                let n = game.undo_span(u8::from(c == Seat::BLACK)).ok_or(Cheat {
                    seat: c,
                    ply,
                    point: None,
                    what: "asked to take back what may not be taken back".into(),
                })?;
                for _ in 0..n {
                    game.undo();
                }
            }
            Some(&(Act::DeclineUndo(q) | Act::Undo(q))) if q == ply => {
                sides[theirs].acts.pop_front();
            }
            _ => {}
        }
        return Ok(true);
    }
    // An answer to an ask that lapsed first.
    for side in sides.iter_mut() {
        if let Some(&(Act::AcceptUndo(at) | Act::DeclineUndo(at))) = side.acts.front() {
            if at < ply {
                side.acts.pop_front();
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// One attack in 暗棋: the attacker chose its own role, the defender sealed the true result for
/// every role, and the attacker announced the result it opened.
fn check_contact(
    terms: &Terms,
    sides: &[Said; 2],
    attacker_seat: Seat,
    ply: u32,
    (from, to): (Point, Point),
    (a, d): (Role, Role),
    choice: Option<&str>,
) -> Result<(), Cheat> {
    let defender_seat = attacker_seat.other_side();
    let att = &sides[attacker_seat.index()];
    let def = &sides[defender_seat.index()];
    let attacker_lied = |what: &str| Cheat {
        seat: attacker_seat,
        ply,
        point: Some(from),
        what: what.to_string(),
    };
    let defender_lied = |what: String| Cheat {
        seat: defender_seat,
        ply,
        point: Some(to),
        what,
    };
    let (Some(s), Some(y)) = (def.ot, def.ot_secret) else {
        return Err(defender_lied("no transfer key".into()));
    };
    let r = choice
        .and_then(bytes_of::<32>)
        .and_then(|b| crypto::point_from(&b))
        .ok_or_else(|| attacker_lied("attacked without a transfer"))?;
    let opened = att
        .choices
        .get(&ply)
        .ok_or_else(|| attacker_lied("did not open its choice"))?;
    let x = bytes_of::<32>(&opened.x)
        .and_then(|b| crypto::scalar_from(&b))
        .ok_or_else(|| attacker_lied("opened a choice without its secret"))?;
    if crypto::choose(&s, role_index(opened.role), &x) != r {
        return Err(attacker_lied("opened a choice that is not the one it sent"));
    }
    if opened.role != a {
        return Err(attacker_lied(&format!(
            "attacked as a {:?}, but the piece is a {:?}",
            opened.role, a
        )));
    }
    let (boxes, tokens) = def
        .sealed
        .get(&ply)
        .filter(|(b, t)| b.len() == CHOICES && t.len() == crate::wire::RESULTS.len())
        .ok_or_else(|| defender_lied("did not seal the results".into()))?;
    let ctx = terms.context(ply);
    let keys = crypto::sender_keys(&ctx, &y, &r);
    // The shown defender, where a result shows it, opens against its commitment.
    let opens = |slot: u8, role: Role, salt: &[u8; 32]| {
        let opened = Opened {
            slot,
            role,
            salt: hex_of(salt),
        };
        role == d && opening_of(terms, defender_seat, &def.commitments, &opened).is_ok()
    };
    for (i, &role) in Role::ALL.iter().enumerate() {
        let want = Told::of(role, d, terms.mode, &terms.rules);
        let got = hex::decode(&boxes[i])
            .ok()
            .and_then(|b| crypto::unseal(&keys[i], &b))
            .and_then(|b| Payload::from_bytes(&b));
        let honest = got.is_some_and(|p| {
            p.clash == want.clash
                && p.flag == want.flag
                && (want.shown.is_some() || want.flag) == p.shown.is_some()
                && p.shown.is_none_or(|(slot, r, salt)| opens(slot, r, &salt))
                && p.linked(&ctx, tokens)
        });
        if !honest {
            return Err(defender_lied(format!(
                "sealed a false result for a {role:?} against its {d:?}"
            )));
        }
    }
    let want = Told::of(a, d, terms.mode, &terms.rules);
    let announced = att.verdicts.get(&ply).copied();
    if announced.is_none_or(|t| t.clash != want.clash || t.flag != want.flag) {
        return Err(attacker_lied("announced a false result"));
    }
    Ok(())
}
