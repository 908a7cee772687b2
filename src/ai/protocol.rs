//! What crosses between the page and the computer player's Web Worker: one JSON request, one
//! JSON response. Everything is plain data (strings for JFEN, actions and formations) so the
//! same contract works in the worker, in native tests and in a browser test hook.
//!
//! ```
//! use junqi::ai::protocol::{answer, AiRequest, AiTask};
//! use junqi_core::{Mode, Rules};
//!
//! let req = AiRequest {
//!     id: 7,
//!     task: AiTask::Move,
//!     mode: Mode::Open,
//!     rules: Rules::default(),
//!     me: Some(junqi_core::Seat::RED),
//!     view: junqi_core::CLASSIC_START.to_string(),
//!     history: Vec::new(),
//!     own: None,
//!     level: 1,
//!     seed: 1,
//!     siguo: None,
//! };
//! let res = answer(&req);
//! assert_eq!(res.id, 7);
//! assert!(res.action.is_some() && res.error.is_none());
//! ```

use junqi_ai::search::NodeBudget;
use junqi_ai::{choose, deploy, hint, level, Context, DEFAULT_LEVEL};
use junqi_core::{Deployment, Mode, PlayerView, PublicEvent, Rules, Seat};
use serde::{Deserialize, Serialize};

/// What the computer player is asked to do.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AiTask {
    /// Its own action for the side to move (at `level`).
    #[default]
    Move,
    /// The best action for the side to move, for the player's hint button (level ignored).
    Hint,
    /// A formation for 明棋/暗棋 from `seed` (the view is ignored).
    Formation,
    /// A 四国 seat's move at `level`: the question is in `siguo`.
    Siguo,
}

/// One question to the computer player. Every field but `id` and `task` has a default, so a
/// formation request is just `{"id": 1, "task": "formation", "seed": 42}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AiRequest {
    /// Echoed in the response; [`super::client::AiClient`] numbers requests itself.
    pub id: u64,
    pub task: AiTask,
    #[serde(default)]
    pub mode: Mode,
    #[serde(default)]
    pub rules: Rules,
    /// The computer's colour; `None` in 翻棋 before colours are assigned.
    #[serde(default, with = "junqi_core::seat::rb::opt")]
    pub me: Option<Seat>,
    /// JFEN of the computer's view (`PlayerView::to_jfen`): never the referee's position.
    #[serde(default)]
    pub view: String,
    /// The public history of the game (`PlayerView::history`).
    #[serde(default)]
    pub history: Vec<PublicEvent>,
    /// 明棋/暗棋: its own formation as a deployment string, to replay the history against.
    #[serde(default)]
    pub own: Option<String>,
    /// Strength 1..=5 (`junqi_ai::LEVELS`).
    #[serde(default = "default_level")]
    pub level: u8,
    /// The game's seed for the computer: same request, same answer.
    #[serde(default)]
    pub seed: u64,
    /// 四国: the seat's view and the public record (task `siguo`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub siguo: Option<super::siguo::SiguoAsk>,
}

fn default_level() -> u8 {
    DEFAULT_LEVEL
}

/// The answer to one [`AiRequest`]. Exactly one of `action`, `formation`, `error` is set, except
/// that a move or hint request in a position without a legal action answers all three `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AiResponse {
    pub id: u64,
    /// The chosen action in its string form (`junqi_core::Action`'s `Display`/`FromStr`).
    #[serde(default)]
    pub action: Option<String>,
    /// The formation as a deployment string (`junqi_core::Deployment`'s `Display`/`FromStr`).
    #[serde(default)]
    pub formation: Option<String>,
    /// Why there is no answer (bad request, bad JFEN, a crashed worker…).
    #[serde(default)]
    pub error: Option<String>,
}

impl AiResponse {
    /// An error answer to request `id`.
    pub fn failed(id: u64, message: impl Into<String>) -> AiResponse {
        AiResponse {
            id,
            error: Some(message.into()),
            ..AiResponse::default()
        }
    }
}

