//! Leptos components: they draw state and emit actions, nothing more.

pub mod assist;
pub mod avatar;
pub mod board;
pub mod colour_flip;
pub mod course;
pub mod fx;
pub mod goal;
pub mod grownup;
pub mod lesson;
pub mod newgame;
pub mod overlays;
pub mod panel;
pub mod piece;
pub mod play;
pub mod profile;
pub mod records;
pub mod replay;
pub mod rules;
pub mod setup;
pub mod share;
pub mod siguo;
pub mod siguo_board;
pub mod trays;
