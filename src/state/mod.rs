//! App state: the game as the app referees it, settings, new-game choices, formations,
//! the replay viewer and the player's results.

pub mod config;
pub mod controller;
pub mod game;
pub mod notebook;
pub mod presets;
pub mod remote_saves;
pub mod replay;
pub mod saves;
pub mod seeds;
pub mod settings;
pub mod siguo;
pub mod stats;
pub mod storage;
pub mod store;
pub mod tabs;
pub mod watch;
