//! Playing a friend on another device: the invitation the two players pass between their
//! devices ([`invite`], [`qr`]) and the direct connection it sets up ([`link`], held for the page by [`peer`]). The game
//! itself travels as the messages of `junqi-duel` (docs/duel-protocol.md).

pub mod invite;
#[cfg(target_arch = "wasm32")]
pub mod link;
pub mod peer;
pub mod qr;
pub mod said;
pub mod scan;

/// Public STUN servers offered by default; a player may change or clear the list (on one
/// network none is needed, and with none no request leaves the local network).
pub const DEFAULT_STUN: &[&str] = &[
    "stun:stun.l.google.com:19302",
    "stun:stun.cloudflare.com:3478",
];

/// Whether `url` names a STUN server (`stun:host[:port]`; no other kind of server is used).
pub fn is_stun_url(url: &str) -> bool {
    url.strip_prefix("stun:").is_some_and(|rest| {
        !rest.is_empty()
            && rest
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
    })
}

/// The STUN list typed by a player, one a line: the STUN addresses in it, and the lines that
/// are not one.
pub fn read_stun_list(text: &str) -> (Vec<String>, Vec<String>) {
    let lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let (ok, bad): (Vec<&str>, Vec<&str>) = lines.partition(|l| is_stun_url(l));
    (
        ok.into_iter().map(String::from).collect(),
        bad.into_iter().map(String::from).collect(),
    )
}

/// What the connection tells its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkEvent {
    /// The channel is open: messages can go both ways.
    Open,
    /// A message from the other device.
    Message(String),
    /// The connection is gone (closed by either side, or the network dropped).
    Closed,
}
