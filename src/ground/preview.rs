//! The attack preview of 明棋: with a piece selected, what would happen against each enemy
//! piece among its legal destinations — junqi-core's [`contact`], never a rule of our own.

use junqi_core::{contact, Bitboard, Clash, Mode, PlayerView, Point};

/// The `data-preview` value of an outcome.
pub fn code(c: Clash) -> &'static str {
    match c {
        Clash::Win => "win",
        Clash::Lose => "lose",
        Clash::Both => "both",
        Clash::Scout => "scout",
        Clash::Bounce => "bounce",
    }
}

/// Each enemy piece among `dests` (the selected piece's legal destinations, from the render
/// model) with the outcome of attacking it from `from`. Only in 明棋, where every identity is
/// public; in the other modes it is empty.
pub fn attack_preview(view: &PlayerView, from: Point, dests: Bitboard) -> Vec<(Point, Clash)> {
    if view.mode != Mode::Open {
        return Vec::new();
    }
    let Some(me) = view.me else {
        return Vec::new();
    };
    let Some(attacker) = view.cells[from.index()]
        .filter(|o| o.color == Some(me))
        .and_then(|o| o.role)
    else {
        return Vec::new();
    };
    dests
        .iter()
        .filter_map(|p| {
            let o = view.cells[p.index()]?;
            if o.color == Some(me) || o.color.is_none() {
                return None;
            }
            let defender = o.role?;
            Some((p, contact(attacker, defender, view.mode, &view.rules)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use junqi_core::{Occupant, Piece, Position, Role, Rules, Seat};

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    /// A 明棋 position: Red's `a` on b11 next to Black's `d` in the headquarters b12.
    fn position(a: Role, d: Role) -> Position {
        let mut pos = Position::empty(Mode::Open, Rules::default());
        pos.put(pt("b1"), Occupant::known(Piece::new(Seat::RED, Role::Flag)));
        if d != Role::Flag {
            pos.put(
                pt("d12"),
                Occupant::known(Piece::new(Seat::BLACK, Role::Flag)),
            );
        }
        pos.put(pt("b11"), Occupant::known(Piece::new(Seat::RED, a)));
        pos.put(pt("b12"), Occupant::known(Piece::new(Seat::BLACK, d)));
        Position::from_jfen(&format!("{} r 0 1", pos.board_fen())).unwrap()
    }

    /// Every pair of roles that can meet: the preview says exactly what the rules core says.
    #[test]
    fn every_pair_matches_the_rules_core() {
        let mut seen = 0;
        for a in Role::ALL {
            if matches!(a, Role::Flag | Role::Landmine) {
                continue;
            }
            for d in Role::ALL {
                let pos = position(a, d);
                let view = pos.view(Some(Seat::RED));
                let dests = pos.destinations_from(pt("b11"));
                assert!(dests.contains(pt("b12")), "{a:?} reaches {d:?}");
                let got = attack_preview(&view, pt("b11"), dests);
                let want = contact(a, d, Mode::Open, &Rules::default());
                assert_eq!(got, vec![(pt("b12"), want)], "{a:?} against {d:?}");
                seen += 1;
            }
        }
        assert_eq!(seen, 10 * 12);
    }

    /// The table the end-to-end test checks the page's badges against
    /// (`tests/e2e/fixtures/clash-table.json`): written from the rules core with
    /// `JUNQI_WRITE_CLASH_TABLE=1 cargo test -p junqi clash_table`, and kept equal to it here.
    #[test]
    fn clash_table_fixture_is_the_rules_core() {
        let mut rows = Vec::new();
        for a in Role::ALL {
            let cells: Vec<String> = Role::ALL
                .iter()
                .map(|&d| {
                    let c = contact(a, d, Mode::Open, &Rules::default());
                    format!("\"{}\": \"{}\"", d.upper_char(), code(c))
                })
                .collect();
            rows.push(format!(
                "  \"{}\": {{ {} }}",
                a.upper_char(),
                cells.join(", ")
            ));
        }
        let table = format!("{{\n{}\n}}\n", rows.join(",\n"));
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/e2e/fixtures/clash-table.json"
        );
        if std::env::var_os("JUNQI_WRITE_CLASH_TABLE").is_some() {
            std::fs::write(path, &table).unwrap();
        }
        assert_eq!(std::fs::read_to_string(path).unwrap(), table);
    }

    #[test]
    fn nothing_in_the_dark_or_on_own_pieces() {
        let pos = position(Role::Marshal, Role::General);
        let mut view = pos.view(Some(Seat::RED));
        let dests = pos.destinations_from(pt("b11"));
        // Not a piece of the viewer.
        assert!(attack_preview(&view, pt("b12"), dests).is_empty());
        view.mode = Mode::Dark;
        assert!(attack_preview(&view, pt("b11"), dests).is_empty());
        assert_eq!(code(Clash::Both), "both");
    }
}
