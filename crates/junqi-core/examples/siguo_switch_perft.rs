//! Perft of the 4-player classic start with each rule switch that applies on the cross board,
//! then at each table of the cross board (the tables of docs/rules-variants.md, "On the cross
//! board" and "Other tables"): `cargo run --release -p junqi-core --example siguo_switch_perft -- 4`.

use junqi_core::siguo::{Position, SiguoRules, Table};
use junqi_core::{Deployment, Rules};

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    let mut rows: Vec<(String, Rules)> = vec![("none".into(), Rules::default())];
    for name in Rules::NAMES.iter().filter(|n| SiguoRules::applies(n)) {
        let mut r = Rules::default();
        r.set_from_text(name).expect("a known switch");
        rows.push((name.to_string(), r));
    }
    let both = Rules {
        rail_one_turn: true,
        rail_three_steps: true,
        ..Rules::default()
    };
    rows.push(("rail_one_turn + rail_three_steps".into(), both));
    for (name, rules) in rows {
        let table = SiguoRules {
            rules,
            ..SiguoRules::default()
        };
        let start = Position::start_all(table, &Deployment::classic_1());
        let counts: Vec<String> = (1..=depth).map(|d| start.perft(d).to_string()).collect();
        println!("| `{name}` | {} |", counts.join(" | "));
    }
    println!();
    for table in Table::ALL {
        let rules = SiguoRules {
            table,
            ..SiguoRules::default()
        };
        let start = Position::start_all(rules, &Deployment::classic_1());
        let counts: Vec<String> = (1..=depth).map(|d| start.perft(d).to_string()).collect();
        println!(
            "| {} ({}) | {} |",
            table.zh(),
            table.as_str(),
            counts.join(" | ")
        );
    }
}
