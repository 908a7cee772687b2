//! Leptos components: they draw state and emit actions, nothing more.

pub mod board;
