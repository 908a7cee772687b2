//! The text two players pass between their devices to connect them: a WebRTC offer or answer
//! cut down to what a data channel needs, so that it fits one QR code and one short link.
//!
//! A browser's session description for a data channel is mostly fixed text. What differs per
//! connection is the ICE user fragment and password, the DTLS certificate's SHA-256
//! fingerprint, the setup role, and the candidates (addresses and ports). [`Invite::from_sdp`]
//! keeps exactly those, [`Invite::to_text`] packs them into a few dozen bytes written in
//! base64url, and [`Invite::to_sdp`] writes a description the other browser accepts.
//!
//! Hand-written because no kept crate packs session descriptions this way; the format is
//! versioned (its first byte), and anything malformed is refused with a reason.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

/// The version of the packed text.
const VERSION: u8 = 1;

/// Offer (from the inviting device) or answer (from the one that joins).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Offer,
    Answer,
}

/// Where a candidate can be reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Address {
    V4(Ipv4Addr),
    V6(Ipv6Addr),
    /// A browser's private name for a local address (`<uuid>.local`), as 16 bytes.
    Mdns([u8; 16]),
}

/// One ICE candidate, UDP only (a data channel needs no more).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub address: Address,
    pub port: u16,
    pub priority: u32,
    /// `host` (false) or `srflx` (true): an address a STUN server saw.
    pub reflexive: bool,
}

/// What a data channel's offer or answer needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    pub kind: Kind,
    pub ufrag: String,
    pub pwd: String,
    pub fingerprint: [u8; 32],
    pub candidates: Vec<Candidate>,
}

/// Why a text or a description was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InviteError(pub String);

impl fmt::Display for InviteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a game invitation: {}", self.0)
    }
}

fn bad(why: impl Into<String>) -> InviteError {
    InviteError(why.into())
}

