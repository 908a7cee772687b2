//! The boards and what is drawn on them: the 2-player board (`facing`), the cross (`cross`),
//! the `<svg>` of either with its keys and pointer (`shell`), pieces, the effects layer, the hint and preview marks, the trays of removed pieces, the
//! controls of a game only computers play (旁观).

pub mod assist;
pub mod cross;
pub mod facing;
pub mod fx;
pub mod keys;
pub mod piece;
pub mod pointer;
pub mod points;
pub mod shell;
pub mod trays;
pub mod watch;

use crate::ground::geometry::ScreenRect;

/// Where an element of a board (its `<svg>`) stands on the screen, in CSS pixels.
pub fn screen_rect(el: &web_sys::Element) -> ScreenRect {
    let r = el.get_bounding_client_rect();
    ScreenRect {
        left: r.left(),
        top: r.top(),
        width: r.width(),
        height: r.height(),
    }
}
