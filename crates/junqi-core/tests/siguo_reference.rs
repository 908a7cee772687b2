//! An independent, naive reading of RULES-4P.md §3–§4 (the edge and line lists as printed,
//! searched point by point) against the engine's moves on thousands of random positions with
//! unknown pieces: zero differences expected.

use junqi_core::siguo::{Position, SiguoRules};
use junqi_core::SplitMix64;
use std::collections::{BTreeSet, HashMap, HashSet};

const SEATS: [char; 4] = ['S', 'E', 'N', 'W'];
const ROLES: &str = "MGDBRNCPEZLFX";

struct Reference {
    names: Vec<String>,
    roads: HashMap<String, HashSet<String>>,
    rails: HashMap<String, HashSet<String>>,
    lines: Vec<Vec<String>>,
}

fn centre(n: &str) -> String {
    format!("C{}", n.to_lowercase().replace('-', ""))
}

impl Reference {
    fn new() -> Reference {
        let mut names = Vec::new();
        for s in SEATS {
            for r in 0..6 {
                for c in "abcde".chars() {
                    names.push(format!("{s}{c}{r}"));
                }
            }
        }
        for c in ["NW", "N", "NE", "W", "C", "E", "SW", "S", "SE"] {
            names.push(centre(c));
        }
        let mut me = Reference {
            names,
            roads: HashMap::new(),
            rails: HashMap::new(),
            lines: Vec::new(),
        };
        // §3.1, applied to each seat.
        let road_only = "b0-b1 c0-c1 d0-d1 a1-b1 b1-c1 b1-b2 c1-d1 c1-c2 d1-e1 d1-d2 a2-b2 \
            b2-c2 b2-b3 c2-d2 c2-c3 d2-e2 d2-d3 a3-b3 b3-c3 b3-b4 c3-d3 c3-c4 d3-e3 d3-d4 a4-a5 \
            b4-b5 c4-c5 d4-d5 e4-e5 a5-b5 b5-c5 c5-d5 d5-e5 \
            a0-b1 c0-d1 b1-c0 b1-c2 d1-e0 d1-e2 a2-b1 a2-b3 c2-d1 c2-d3 \
            b3-c2 b3-c4 d3-e2 d3-e4 a4-b3 c4-d3";
        let rail_local = "a0-a1 a1-a2 a2-a3 a3-a4 e0-e1 e1-e2 e2-e3 e3-e4 a0-b0 b0-c0 c0-d0 \
            d0-e0 a4-b4 b4-c4 c4-d4 d4-e4";
        for s in SEATS {
            for e in road_only.split_whitespace() {
                let (a, b) = e.split_once('-').unwrap();
                me.link(&format!("{s}{a}"), &format!("{s}{b}"), false);
            }
            for e in rail_local.split_whitespace() {
                let (a, b) = e.split_once('-').unwrap();
                me.link(&format!("{s}{a}"), &format!("{s}{b}"), true);
            }
        }
        // §3.2: centre, front links, arcs.
        for e in "NW-N N-NE W-C C-E SW-S S-SE NW-W W-SW N-C C-S NE-E E-SE".split_whitespace() {
            let (a, b) = e.split_once('-').unwrap();
            me.link(&centre(a), &centre(b), true);
        }
        for (p, c) in [
            ("Sa0", "SW"),
            ("Sc0", "S"),
            ("Se0", "SE"),
            ("Ea0", "SE"),
            ("Ec0", "E"),
            ("Ee0", "NE"),
            ("Na0", "NE"),
            ("Nc0", "N"),
            ("Ne0", "NW"),
            ("Wa0", "NW"),
            ("Wc0", "W"),
            ("We0", "SW"),
        ] {
            me.link(p, &centre(c), true);
        }
        for (a, b) in [
            ("Se0", "Ea0"),
            ("Ee0", "Na0"),
            ("Ne0", "Wa0"),
            ("We0", "Sa0"),
        ] {
            me.link(a, b, true);
        }
        // §3.3, the 18 lines.
        let col = |s: char, c: char, back_to_front: bool| -> Vec<String> {
            let mut v: Vec<String> = (0..5).map(|r| format!("{s}{c}{r}")).collect();
            if back_to_front {
                v.reverse();
            }
            v
        };
        for s in SEATS {
            me.lines
                .push("abcde".chars().map(|c| format!("{s}{c}0")).collect());
            me.lines
                .push("abcde".chars().map(|c| format!("{s}{c}4")).collect());
        }
        let long = [
            ('S', ["SW", "W", "NW"], 'N'),
            ('E', ["SE", "S", "SW"], 'W'),
            ('N', ["NE", "E", "SE"], 'S'),
            ('W', ["NW", "N", "NE"], 'E'),
        ];
        for (s, mid, opp) in long {
            let mut l = col(s, 'a', true);
            l.extend(mid.iter().map(|c| centre(c)));
            l.extend(col(opp, 'e', false));
            me.lines.push(l);
        }
        me.lines.push(vec![
            "Sc0".into(),
            centre("S"),
            centre("C"),
            centre("N"),
            "Nc0".into(),
        ]);
        me.lines.push(vec![
            "Ec0".into(),
            centre("E"),
            centre("C"),
            centre("W"),
            "Wc0".into(),
        ]);
        for i in 0..4 {
            let mut l = col(SEATS[i], 'e', true);
            l.extend(col(SEATS[(i + 1) % 4], 'a', false));
            me.lines.push(l);
        }
        me
    }