fn mdns_bytes(name: &str) -> Option<[u8; 16]> {
    let hex: String = name.strip_suffix(".local")?.split('-').collect();
    if hex.len() != 32 {
        return None;
    }
    let mut out = [0u8; 16];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

fn mdns_name(b: &[u8; 16]) -> String {
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}.local",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

impl Invite {
    /// Reads what matters from a browser's session description.
    pub fn from_sdp(kind: Kind, sdp: &str) -> Result<Invite, InviteError> {
        let mut ufrag = None;
        let mut pwd = None;
        let mut fingerprint = None;
        let mut candidates = Vec::new();
        for line in sdp.lines().map(str::trim) {
            if let Some(v) = line.strip_prefix("a=ice-ufrag:") {
                ufrag = Some(v.to_string());
            } else if let Some(v) = line.strip_prefix("a=ice-pwd:") {
                pwd = Some(v.to_string());
            } else if let Some(v) = line.strip_prefix("a=fingerprint:sha-256 ") {
                let bytes: Option<Vec<u8>> = v
                    .split(':')
                    .map(|x| u8::from_str_radix(x, 16).ok())
                    .collect();
                fingerprint = bytes.and_then(|b| <[u8; 32]>::try_from(b).ok());
            } else if let Some(v) = line.strip_prefix("a=candidate:") {
                if let Some(c) = candidate(v) {
                    candidates.push(c);
                }
            }
        }
        let invite = Invite {
            kind,
            ufrag: ufrag.ok_or_else(|| bad("no ICE user fragment"))?,
            pwd: pwd.ok_or_else(|| bad("no ICE password"))?,
            fingerprint: fingerprint.ok_or_else(|| bad("no SHA-256 fingerprint"))?,
            candidates,
        };
        invite.check()?;
        Ok(invite)
    }

    /// ICE credentials are 4 to 255 characters of `A-Z a-z 0-9 + /` (RFC 8839): nothing else
    /// may reach a session description written from a pasted text.
    fn check(&self) -> Result<(), InviteError> {
        let ice = |s: &str| {
            (4..=255).contains(&s.len())
                && s.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/')
        };
        if !ice(&self.ufrag) || !ice(&self.pwd) {
            return Err(bad("ICE credentials that are not ICE characters"));
        }
        Ok(())
    }

    /// The packed text (base64url), for a QR code, a link or a message.
    pub fn to_text(&self) -> String {
        let mut b = vec![VERSION, matches!(self.kind, Kind::Answer) as u8];
        for s in [&self.ufrag, &self.pwd] {
            b.push(s.len() as u8);
            b.extend_from_slice(s.as_bytes());
        }
        b.extend_from_slice(&self.fingerprint);
        for c in self.candidates.iter().take(255) {
            let (tag, addr): (u8, Vec<u8>) = match &c.address {
                Address::V4(a) => (0, a.octets().to_vec()),
                Address::V6(a) => (1, a.octets().to_vec()),
                Address::Mdns(m) => (2, m.to_vec()),
            };
            b.push(tag | (u8::from(c.reflexive) << 4));
            b.extend_from_slice(&addr);
            b.extend_from_slice(&c.port.to_be_bytes());
            b.extend_from_slice(&c.priority.to_be_bytes());
        }
        URL_SAFE_NO_PAD.encode(b)
    }

    /// Reads a packed text; surrounding spaces and line breaks (a pasted message) are ignored.
    pub fn from_text(text: &str) -> Result<Invite, InviteError> {
        let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let b = URL_SAFE_NO_PAD
            .decode(clean.as_bytes())
            .map_err(|_| bad("not base64url"))?;
        let mut r = Reader { b: &b, at: 0 };
        if r.byte()? != VERSION {
            return Err(bad("made by another version of the game"));
        }
        let kind = match r.byte()? {
            0 => Kind::Offer,
            1 => Kind::Answer,
            _ => return Err(bad("neither offer nor answer")),
        };
        let ufrag = r.string()?;
        let pwd = r.string()?;
        let fingerprint = r.array::<32>()?;
        let mut candidates = Vec::new();
        while !r.done() {
            let tag = r.byte()?;
            let address = match tag & 0x0f {
                0 => Address::V4(Ipv4Addr::from(r.array::<4>()?)),
                1 => Address::V6(Ipv6Addr::from(r.array::<16>()?)),
                2 => Address::Mdns(r.array::<16>()?),
                _ => return Err(bad("unknown kind of address")),
            };
            let port = u16::from_be_bytes(r.array::<2>()?);
            let priority = u32::from_be_bytes(r.array::<4>()?);
            candidates.push(Candidate {
                address,
                port,
                priority,
                reflexive: tag & 0x10 != 0,
            });
        }
        let invite = Invite {
            kind,
            ufrag,
            pwd,
            fingerprint,
            candidates,
        };
        invite.check()?;
        Ok(invite)
    }

    /// A session description for a data channel that a browser accepts as the other side's.
    pub fn to_sdp(&self) -> String {
        let setup = match self.kind {
            Kind::Offer => "actpass",
            Kind::Answer => "active",
        };
        let fingerprint: Vec<String> = self
            .fingerprint
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect();
        let mut s = String::new();
        s.push_str("v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n");
        s.push_str("a=group:BUNDLE 0\r\na=msid-semantic: WMS\r\n");
        s.push_str("m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n");
        for (i, c) in self.candidates.iter().enumerate() {
            let address = match &c.address {
                Address::V4(a) => a.to_string(),
                Address::V6(a) => a.to_string(),
                Address::Mdns(m) => mdns_name(m),
            };
            let typ = if c.reflexive {
                // The related address is not needed to connect; browsers write 0.0.0.0 too.
                "srflx raddr 0.0.0.0 rport 0"
            } else {
                "host"
            };
            s.push_str(&format!(
                "a=candidate:{} 1 udp {} {} {} typ {}\r\n",
                i + 1,
                c.priority,
                address,
                c.port,
                typ
            ));
        }
        s.push_str("a=end-of-candidates\r\n");
        s.push_str(&format!(
            "a=ice-ufrag:{}\r\na=ice-pwd:{}\r\n",
            self.ufrag, self.pwd
        ));
        s.push_str(&format!(
            "a=fingerprint:sha-256 {}\r\n",
            fingerprint.join(":")
        ));
        s.push_str(&format!(
            "a=setup:{setup}\r\na=mid:0\r\na=sctp-port:5000\r\n"
        ));
        s.push_str("a=max-message-size:262144\r\n");
        s
    }
}

/// One candidate line after `a=candidate:`: `foundation component transport priority address
/// port typ kind …`. Only UDP host and server-reflexive candidates are kept.
fn candidate(v: &str) -> Option<Candidate> {
    let f: Vec<&str> = v.split_whitespace().collect();
    if f.len() < 8 || f[1] != "1" || !f[2].eq_ignore_ascii_case("udp") || f[6] != "typ" {
        return None;
    }
    let reflexive = match f[7] {
        "host" => false,
        "srflx" => true,
        _ => return None,
    };
    let address = if let Ok(a) = f[4].parse::<Ipv4Addr>() {
        Address::V4(a)
    } else if let Ok(a) = f[4].parse::<Ipv6Addr>() {
        Address::V6(a)
    } else {
        Address::Mdns(mdns_bytes(f[4])?)
    };
    Some(Candidate {
        address,
        port: f[5].parse().ok()?,
        priority: f[3].parse().ok()?,
        reflexive,
    })
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn done(&self) -> bool {
        self.at >= self.b.len()
    }

    fn take(&mut self, n: usize) -> Result<&[u8], InviteError> {
        let s = self
            .b
            .get(self.at..self.at + n)
            .ok_or_else(|| bad("cut short"))?;
        self.at += n;
        Ok(s)
    }

    fn byte(&mut self) -> Result<u8, InviteError> {
        Ok(self.take(1)?[0])
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], InviteError> {
        self.take(N)?.try_into().map_err(|_| bad("cut short"))
    }

    fn string(&mut self) -> Result<String, InviteError> {
        let n = usize::from(self.byte()?);
        String::from_utf8(self.take(n)?.to_vec()).map_err(|_| bad("not text"))
    }
}

// Native: the QR code is read back with `rqrr`, a native test dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
