//! The boards and what is drawn on them: the 2-player board (`facing`), the cross (`cross`),
//! pieces, the effects layer, the hint and preview marks, the trays of removed pieces.

pub mod assist;
pub mod cross;
pub mod facing;
pub mod fx;
pub mod piece;
pub mod trays;
