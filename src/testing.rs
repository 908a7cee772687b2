//! What the app's native tests share: a game from the classic formations.

/// A game of `mode` from the classic formations (翻棋: a fixed shuffle), for the tests of the
/// board's words and models.
pub(crate) fn classic_game(mode: junqi_core::Mode) -> junqi_core::Game {
    use junqi_core::{Deployment, Game, Mode, Rules, Setup};
    let setup = match mode {
        Mode::Flip => Setup::Shuffle { seed: 7 },
        _ => Setup::Deployments {
            red: Deployment::classic_1(),
            black: Deployment::classic_2(),
        },
    };
    Game::new(mode, Rules::default(), setup).unwrap()
}
