//! What the public record proves about hidden identities, exactly, for any board and seating.
//!
//! A deduction problem is a set of armies, each with the number of pieces of every role it
//! holds (25 pieces by RULES.md §2) and the pieces being followed (those standing and those
//! lost: the lost use up their roles too), each with the roles it may have on its own —
//! setup rules, having moved, a contact with a piece the seat knows, a public reveal. Two
//! pieces that met while both were hidden to the seat (a 四国 combat between two other seats)
//! are a [`Link`]: the outcome allows only some pairs of roles.
//!
//! [`Problem::deduce`] gives, for every piece, the roles it can still have: a role is kept iff
//! some complete assignment of every army's roles to its pieces agrees with every set, every
//! count and every link. Per army that is a transportation problem (pieces × roles, each role
//! as often as the army holds it): one assignment is found by augmenting paths, and a role `r`
//! is possible for a piece assigned `r0` iff, in the graph of roles where `x → y` whenever a
//! piece assigned `x` may be `y`, `r0` or a role with a copy to spare is reachable from `r`
//! (the alternating-path argument of bipartite matching; e.g. Régin 1994, "A filtering
//! algorithm for constraints of difference in CSPs", for the all-different case). Links join
//! armies; they are solved by search, branching on the pieces of links that the sets do not
//! yet satisfy whatever roles are taken, each node pruned by the links and the per-army
//! argument, until every kept role has a complete assignment as witness or is proven to have
//! none. The search has a node budget: a problem that exhausts it keeps the
//! roles not yet decided (never dropping a possible one) and says so in [`Deduction::exact`].
//!
//! Written here rather than taken from a crate: the matching is 25 pieces × 12 roles with
//! capacities, and what is needed is the set of *all* roles in *some* assignment (the
//! reachability step), which general flow or CSP crates do not give directly.

use crate::{Role, SplitMix64};

mod record;
mod table;
pub use record::{movable, setup_mask};
mod notebook;
pub use notebook::{Among, Clue, Note, Notebook};
pub use table::{Contact, Table, TablePiece};

/// A set of roles, one bit per [`Role`] (bit `role as u16`).
pub type RoleMask = u16;

/// Every role.
pub const ALL_ROLES: RoleMask = (1 << 12) - 1;

/// The mask of one role.
pub const fn role_bit(r: Role) -> RoleMask {
    1 << r as u16
}

/// The roles in a mask, in [`Role::ALL`] order.
pub fn roles_in(m: RoleMask) -> impl Iterator<Item = Role> {
    Role::ALL.into_iter().filter(move |&r| m & role_bit(r) != 0)
}

/// The letters of RULES.md §9 for the roles in `m`, strongest first (`MGDBRNCPEZLF`).
pub fn letters(m: RoleMask) -> String {
    roles_in(m).map(|r| r.upper_char()).collect()
}

/// How many search nodes [`Problem::deduce`] and [`Problem::sample`] may spend on links.
pub const NODE_BUDGET: usize = 20_000;

/// One army: how many pieces of each role it holds, and the roles each followed piece may have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Army {
    /// Copies of each role, indexed by `role as usize`.
    pub counts: [u8; 12],
    pub pieces: Vec<RoleMask>,
}

impl Army {
    /// An army of RULES.md §2's 25 pieces.
    pub fn standard(pieces: Vec<RoleMask>) -> Army {
        let mut counts = [0u8; 12];
        for r in Role::ALL {
            counts[r as usize] = r.count();
        }
        Army { counts, pieces }
    }
}

/// A piece of a problem: its army and its place among that army's pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceRef {
    pub army: usize,
    pub piece: usize,
}

/// Two pieces whose roles the record ties together: when `a` has role `r`, `b` may have only
/// the roles of `allowed[r as usize]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub a: PieceRef,
    pub b: PieceRef,
    pub allowed: [RoleMask; 12],
}

impl Link {
    /// The link of `a` and `b` whose pairs of roles are those `agrees` accepts.
    pub fn by(a: PieceRef, b: PieceRef, agrees: impl Fn(Role, Role) -> bool) -> Link {
        let mut allowed = [0; 12];
        for ra in Role::ALL {
            allowed[ra as usize] = Role::ALL
                .into_iter()
                .filter(|&rb| agrees(ra, rb))
                .fold(0, |m, rb| m | role_bit(rb));
        }
        Link { a, b, allowed }
    }
}

/// Everything the record says, as armies and links.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problem {
    pub armies: Vec<Army>,
    pub links: Vec<Link>,
}

