//! Perft from the classic start as a bare WebAssembly export, so node can time the rules core
//! compiled to wasm without any JS glue: `perft_classic(depth) -> leaves`.

use junqi_core::{Position, CLASSIC_START};

/// Leaves of the legal-action tree from the classic start (0 if the start fails to parse).
#[no_mangle]
pub extern "C" fn perft_classic(depth: u32) -> u64 {
    Position::from_jfen(CLASSIC_START).map_or(0, |p| p.perft(depth))
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_match_rules() {
        assert_eq!(super::perft_classic(3), 36_564);
    }
}
