//! QR codes of invitations ([`super::invite`]), drawn as SVG with the `qrcode` crate.

use qrcode::render::svg;
use qrcode::{Color, EcLevel, QrCode};

fn code(text: &str) -> Option<QrCode> {
    // Level M: a code read off a phone's screen by another phone's camera survives glare.
    QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()
}

/// The QR code of `text` as an SVG document, with its quiet zone; `None` if the text is too
/// long for any QR code.
pub fn svg(text: &str) -> Option<String> {
    Some(
        code(text)?
            .render::<svg::Color>()
            .min_dimensions(240, 240)
            .quiet_zone(true)
            .build(),
    )
}

/// The modules of the code of `text`: its width, and for each module row by row whether it is
/// dark.
pub fn modules(text: &str) -> Option<(usize, Vec<bool>)> {
    let code = code(text)?;
    let dark = code
        .to_colors()
        .into_iter()
        .map(|c| c == Color::Dark)
        .collect();
    Some((code.width(), dark))
}
