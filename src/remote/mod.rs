//! Playing a friend on another device: the invitation the two players pass between their
//! devices ([`invite`], [`qr`]) and the direct connection it sets up ([`link`]). The game
//! itself travels as the messages of `junqi-duel` (docs/duel-protocol.md).

pub mod invite;
#[cfg(target_arch = "wasm32")]
pub mod link;
pub mod qr;
