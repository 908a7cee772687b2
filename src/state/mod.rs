//! App state: the game as the app referees it, settings, new-game choices, formations.

pub mod config;
pub mod game;
pub mod presets;
pub mod saves;
pub mod settings;
pub mod storage;
pub mod store;