/// The roles each piece can still have, army by army, piece by piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    pub possible: Vec<Vec<RoleMask>>,
    /// False when the search budget ran out: some roles kept may still be impossible.
    pub exact: bool,
}

/// No assignment agrees with the record (a position set up by hand, or a record that was not
/// this game's).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Contradiction;

impl std::fmt::Display for Contradiction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("no assignment of the hidden roles agrees with the record")
    }
}

impl std::error::Error for Contradiction {}

type Domains = Vec<Vec<RoleMask>>;

const UNASSIGNED: u8 = u8::MAX;

/// Finds a role for piece `p` by an augmenting path (roles as buckets of `counts` places).
fn augment(
    p: usize,
    masks: &[RoleMask],
    counts: &[u8; 12],
    assign: &mut [u8],
    load: &mut [u8; 12],
    seen: &mut RoleMask,
) -> bool {
    for r in 0..12 {
        if masks[p] & (1 << r) != 0 && load[r] < counts[r] {
            assign[p] = r as u8;
            load[r] += 1;
            return true;
        }
    }
    for r in 0..12u8 {
        if masks[p] & (1 << r) == 0 || *seen & (1 << r) != 0 {
            continue;
        }
        *seen |= 1 << r;
        for q in 0..masks.len() {
            if assign[q] == r && augment(q, masks, counts, assign, load, seen) {
                assign[p] = r;
                return true;
            }
        }
    }
    false
}