    fn link(&mut self, a: &str, b: &str, rail: bool) {
        for (x, y) in [(a, b), (b, a)] {
            self.roads.entry(x.into()).or_default().insert(y.into());
            if rail {
                self.rails.entry(x.into()).or_default().insert(y.into());
            }
        }
    }

    /// The moves of `seat` in `board` (point → (seat index, role letter)), by the rules' words.
    fn moves(&self, board: &HashMap<String, (usize, char)>, seat: usize) -> BTreeSet<String> {
        let enemy = |s: usize| s % 2 != seat % 2;
        let camp = |p: &str| {
            let l = &p[1..];
            p.len() == 3 && ["b1", "d1", "c2", "b3", "d3"].contains(&l)
        };
        let hq = |p: &str| p.len() == 3 && ["b5", "d5"].contains(&&p[1..]);
        let is_rail = |p: &str| self.rails.contains_key(p);
        let open = |q: &str| match board.get(q) {
            None => true,
            Some(&(s, _)) => enemy(s) && !camp(q),
        };
        let mut out = BTreeSet::new();
        for (p, &(s, role)) in board {
            if s != seat || matches!(role, 'L' | 'F' | 'X') || hq(p) {
                continue;
            }
            let mut add = |q: &str| {
                out.insert(format!("{p}-{q}"));
            };
            for q in &self.roads[p.as_str()] {
                if open(q) {
                    add(q);
                }
            }
            if !is_rail(p) {
                continue;
            }
            if role == 'E' {
                let mut seen: HashSet<String> = HashSet::from([p.clone()]);
                let mut todo = vec![p.clone()];
                while let Some(x) = todo.pop() {
                    for q in &self.rails[x.as_str()] {
                        if seen.contains(q) {
                            continue;
                        }
                        seen.insert(q.clone());
                        if board.contains_key(q) {
                            if open(q) {
                                add(q);
                            }
                        } else {
                            add(q);
                            todo.push(q.clone());
                        }
                    }
                }
            } else {
                for line in &self.lines {
                    let Some(i) = line.iter().position(|x| x == p) else {
                        continue;
                    };
                    let fwd: Vec<&String> = line[i + 1..].iter().collect();
                    let back: Vec<&String> = line[..i].iter().rev().collect();
                    for ray in [fwd, back] {
                        for q in ray {
                            if !board.contains_key(q.as_str()) {
                                add(q);
                            } else {
                                if open(q) {
                                    add(q);
                                }
                                break;
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

#[test]
fn engine_agrees_with_a_naive_reading_of_the_rules() {
    let reference = Reference::new();
    assert_eq!(reference.names.len(), 129);
    let mut rng = SplitMix64::new(4);
    let mut total = 0;
    for case in 0..3000 {
        let n = 1 + rng.below(60) as usize;
        let mut board: HashMap<String, (usize, char)> = HashMap::new();
        for _ in 0..n {
            let p = reference.names[rng.below(129) as usize].clone();
            let s = rng.below(4) as usize;
            let r = ROLES.as_bytes()[rng.below(ROLES.len() as u64) as usize] as char;
            board.insert(p, (s, r));
        }
        let seat = rng.below(4) as usize;
        let mut items: Vec<String> = board
            .iter()
            .map(|(p, (s, r))| format!("{p}={s}{r}"))
            .collect();
        items.sort();
        let text = format!("{} {}", SEATS[seat], items.join(","));
        let pos = Position::from_notation_with(&text, SiguoRules::default()).unwrap();
        let engine: BTreeSet<String> = pos.legal_actions().iter().map(|m| m.to_string()).collect();
        let naive = reference.moves(&board, seat);
        assert_eq!(engine, naive, "case {case}: {text}");
        total += naive.len();
    }
    assert!(total > 10_000, "{total}");
}