impl AiRequest {
    /// A request about `view` (the computer's own view, e.g. `game.view(Some(color))`, or
    /// `game.view(None)` in 翻棋 before colours are assigned), with its history.
    pub fn from_view(
        task: AiTask,
        view: &PlayerView,
        own: Option<&Deployment>,
        level: u8,
        seed: u64,
    ) -> AiRequest {
        AiRequest {
            id: 0,
            task,
            mode: view.mode,
            rules: view.rules,
            me: view.me,
            view: view.to_jfen(),
            history: view.history.clone(),
            own: own.map(Deployment::to_string),
            level,
            seed,
            siguo: None,
        }
    }

    /// A 四国 seat's move request.
    pub fn siguo(ask: super::siguo::SiguoAsk, level: u8, seed: u64) -> AiRequest {
        AiRequest {
            id: 0,
            task: AiTask::Siguo,
            mode: Mode::Dark,
            rules: Rules::default(),
            me: None,
            view: String::new(),
            history: Vec::new(),
            own: None,
            level,
            seed,
            siguo: Some(ask),
        }
    }

    /// A request for a formation from `seed`.
    pub fn formation(seed: u64) -> AiRequest {
        AiRequest {
            id: 0,
            task: AiTask::Formation,
            mode: Mode::Open,
            rules: Rules::default(),
            me: None,
            view: String::new(),
            history: Vec::new(),
            own: None,
            level: DEFAULT_LEVEL,
            seed,
            siguo: None,
        }
    }

    /// The view the request describes, rebuilt from its JFEN and history.
    pub fn player_view(&self) -> Result<PlayerView, String> {
        let mut view = PlayerView::from_jfen(&self.view, self.me, self.mode, self.rules)
            .map_err(|e| format!("bad view: {e}"))?;
        view.history = self.history.clone();
        Ok(view)
    }
}

/// Answers a request: rebuilds the view and asks `junqi-ai`. Never panics on bad input; the
/// answer is a pure function of the request (minus `id`, which is echoed).
pub fn answer(req: &AiRequest) -> AiResponse {
    match try_answer(req) {
        Ok(res) => res,
        Err(e) => AiResponse::failed(req.id, e),
    }
}

fn try_answer(req: &AiRequest) -> Result<AiResponse, String> {
    let mut res = AiResponse {
        id: req.id,
        ..AiResponse::default()
    };
    if req.task == AiTask::Formation {
        res.formation = Some(deploy::formation(req.seed).to_string());
        return Ok(res);
    }
    if req.task == AiTask::Siguo {
        let ask = req
            .siguo
            .as_ref()
            .ok_or("a siguo request without its question")?;
        res.action = super::siguo::answer(ask, req.level, req.seed)?;
        return Ok(res);
    }
    let view = req.player_view()?;
    let own: Option<Deployment> = match &req.own {
        Some(text) => Some(
            text.parse()
                .map_err(|e| format!("bad own formation: {e}"))?,
        ),
        None => None,
    };
    let ctx = Context {
        own: own.as_ref(),
        seed: req.seed,
    };
    let action = match req.task {
        AiTask::Hint => hint(&view, &ctx),
        _ => {
            let lvl = level(req.level).ok_or_else(|| format!("no level {} (1 to 5)", req.level))?;
            choose(&view, &lvl, &ctx, &mut NodeBudget(u64::MAX))
        }
    };
    res.action = action.map(|a| a.to_string());
    Ok(res)
}

