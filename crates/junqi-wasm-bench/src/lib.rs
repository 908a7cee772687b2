//! Perft from the classic start as a bare WebAssembly export, so node can time the rules core
//! compiled to wasm without any JS glue: `perft_classic(depth) -> leaves` on the 2-player
//! engine, `perft_general_classic(depth) -> leaves` on the general engine's 2-player board.

use junqi_core::siguo::{self, Board, SiguoRules};
use junqi_core::{Deployment, Position, Seat, CLASSIC_START};

/// Leaves of the legal-action tree from the classic start (0 if the start fails to parse).
#[no_mangle]
pub extern "C" fn perft_classic(depth: u32) -> u64 {
    Position::from_jfen(CLASSIC_START).map_or(0, |p| p.perft(depth))
}

/// The same count on the general engine (the one 四国 plays on), the 2-player board named
/// `a1` … `e12`, Red (seat 0) classic-1 and Black classic-2.
#[no_mangle]
pub extern "C" fn perft_general_classic(depth: u32) -> u64 {
    let mut start = siguo::Position::empty_on(Board::shared_two_player(), SiguoRules::default());
    start.deploy(Seat::S, &Deployment::classic_1());
    start.deploy(Seat::E, &Deployment::classic_2());
    start.perft(depth)
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_match_rules() {
        assert_eq!(super::perft_classic(3), 36_564);
        assert_eq!(super::perft_general_classic(3), 36_564);
    }
}
