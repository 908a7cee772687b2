//! 四国 in the app: the new-game choices ([`SiguoConfig`]), the game as the app referees it
//! ([`Table`]) and the session around it ([`session::Session`]: the hand at the board, hand-overs,
//! computer turns, clocks and the end, answering with effects), plain Rust tested natively, and
//! its saved form ([`save`]). The Leptos signals
//! around it live in `store.rs`; the screens in `components/play/cross.rs` (the table),
//! `components/newgame/cross_options.rs`, `components/setup/cross_map.rs` and
//! `components/records/cross_games.rs`.

mod arrange;
mod config;
pub mod hand;
pub mod save;
pub mod session;
#[cfg(test)]
mod session_tests;
pub mod stats;
pub mod store;
mod table;
#[cfg(test)]
mod tests;
pub mod watch;

pub use config::{SeatPlayer, SiguoConfig};
pub use store::SiguoStore;
pub use table::{Met, Row, SeatSummary, Table};
