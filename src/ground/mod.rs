//! The headless board: geometry and the drawing model, no Leptos and no DOM.

pub mod geometry;
pub mod layout;