/// The exact roles each piece of one army may have, given only the pieces' own sets and the
/// counts; `None` when no assignment exists.
pub fn army_roles(counts: &[u8; 12], masks: &[RoleMask]) -> Option<Vec<RoleMask>> {
    let n = masks.len();
    let mut assign = vec![UNASSIGNED; n];
    let mut load = [0u8; 12];
    for p in 0..n {
        let mut seen = 0;
        if !augment(p, masks, counts, &mut assign, &mut load, &mut seen) {
            return None;
        }
    }
    // x → y when a piece assigned x may be y; reach[x]: every role reachable from x.
    let mut edges = [0 as RoleMask; 12];
    for q in 0..n {
        edges[assign[q] as usize] |= masks[q];
    }
    let mut reach: [RoleMask; 12] = std::array::from_fn(|r| 1 << r);
    loop {
        let mut changed = false;
        for from in reach.iter_mut() {
            let m = edges
                .iter()
                .enumerate()
                .filter(|(x, _)| *from & (1 << x) != 0)
                .fold(*from, |m, (_, e)| m | e);
            if m != *from {
                *from = m;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let spare: RoleMask = (0..12)
        .filter(|&r| load[r] < counts[r])
        .fold(0, |m, r| m | 1 << r);
    Some(
        (0..n)
            .map(|p| {
                let targets = spare | 1 << assign[p];
                (0..12)
                    .filter(|&r| masks[p] & (1 << r) != 0 && reach[r] & targets != 0)
                    .fold(0, |m, r| m | 1 << r)
            })
            .collect(),
    )
}

impl Problem {
    fn valid(&self) -> bool {
        self.links.iter().all(|l| {
            [l.a, l.b].iter().all(|r| {
                self.armies
                    .get(r.army)
                    .is_some_and(|a| r.piece < a.pieces.len())
            })
        })
    }

    /// Narrows `doms` by the links and the per-army argument until nothing changes; false on a
    /// contradiction.
    fn propagate(&self, doms: &mut Domains) -> bool {
        // An army's sets are narrowed again only after a link changed one of them: the
        // per-army argument gives the same sets when run twice.
        let mut dirty = vec![true; doms.len()];
        loop {
            let mut changed = false;
            for l in &self.links {
                let da = doms[l.a.army][l.a.piece];
                let db = doms[l.b.army][l.b.piece];
                let mut na = 0;
                let mut nb = 0;
                for ra in 0..12 {
                    if da & (1 << ra) != 0 && l.allowed[ra] & db != 0 {
                        na |= 1 << ra;
                        nb |= l.allowed[ra] & db;
                    }
                }
                if na == 0 {
                    return false;
                }
                if na != da {
                    doms[l.a.army][l.a.piece] = na;
                    dirty[l.a.army] = true;
                    changed = true;
                }
                if nb != db {
                    doms[l.b.army][l.b.piece] = nb;
                    dirty[l.b.army] = true;
                    changed = true;
                }
            }
            for (i, army) in self.armies.iter().enumerate() {
                if !std::mem::take(&mut dirty[i]) {
                    continue;
                }
                let Some(narrowed) = army_roles(&army.counts, &doms[i]) else {
                    return false;
                };
                if narrowed != doms[i] {
                    doms[i] = narrowed;
                    changed = true;
                }
            }
            if !changed || self.links.is_empty() {
                return true;
            }
        }
    }

    /// A piece to branch on: one of a link that `doms` does not yet satisfy whatever roles
    /// its two pieces take (the smallest set first); `None` when every link is so satisfied.
    fn undecided(&self, doms: &Domains) -> Option<PieceRef> {
        self.links
            .iter()
            .filter(|l| {
                let da = doms[l.a.army][l.a.piece];
                let db = doms[l.b.army][l.b.piece];
                (0..12).any(|ra| da & (1 << ra) != 0 && l.allowed[ra] & db != db)
            })
            .flat_map(|l| [l.a, l.b])
            .filter(|r| doms[r.army][r.piece].count_ones() > 1)
            .min_by_key(|r| doms[r.army][r.piece].count_ones())
    }

    /// Looks for one complete assignment within `doms`, branching on the pieces of links not
    /// yet satisfied, in the parts `order` gives. At a leaf every role left in
    /// `doms` has one (every link holds whatever roles its pieces take, so the armies are
    /// independent and their sets exact), and `leaf` is called with them. `None` when the
    /// budget ran out.
    fn search(
        &self,
        mut doms: Domains,
        budget: &mut usize,
        order: &mut dyn FnMut(&Domains, PieceRef) -> Vec<RoleMask>,
        leaf: &mut dyn FnMut(&Domains),
    ) -> Option<bool> {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if !self.propagate(&mut doms) {
            return Some(false);
        }
        let Some(at) = self.undecided(&doms) else {
            leaf(&doms);
            return Some(true);
        };
        for part in order(&doms, at) {
            let mut child = doms.clone();
            child[at.army][at.piece] = part;
            if self.search(child, budget, order, leaf)? {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The roles each piece keeps when the links and each army's counts are applied over and
    /// over until nothing changes: never a possible role dropped, exact for a problem without
    /// links, and much cheaper than [`Problem::deduce`] with many (what a search that draws
    /// its worlds with [`Problem::sample`], which checks every link, needs).
    pub fn narrow(&self) -> Result<Vec<Vec<RoleMask>>, Contradiction> {
        if !self.valid() {
            return Err(Contradiction);
        }
        let mut doms: Domains = self.armies.iter().map(|a| a.pieces.clone()).collect();
        if self.propagate(&mut doms) {
            Ok(doms)
        } else {
            Err(Contradiction)
        }
    }

    /// The roles every piece can still have (see the module's text).
    pub fn deduce(&self) -> Result<Deduction, Contradiction> {
        if !self.valid() {
            return Err(Contradiction);
        }
        let mut doms: Domains = self.armies.iter().map(|a| a.pieces.clone()).collect();
        if !self.propagate(&mut doms) {
            return Err(Contradiction);
        }
        if self.links.is_empty() {
            return Ok(Deduction {
                possible: doms,
                exact: true,
            });
        }
        let mut budget = NODE_BUDGET;
        let mut supported: Domains = doms.iter().map(|a| vec![0; a.len()]).collect();
        // One role at a time, stronger first (halves of the set cost more nodes on 四暗 records).
        let mut one_by_one = |d: &Domains, at: PieceRef| {
            let m = d[at.army][at.piece];
            (0..12)
                .filter(|r| m & 1 << r != 0)
                .map(|r| 1 << r)
                .collect()
        };
        let mut mark = |leaf: &Domains| union_into(&mut supported, leaf);
        match self.search(doms.clone(), &mut budget, &mut one_by_one, &mut mark) {
            Some(true) => {}
            Some(false) => return Err(Contradiction),
            None => {
                return Ok(Deduction {
                    possible: doms,
                    exact: false,
                })
            }
        }
        for army in 0..doms.len() {
            for piece in 0..doms[army].len() {
                for r in 0..12u8 {
                    // Read afresh: a witness found for another role may hold this one too.
                    let open = doms[army][piece] & !supported[army][piece];
                    if open & 1 << r == 0 {
                        continue;
                    }
                    let mut child = doms.clone();
                    child[army][piece] = 1 << r;
                    let mut mark = |leaf: &Domains| union_into(&mut supported, leaf);
                    match self.search(child, &mut budget, &mut one_by_one, &mut mark) {
                        Some(true) => {}
                        Some(false) => doms[army][piece] &= !(1 << r),
                        None => {
                            return Ok(Deduction {
                                possible: doms,
                                exact: false,
                            })
                        }
                    }
                }
            }
        }
        Ok(Deduction {
            possible: supported,
            exact: true,
        })
    }

    /// One complete assignment agreeing with the record: a role for every piece of every army.
    /// The pieces of links not yet satisfied are drawn first (with backtracking), then each
    /// army on its own, whose sets are then exact so that every draw keeps an assignment; each
    /// role is drawn among those the piece can still have, weighted by the copies of it not yet
    /// drawn in its army. `None` on a contradiction or when the search budget ran out.
    pub fn sample(&self, rng: &mut SplitMix64) -> Option<Vec<Vec<Role>>> {
        self.sample_weighted(rng, &|_, _| 1)
    }

    /// [`Problem::sample`] with each role's draw weighted also by `weight(piece, role)` (a
    /// likelihood of what the piece was seen to do, for instance); a weight of 0 counts as 1,
    /// so that no role the record allows becomes undrawable.
    pub fn sample_weighted(
        &self,
        rng: &mut SplitMix64,
        weight: &dyn Fn(PieceRef, Role) -> u64,
    ) -> Option<Vec<Vec<Role>>> {
        if !self.valid() {
            return None;
        }
        let mut doms: Domains = self.armies.iter().map(|a| a.pieces.clone()).collect();
        if !self.propagate(&mut doms) {
            return None;
        }
        let mut budget = NODE_BUDGET;
        let mut settled: Option<Domains> = None;
        {
            let mut draw = |d: &Domains, at: PieceRef| {
                let w = |r: Role| weight(at, r);
                draw_order(&self.armies[at.army].counts, &d[at.army], at.piece, &w, rng)
                    .into_iter()
                    .map(|r| 1 << r)
                    .collect()
            };
            let mut keep = |leaf: &Domains| settled = Some(leaf.clone());
            if !self.search(doms, &mut budget, &mut draw, &mut keep)? {
                return None;
            }
        }
        let mut doms = settled?;
        for (a, (army, d)) in self.armies.iter().zip(doms.iter_mut()).enumerate() {
            let mut order: Vec<usize> = (0..d.len()).collect();
            rng.shuffle(&mut order);
            for i in order {
                if d[i].count_ones() > 1 {
                    let at = PieceRef { army: a, piece: i };
                    let w = |r: Role| weight(at, r);
                    let r = *draw_order(&army.counts, d, i, &w, rng).first()?;
                    d[i] = 1 << r;
                    *d = army_roles(&army.counts, d)?;
                }
            }
        }
        Some(
            doms.iter()
                .map(|a| {
                    a.iter()
                        .map(|&m| roles_in(m).next().unwrap_or(Role::Captain))
                        .collect()
                })
                .collect(),
        )
    }
}

/// The roles piece `i` of an army may have, in a random order: each drawn with a weight of the
/// copies of it not yet fixed to a piece (at least one, so that every role stays drawable)
/// times `weight` (at least 1).
fn draw_order(
    counts: &[u8; 12],
    army: &[RoleMask],
    i: usize,
    weight: &dyn Fn(Role) -> u64,
    rng: &mut SplitMix64,
) -> Vec<u8> {
    let mut copies = counts.map(u64::from);
    for &q in army {
        if q.count_ones() == 1 {
            let r = q.trailing_zeros() as usize;
            copies[r] = copies[r].saturating_sub(1);
        }
    }
    let mut left: Vec<(u8, u64)> = (0..12u8)
        .filter(|r| army[i] & 1 << r != 0)
        .map(|r| {
            let role = Role::ALL[r as usize];
            (r, copies[r as usize].max(1) * weight(role).max(1))
        })
        .collect();
    let mut out = Vec::with_capacity(left.len());
    while !left.is_empty() {
        let total: u64 = left.iter().map(|x| x.1).sum();
        let mut k = rng.below(total);
        let at = left
            .iter()
            .position(|x| {
                if k < x.1 {
                    true
                } else {
                    k -= x.1;
                    false
                }
            })
            .unwrap_or(0);
        out.push(left.remove(at).0);
    }
    out
}

/// Adds every role of `leaf` to `supported`, piece by piece.
fn union_into(supported: &mut Domains, leaf: &Domains) {
    for (s, l) in supported.iter_mut().zip(leaf) {
        for (x, y) in s.iter_mut().zip(l) {
            *x |= y;
        }
    }
}

#[cfg(test)]
mod tests;
