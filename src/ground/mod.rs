//! The headless board: geometry, the drawing and render models, gestures and animation plans;
//! no Leptos and no DOM.

pub mod anim;
pub mod cross;
pub mod drag;
pub mod geometry;
pub mod label;
pub mod layout;
pub mod pick;
pub mod preview;
pub mod render;
pub mod setup;
pub mod shape;
pub mod siguo_geometry;
