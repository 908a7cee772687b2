use super::*;

/// An offer and its answer as headless Chromium wrote them for a data channel (addresses
/// hidden behind mDNS names, as browsers do by default).
const OFFER: &str = "v=0\r\no=- 8042219394718330290 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n\
a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n\
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n\
a=candidate:636700306 1 udp 2113937151 25e46db3-b680-4488-9c85-70b6cd081ea0.local 45319 typ host generation 0 network-cost 999\r\n\
a=candidate:4002776946 1 udp 2113942271 0b81047d-b9f0-41a5-ba66-366a8bee2815.local 41705 typ host generation 0 network-cost 999\r\n\
a=ice-ufrag:Lup0\r\na=ice-pwd:JE0HB9WmrW9NWEwODluzpwNt\r\na=ice-options:trickle\r\n\
a=fingerprint:sha-256 74:BE:A1:D5:F4:9F:20:9F:BB:DF:D2:FC:67:E0:37:B0:9C:64:48:17:B6:AF:73:9C:06:08:87:47:77:C9:D4:75\r\n\
a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

/// A description with a plain address, an IPv6 one, a reflexive one, and lines to drop.
const MIXED: &str = "v=0\r\n\
a=candidate:1 1 udp 2122260223 192.168.1.20 50000 typ host generation 0\r\n\
a=candidate:2 1 udp 2122262783 fd00::1:2 50001 typ host generation 0\r\n\
a=candidate:3 1 udp 1686052607 203.0.113.7 61000 typ srflx raddr 192.168.1.20 rport 50000\r\n\
a=candidate:4 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active\r\n\
a=candidate:5 2 udp 2122260222 192.168.1.20 50002 typ host\r\n\
a=candidate:6 1 udp 41885439 198.51.100.9 3478 typ relay raddr 0.0.0.0 rport 0\r\n\
a=ice-ufrag:abcd\r\na=ice-pwd:0123456789abcdefghijklmn\r\n\
a=fingerprint:sha-256 00:01:02:03:04:05:06:07:08:09:0A:0B:0C:0D:0E:0F:10:11:12:13:14:15:16:17:18:19:1A:1B:1C:1D:1E:FF\r\n";

#[test]
fn an_offer_packs_small_and_unpacks_to_the_same() {
    let invite = Invite::from_sdp(Kind::Offer, OFFER).unwrap();
    assert_eq!(invite.ufrag, "Lup0");
    assert_eq!(invite.pwd, "JE0HB9WmrW9NWEwODluzpwNt");
    assert_eq!(invite.fingerprint[0], 0x74);
    assert_eq!(invite.candidates.len(), 2);
    assert_eq!(invite.candidates[0].port, 45319);
    let text = invite.to_text();
    // Small enough for a QR code a phone camera reads at once, and for a short link.
    assert!(text.len() < 160, "{} characters", text.len());
    assert_eq!(Invite::from_text(&text), Ok(invite.clone()));
    // A pasted text may come wrapped and indented.
    let pasted = format!("  {}\n{}  \n", &text[..40], &text[40..]);
    assert_eq!(Invite::from_text(&pasted), Ok(invite.clone()));
    // The description written back names the same connection.
    let sdp = invite.to_sdp();
    for needed in [
        "a=ice-ufrag:Lup0",
        "a=ice-pwd:JE0HB9WmrW9NWEwODluzpwNt",
        "a=fingerprint:sha-256 74:BE:A1:D5:F4:9F:20:9F:BB:DF:D2:FC:67:E0:37:B0:9C:64:48:17:B6:AF:73:9C:06:08:87:47:77:C9:D4:75",
        "25e46db3-b680-4488-9c85-70b6cd081ea0.local 45319 typ host",
        "a=setup:actpass",
        "webrtc-datachannel",
    ] {
        assert!(sdp.contains(needed), "{needed} missing from\n{sdp}");
    }
    assert_eq!(Invite::from_sdp(Kind::Offer, &sdp), Ok(invite));
}

