//! Perft figures kept as data (RULES.md §9), one generic driver.

use junqi_core::Position;

#[test]
fn perft_table() {
    let data = include_str!("data/perft.txt");
    let heavy = std::env::var("JUNQI_PERFT_DEEP").is_ok();
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut parts = line.split(';');
        let jfen = parts.next().unwrap().trim();
        let pos = Position::from_jfen(jfen).unwrap();
        assert_eq!(pos.to_jfen(), jfen, "JFEN round trip");
        for item in parts {
            let (d, n) = item.trim().split_once('=').unwrap();
            let depth: u32 = d.parse().unwrap();
            let want: u64 = n.parse().unwrap();
            if depth >= 4 && cfg!(debug_assertions) && !heavy {
                continue;
            }
            assert_eq!(pos.perft(depth), want, "{jfen} depth {depth}");
        }
    }
}

#[test]
fn perft_depth_4_release() {
    // Depth 4 runs in every build; in debug builds it is the slow part of the suite.
    let pos = Position::from_jfen(junqi_core::CLASSIC_START).unwrap();
    assert_eq!(pos.perft(4), 1_151_628);
}