/// Answers a request given as JSON with a response as JSON: what the worker runs on every
/// message. A request that does not parse gets an error answer (with its `id` if one can be read).
pub fn answer_json(text: &str) -> String {
    let res = match serde_json::from_str::<AiRequest>(text) {
        Ok(req) => answer(&req),
        Err(e) => {
            let id = serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|v| v.get("id").and_then(serde_json::Value::as_u64))
                .unwrap_or(0);
            AiResponse::failed(id, format!("bad request: {e}"))
        }
    };
    serde_json::to_string(&res).unwrap_or_else(|_| String::from(r#"{"id":0,"error":"encoding"}"#))
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_ai::{with_flip_pool, LEVELS};
    use junqi_core::{Action, Game, Setup};

    fn open_game(mode: Mode) -> Game {
        let setup = match mode {
            Mode::Flip => Setup::Shuffle { seed: 5 },
            _ => Setup::Deployments {
                red: deploy::formation(11),
                black: deploy::formation(12),
            },
        };
        Game::new(mode, Rules::default(), setup).unwrap()
    }

    fn own(game: &Game, color: Option<Seat>) -> Option<Deployment> {
        match (game.setup(), color) {
            (Setup::Deployments { red, .. }, Some(Seat::RED)) => Some(red.clone()),
            (Setup::Deployments { black, .. }, Some(Seat::BLACK)) => Some(black.clone()),
            _ => None,
        }
    }

    /// Plays `plies` plies of level-1 self-play.
    fn advance(game: &mut Game, plies: usize) {
        for i in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            let turn = game.position().turn();
            let view = game.view(turn);
            let d = own(game, turn);
            let ctx = Context {
                own: d.as_ref(),
                seed: i as u64,
            };
            let a = choose(&view, &LEVELS[0], &ctx, &mut NodeBudget(u64::MAX)).unwrap();
            game.play(a).unwrap();
        }
    }

    fn request_for(game: &Game, task: AiTask, level: u8) -> AiRequest {
        let me = game.position().turn();
        let view = game.view(me);
        AiRequest::from_view(task, &view, own(game, me).as_ref(), level, 99)
    }

    fn assert_legal(game: &Game, res: &AiResponse) {
        assert_eq!(res.error, None);
        let action: Action = res.action.as_deref().expect("an action").parse().unwrap();
        assert!(
            game.position().legal_actions().contains(&action),
            "{action} is not legal in {}",
            game.position().to_jfen()
        );
    }

    #[test]
    fn a_legal_move_in_every_mode_at_the_start_and_later() {
        for mode in Mode::ALL {
            let mut game = open_game(mode);
            for _ in 0..3 {
                for task in [AiTask::Move, AiTask::Hint] {
                    let res = answer(&request_for(&game, task, 2));
                    assert_legal(&game, &res);
                }
                advance(&mut game, 15);
            }
        }
    }

    #[test]
    fn the_request_round_trip_keeps_what_the_ai_sees() {
        // Same choice through the protocol as on the original view.
        for mode in Mode::ALL {
            let mut game = open_game(mode);
            for _ in 0..3 {
                advance(&mut game, 12);
                let me = game.position().turn();
                let view = game.view(me);
                let d = own(&game, me);
                let ctx = Context {
                    own: d.as_ref(),
                    seed: 99,
                };
                let direct = choose(&view, &LEVELS[1], &ctx, &mut NodeBudget(u64::MAX));
                let req = request_for(&game, AiTask::Move, 2);
                let rebuilt = req.player_view().unwrap();
                assert_eq!(
                    with_flip_pool(&rebuilt).legal_actions(),
                    with_flip_pool(&view).legal_actions(),
                    "{mode}"
                );
                let via = answer(&req).action;
                assert_eq!(via, direct.map(|a| a.to_string()), "{mode}");
            }
        }
    }

    #[test]
    fn the_same_request_gets_the_same_answer() {
        let mut game = open_game(Mode::Dark);
        advance(&mut game, 10);
        let req = request_for(&game, AiTask::Move, 3);
        let first = answer(&req);
        assert_eq!(answer(&req), first);
        // Through JSON too, as the worker sees it.
        let json = serde_json::to_string(&req).unwrap();
        let back: AiResponse = serde_json::from_str(&answer_json(&json)).unwrap();
        assert_eq!(back, first);
    }

    #[test]
    fn formations_are_valid_and_seeded() {
        let res = answer(&AiRequest::formation(42));
        assert_eq!(res.error, None);
        let d: Deployment = res.formation.as_deref().unwrap().parse().unwrap();
        assert!(d.is_valid());
        assert_eq!(d, deploy::formation(42));
        let json = answer_json(r#"{"id": 3, "task": "formation", "seed": 42}"#);
        let back: AiResponse = serde_json::from_str(&json).unwrap();
        assert_eq!(back.id, 3);
        assert_eq!(back.formation, res.formation);
    }

    #[test]
    fn bad_requests_get_errors_not_panics() {
        let mut req = request_for(&open_game(Mode::Open), AiTask::Move, 3);
        req.id = 5;
        for bad in ["", "garbage", "llbfb r", "x/x/x/x r 0 1", "ffff/ffff r 0 1"] {
            req.view = bad.to_string();
            let res = answer(&req);
            assert_eq!(res.id, 5);
            assert!(
                res.error.as_deref().unwrap().starts_with("bad view"),
                "{res:?}"
            );
            assert_eq!(res.action, None);
        }
        let mut req = request_for(&open_game(Mode::Dark), AiTask::Move, 9);
        assert!(answer(&req).error.unwrap().contains("level"));
        req.level = 3;
        req.own = Some("not a formation".into());
        assert!(answer(&req).error.unwrap().starts_with("bad own formation"));

        let res: AiResponse = serde_json::from_str(&answer_json("{not json")).unwrap();
        assert!(res.error.unwrap().starts_with("bad request"));
        let res: AiResponse =
            serde_json::from_str(&answer_json(r#"{"id": 8, "task": "dance"}"#)).unwrap();
        assert_eq!(res.id, 8);
        assert!(res.error.is_some());
    }

    #[test]
    fn no_action_when_it_is_not_the_computers_turn() {
        let game = open_game(Mode::Open);
        let view = game.view(Some(Seat::BLACK));
        let res = answer(&AiRequest::from_view(AiTask::Move, &view, None, 3, 1));
        assert_eq!(
            res,
            AiResponse {
                id: 0,
                ..AiResponse::default()
            }
        );
    }
}

/// The page's path end to end, natively: a random player against level 1 in every mode, each
/// answer going through JSON both ways and checked against the referee's legal actions.
#[cfg(test)]
mod round_trip {
    use super::*;
    use junqi_core::{Game, Setup};

    #[test]
    fn ai_answers_are_always_legal() {
        let mut bad = 0;
        for seed in 0..10u64 {
            for mode in [Mode::Open, Mode::Dark, Mode::Flip] {
                let setup = match mode {
                    Mode::Flip => Setup::Shuffle { seed },
                    _ => Setup::Deployments {
                        red: deploy::formation(seed * 2 + 1),
                        black: deploy::formation(seed * 2 + 2),
                    },
                };
                let mut g = Game::new(mode, Rules::default(), setup.clone()).unwrap();
                let mut rng = junqi_core::rng::SplitMix64::new(seed);
                for ply in 0..400 {
                    if g.outcome().is_some() {
                        break;
                    }
                    let legal = g.position().legal_actions();
                    if legal.is_empty() {
                        break;
                    }
                    let turn = g.position().turn();
                    let a = if ply % 2 == 0 {
                        legal[(rng.next_u64() % legal.len() as u64) as usize]
                    } else {
                        let view = g.view(turn);
                        let own = match (&setup, turn) {
                            (Setup::Deployments { red, .. }, Some(Seat::RED)) => Some(red.clone()),
                            (Setup::Deployments { black, .. }, Some(Seat::BLACK)) => {
                                Some(black.clone())
                            }
                            _ => None,
                        };
                        let mut req =
                            AiRequest::from_view(AiTask::Move, &view, own.as_ref(), 1, seed);
                        req.id = 1;
                        let json = serde_json::to_string(&req).unwrap();
                        let res: AiResponse = serde_json::from_str(&answer_json(&json)).unwrap();
                        match res
                            .action
                            .and_then(|a| a.parse::<junqi_core::Action>().ok())
                        {
                            Some(a) if legal.contains(&a) => a,
                            other => {
                                bad += 1;
                                eprintln!(
                                    "seed {seed} {mode:?} ply {ply}: {other:?} err {:?}",
                                    res.error
                                );
                                break;
                            }
                        }
                    };
                    g.play(a).unwrap();
                }
            }
        }
        assert_eq!(bad, 0);
    }
}

/// Fuzzing of what the worker runs on every message: random views and histories, random
/// fields, random bytes. `answer_json` never panics and always answers with a response that
/// parses, echoes the id it could read and says what was wrong.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod fuzz {
    use super::*;
    use junqi_core::rng::SplitMix64;
    use junqi_core::{Action, ActionResult, Game, Piece, Point, Role, Setup};
    use proptest::prelude::*;

    const RESULTS: [ActionResult; 7] = [
        ActionResult::Move,
        ActionResult::Win,
        ActionResult::Lose,
        ActionResult::Both,
        ActionResult::Capture,
        ActionResult::Scout,
        ActionResult::Flip,
    ];

    fn point(rng: &mut SplitMix64) -> Point {
        Point::new(rng.below(60) as usize).unwrap_or_else(|| Point::all().next().unwrap())
    }

    fn color(rng: &mut SplitMix64) -> Option<Seat> {
        [None, Some(Seat::RED), Some(Seat::BLACK)][rng.below(3) as usize]
    }

    fn piece(rng: &mut SplitMix64) -> Piece {
        let c = if rng.below(2) == 0 {
            Seat::RED
        } else {
            Seat::BLACK
        };
        Piece::new(c, Role::ALL[rng.below(Role::ALL.len() as u64) as usize])
    }

    /// A public event made of random parts: nothing in it need be true of any game.
    fn random_event(rng: &mut SplitMix64) -> PublicEvent {
        let action = if rng.below(3) == 0 {
            Action::Flip(point(rng))
        } else {
            Action::Move {
                from: point(rng),
                to: point(rng),
            }
        };
        PublicEvent {
            ply: match rng.below(4) {
                0 => rng.next_u64() as u32,
                _ => rng.below(80) as u32,
            },
            by: color(rng),
            action: (rng.below(8) > 0).then_some(action),
            result: RESULTS[rng.below(RESULTS.len() as u64) as usize],
            removed: (0..rng.below(4)).map(|_| point(rng)).collect(),
            revealed: (0..rng.below(4))
                .map(|_| (point(rng), piece(rng)))
                .collect(),
            assigned: color(rng),
            left: Vec::new(),
            carried: None,
        }
    }

    fn random_rules(rng: &mut SplitMix64) -> Rules {
        let mut rules = Rules::default();
        for name in Rules::NAMES {
            if rng.below(3) == 0 {
                if let Some(b) = rules.switch_mut(name) {
                    *b = true;
                }
            }
        }
        rules
    }

    /// A request about a real game after some random plies, then damaged at random: its
    /// history cut, shuffled, extended with random events or replaced by them; the mode, the
    /// colour, the formation, the level or the rules changed.
    fn random_request(seed: u64) -> AiRequest {
        let mut rng = SplitMix64::new(seed);
        let mode = Mode::ALL[rng.below(3) as usize];
        let rules = random_rules(&mut rng);
        let setup = match mode {
            Mode::Flip => Setup::Shuffle { seed },
            _ => Setup::Deployments {
                red: Deployment::random(seed),
                black: Deployment::random(!seed),
            },
        };
        let Ok(mut game) = Game::new(mode, rules, setup.clone()) else {
            return AiRequest::formation(seed);
        };
        for _ in 0..rng.below(120) {
            let legal = game.position().legal_actions();
            if game.outcome().is_some() || legal.is_empty() {
                break;
            }
            let a = legal[rng.below(legal.len() as u64) as usize];
            if game.play(a).is_err() {
                break;
            }
        }
        let me = match rng.below(4) {
            0 => color(&mut rng),
            _ => game.position().turn(),
        };
        let own = match (&setup, me) {
            (Setup::Deployments { red, .. }, Some(Seat::RED)) => Some(red.clone()),
            (Setup::Deployments { black, .. }, Some(Seat::BLACK)) => Some(black.clone()),
            _ => None,
        };
        let level = match rng.below(8) {
            0 => rng.next_u64() as u8,
            _ => 1 + rng.below(2) as u8,
        };
        let task =
            [AiTask::Move, AiTask::Move, AiTask::Hint, AiTask::Formation][rng.below(4) as usize];
        let mut req = AiRequest::from_view(task, &game.view(me), own.as_ref(), level, seed);
        req.id = rng.next_u64();
        let events = |rng: &mut SplitMix64, n: u64| -> Vec<PublicEvent> {
            (0..rng.below(n)).map(|_| random_event(rng)).collect()
        };
        match rng.below(6) {
            0 => req.history = events(&mut rng, 40),
            1 => {
                let extra = events(&mut rng, 5);
                req.history.extend(extra);
            }
            2 => {
                let keep = rng.below(req.history.len() as u64 + 1) as usize;
                req.history.truncate(keep);
            }
            3 => {
                let n = req.history.len();
                for i in (1..n).rev() {
                    req.history.swap(i, rng.below(i as u64 + 1) as usize);
                }
            }
            _ => {}
        }
        match rng.below(8) {
            0 => req.mode = Mode::ALL[rng.below(3) as usize],
            1 => req.me = color(&mut rng),
            2 => req.own = Some(Deployment::random(rng.next_u64()).to_string()),
            3 => req.own = None,
            4 => req.rules = random_rules(&mut rng),
            _ => {}
        }
        req
    }

    /// The answer to `text` is a response that parses; an error is a sentence, not empty.
    fn check(text: &str) -> AiResponse {
        let out = answer_json(text);
        let res: AiResponse = serde_json::from_str(&out).expect("the answer parses");
        if let Some(e) = &res.error {
            assert!(!e.trim().is_empty());
        }
        res
    }

    /// A character of a JFEN, or near one.
    fn jfen_char() -> impl Strategy<Value = char> {
        prop::sample::select(
            "MGDBRNCPEZLFmgdbrncpezlfXx?123456789/ rb-0"
                .chars()
                .collect::<Vec<_>>(),
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

        #[test]
        fn damaged_requests_about_real_games(seed in any::<u64>()) {
            let req = random_request(seed);
            let json = serde_json::to_string(&req).unwrap();
            let res = check(&json);
            prop_assert_eq!(res.id, req.id);
            // An answer is legal in the view as the request describes it.
            if let (Some(a), Ok(view)) = (&res.action, req.player_view()) {
                let a: Action = a.parse().unwrap();
                prop_assert!(
                    junqi_ai::with_flip_pool(&view).legal_actions().contains(&a),
                    "{} in {}", a, req.view
                );
            }
        }

        #[test]
        fn random_views(
            rows in prop::collection::vec(prop::collection::vec(jfen_char(), 0..8), 0..14),
            tail in prop::collection::vec(jfen_char(), 0..12),
            seed in any::<u64>(),
        ) {
            let board: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
            let mut req = random_request(seed);
            req.view = format!("{} {}", board.join("/"), tail.iter().collect::<String>());
            let res = check(&serde_json::to_string(&req).unwrap());
            prop_assert_eq!(res.id, req.id);
            if req.task != AiTask::Formation && res.error.is_none() {
                prop_assert!(req.player_view().is_ok());
            }
        }

        #[test]
        fn random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
            let text = String::from_utf8_lossy(&bytes);
            let res = check(&text);
            prop_assert!(res.error.is_some() || serde_json::from_str::<AiRequest>(&text).is_ok());
        }

        #[test]
        fn a_real_request_with_bytes_changed(
            seed in any::<u64>(),
            edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6),
        ) {
            let mut bytes = serde_json::to_string(&random_request(seed)).unwrap().into_bytes();
            for (at, b) in edits {
                let i = at.index(bytes.len());
                bytes[i] = b;
            }
            check(&String::from_utf8_lossy(&bytes));
        }
    }
}