#[test]
fn only_udp_host_and_reflexive_candidates_of_the_first_component_are_kept() {
    let invite = Invite::from_sdp(Kind::Answer, MIXED).unwrap();
    let kept: Vec<(String, u16, bool)> = invite
        .candidates
        .iter()
        .map(|c| {
            let a = match &c.address {
                Address::V4(a) => a.to_string(),
                Address::V6(a) => a.to_string(),
                Address::Mdns(_) => "mdns".into(),
            };
            (a, c.port, c.reflexive)
        })
        .collect();
    assert_eq!(
        kept,
        vec![
            ("192.168.1.20".to_string(), 50000, false),
            ("fd00::1:2".to_string(), 50001, false),
            ("203.0.113.7".to_string(), 61000, true),
        ]
    );
    let back = Invite::from_text(&invite.to_text()).unwrap();
    assert_eq!(back, invite);
    assert!(back.to_sdp().contains("a=setup:active"));
    assert!(back.to_sdp().contains("203.0.113.7 61000 typ srflx"));
}

#[test]
fn malformed_texts_are_refused_with_a_reason_and_never_panic() {
    for text in ["", "!!!", "AQ", "AgA", "AQIEYWJjZA"] {
        assert!(Invite::from_text(text).is_err(), "{text}");
    }
    let text = Invite::from_sdp(Kind::Offer, OFFER).unwrap().to_text();
    // Every cut of a valid text is refused or reads as some invitation, never a panic.
    let bytes = URL_SAFE_NO_PAD.decode(text.as_bytes()).unwrap();
    for n in 0..bytes.len() {
        let cut = URL_SAFE_NO_PAD.encode(&bytes[..n]);
        let _ = Invite::from_text(&cut);
    }
    // Another version of the game says so.
    let mut other = bytes.clone();
    other[0] = 9;
    let err = Invite::from_text(&URL_SAFE_NO_PAD.encode(other)).unwrap_err();
    assert!(err.to_string().contains("another version"), "{err}");
    // Descriptions without credentials are refused.
    assert!(Invite::from_sdp(Kind::Offer, "v=0\r\n").is_err());
    // Credentials that would write lines of their own into a description are refused.
    let mut sneaky = Invite::from_sdp(Kind::Offer, OFFER).unwrap();
    sneaky.pwd = "JE0HB9WmrW9N\r\na=setup:passive".into();
    assert!(Invite::from_text(&sneaky.to_text()).is_err());
}

/// Reads a QR code back as a camera would see it: 4 pixels a module, a quiet zone of 4.
fn scanned(text: &str) -> String {
    let svg = super::super::qr::svg(text).unwrap();
    assert!(
        svg.starts_with("<?xml") || svg.starts_with("<svg"),
        "{}",
        &svg[..40]
    );
    let (width, dark) = super::super::qr::modules(text).unwrap();
    let scale = 4;
    let side = (width + 8) * scale;
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(side, side, |x, y| {
        let (mx, my) = ((x / scale) as isize - 4, (y / scale) as isize - 4);
        let inside = (0..width as isize).contains(&mx) && (0..width as isize).contains(&my);
        if inside && dark[my as usize * width + mx as usize] {
            0
        } else {
            255
        }
    });
    let grids = img.detect_grids();
    assert_eq!(grids.len(), 1);
    grids[0].decode().unwrap().1
}

#[test]
fn the_qr_codes_shown_decode_back_to_the_offer_and_the_answer() {
    let invite = Invite::from_sdp(Kind::Offer, OFFER).unwrap();
    let text = invite.to_text();
    assert_eq!(scanned(&text), text);
    // The inviting device's code is the link a phone's camera opens: the game's address with
    // the invitation after `#join=` (state/store/remote.rs).
    let link = format!(
        "https://junqi.example/play/{}{text}",
        crate::state::store::JOIN_PREFIX
    );
    let seen = scanned(&link);
    assert_eq!(seen, link);
    let (_, code) = seen.split_once(crate::state::store::JOIN_PREFIX).unwrap();
    assert_eq!(Invite::from_text(code).unwrap(), invite);
    // The answer's code is its text (it goes back to a page already open).
    let mut answer = invite.clone();
    answer.kind = Kind::Answer;
    let answer_text = answer.to_text();
    assert_eq!(Invite::from_text(&scanned(&answer_text)).unwrap(), answer);
}
