//! Setup (布阵, RULES.md §3): a side's formation, its validation and its string (§9).
//!
//! A [`Deployment`] is written as its owner sees the board, so one deployment fits either
//! colour: slot rank 0 is the owner's front row, file 0 the owner's left.
//!
//! ```text
//! rank 0  front row    5 posts          Red row 6   Black row 7
//! rank 1               post camp post camp post
//! rank 2               post post camp post post
//! rank 3               post camp post camp post
//! rank 4               5 posts (railway)
//! rank 5  back row     post HQ post HQ post
//! ```

use crate::board::{PointKind, Topology};
use crate::rng::SplitMix64;
use crate::rules::Rules;
use crate::types::{ByRole, Piece, Point, Role};
use crate::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A point of one side's half, as its owner sees it: `rank` 0 (front) … 5 (back), `file` 0
/// (owner's left) … 4.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Slot(u8);

/// Slots in one half (posts, camps and headquarters).
pub const SLOTS: usize = 30;

impl Slot {
    pub fn new(rank: u8, file: u8) -> Option<Slot> {
        (rank < 6 && file < 5).then_some(Slot(rank * 5 + file))
    }

    pub fn from_index(i: usize) -> Option<Slot> {
        (i < SLOTS).then_some(Slot(i as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn rank(self) -> u8 {
        self.0 / 5
    }

    pub fn file(self) -> u8 {
        self.0 % 5
    }

    pub fn all() -> impl Iterator<Item = Slot> {
        (0..SLOTS as u8).map(Slot)
    }

    /// The board point of this slot for `color`.
    pub fn point(self, color: Seat) -> Point {
        let (col, row) = match color {
            Seat::RED => (self.file(), 6 - self.rank()),
            _ => (4 - self.file(), 7 + self.rank()),
        };
        Point::at(col, row).unwrap_or_else(|| unreachable!("slots map into the board"))
    }

    /// The slot of a point in `color`'s half.
    pub fn of_point(p: Point, color: Seat) -> Option<Slot> {
        match color {
            Seat::RED if p.row() <= 6 => Slot::new(6 - p.row(), p.column()),
            Seat::BLACK if p.row() >= 7 => Slot::new(p.row() - 7, 4 - p.column()),
            _ => None,
        }
    }

    pub fn kind(self) -> PointKind {
        Topology::standard().kind(self.point(Seat::RED))
    }

    /// Where pieces stand at the start: posts and headquarters.
    pub fn is_setup_point(self) -> bool {
        self.kind() != PointKind::Camp
    }

    /// The 25 slots a formation fills ([`Slot::is_setup_point`]), in index order.
    pub fn setup() -> impl Iterator<Item = Slot> {
        Slot::all().filter(|s| s.is_setup_point())
    }
}

impl fmt::Display for Slot {
    /// Named as the point it is for Red.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.point(Seat::RED).fmt(f)
    }
}

/// One side's formation as edited: any role on any slot, possibly breaking the rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Deployment {
    pub slots: [Option<Role>; SLOTS],
}

/// What is wrong with a deployment.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ViolationKind {
    /// The flag is not in a headquarters.
    FlagNotInHeadquarters,
    /// A landmine outside the last two rows.
    MineOutsideBackRows,
    /// A bomb in the front row.
    BombInFrontRow,
    /// A piece in a camp.
    PieceInCamp,
    /// A post or headquarters left empty.
    EmptyPoint,
    /// The wrong number of a role.
    WrongCount { role: Role, expected: u8, found: u8 },
    /// `mines_around_flag`: a point next to the flag without a landmine.
    MineNotAroundFlag,
}

impl ViolationKind {
    /// A stable machine-readable code.
    pub fn code(self) -> &'static str {
        match self {
            ViolationKind::FlagNotInHeadquarters => "flag-not-in-headquarters",
            ViolationKind::MineOutsideBackRows => "mine-outside-back-rows",
            ViolationKind::BombInFrontRow => "bomb-in-front-row",
            ViolationKind::PieceInCamp => "piece-in-camp",
            ViolationKind::EmptyPoint => "empty-point",
            ViolationKind::WrongCount { .. } => "wrong-count",
            ViolationKind::MineNotAroundFlag => "mine-not-around-flag",
        }
    }

    /// A plain reason in English.
    pub fn message_en(self) -> String {
        match self {
            ViolationKind::FlagNotInHeadquarters => "The flag must stand in a headquarters.".into(),
            ViolationKind::MineOutsideBackRows => "Landmines go only in the last two rows.".into(),
            ViolationKind::BombInFrontRow => "A bomb may not stand in the front row.".into(),
            ViolationKind::PieceInCamp => "No piece starts in a camp.".into(),
            ViolationKind::EmptyPoint => "Every post and headquarters must be filled.".into(),
            ViolationKind::WrongCount {
                role,
                expected,
                found,
            } => format!("{found} × {}, there must be {expected}.", role.en()),
            ViolationKind::MineNotAroundFlag => {
                "Every point next to the flag must hold a landmine.".into()
            }
        }
    }

    /// A plain reason in Chinese.
    pub fn message_zh(self) -> String {
        match self {
            ViolationKind::FlagNotInHeadquarters => "军旗必须放在大本营。".into(),
            ViolationKind::MineOutsideBackRows => "地雷只能放在最后两排。".into(),
            ViolationKind::BombInFrontRow => "炸弹不能放在第一排。".into(),
            ViolationKind::PieceInCamp => "开局时行营里不能放棋子。".into(),
            ViolationKind::EmptyPoint => "每个兵站和大本营都要放棋子。".into(),
            ViolationKind::WrongCount {
                role,
                expected,
                found,
            } => format!("{}有{found}个，应为{expected}个。", role.zh()),
            ViolationKind::MineNotAroundFlag => "军旗旁边的点都必须放地雷。".into(),
        }
    }
}

/// One violation, at a slot where it has one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Violation {
    pub slot: Option<Slot>,
    pub kind: ViolationKind,
}

impl fmt::Display for Violation {
    /// `code point` or `code role expected found`, for the command line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.slot, self.kind) {
            (
                _,
                ViolationKind::WrongCount {
                    role,
                    expected,
                    found,
                },
            ) => write!(
                f,
                "wrong-count {}: {found} found, {expected} expected",
                role.upper_char()
            ),
            (Some(s), k) => write!(f, "{} {s}", k.code()),
            (None, k) => f.write_str(k.code()),
        }
    }
}

/// Why a deployment string could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeploymentParseError(pub String);

impl fmt::Display for DeploymentParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad deployment: {}", self.0)
    }
}

impl std::error::Error for DeploymentParseError {}

/// Letters per row of a deployment string, front to back.
const ROW_LENGTHS: [usize; 6] = [5, 3, 4, 3, 5, 5];

/// The two classic formations of RULES.md §9.
pub const CLASSIC_1: &str = "DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL";
pub const CLASSIC_2: &str = "PCPEP/CNC/DZZD/RNR/EMGEL/BFBLL";
/// The second classic formation of the players' rule sheet that also gives classic-1
/// (连旅司兵团 师炸军 团排连兵 排营营 雷雷连师炸 雷旗旅排兵).
pub const CLASSIC_3: &str = "CBMER/DZG/RPCE/PNN/LLCDZ/LFBPE";

impl Deployment {
    pub fn empty() -> Deployment {
        Deployment {
            slots: [None; SLOTS],
        }
    }

    pub fn get(&self, s: Slot) -> Option<Role> {
        self.slots[s.index()]
    }

    /// The role on each of the 25 setup slots, in [`Slot::setup`] order (`None` where the
    /// formation leaves one empty).
    pub fn setup_roles(&self) -> impl Iterator<Item = Option<Role>> + '_ {
        Slot::setup().map(|s| self.get(s))
    }

    pub fn set(&mut self, s: Slot, r: Option<Role>) {
        self.slots[s.index()] = r;
    }

    /// Exchanges two slots' contents.
    pub fn swap(&mut self, a: Slot, b: Slot) {
        self.slots.swap(a.index(), b.index());
    }

    /// The same formation reflected left ↔ right.
    pub fn mirrored(&self) -> Deployment {
        let mut out = Deployment::empty();
        for s in Slot::all() {
            if let Some(m) = Slot::new(s.rank(), 4 - s.file()) {
                out.set(m, self.get(s));
            }
        }
        out
    }

    /// How many of each role it holds.
    pub fn counts(&self) -> ByRole<u8> {
        let mut n = ByRole::default();
        for r in self.slots.iter().flatten() {
            n[*r] += 1;
        }
        n
    }

    /// Every violation of RULES.md §3, in slot order, then counts by role.
    pub fn violations(&self) -> Vec<Violation> {
        self.violations_with(&Rules::default())
    }

    /// Every violation of RULES.md §3 under the setup switches of `rules` (`bombs_front_row`,
    /// `mines_around_flag`), in slot order, then counts by role.
    pub fn violations_with(&self, rules: &Rules) -> Vec<Violation> {
        let mut out = Vec::new();
        for s in Slot::all() {
            let kind = s.kind();
            let role = self.get(s);
            let mut push = |k| {
                out.push(Violation {
                    slot: Some(s),
                    kind: k,
                })
            };
            match role {
                None if kind != PointKind::Camp => push(ViolationKind::EmptyPoint),
                None => {}
                Some(r) => {
                    if kind == PointKind::Camp {
                        push(ViolationKind::PieceInCamp);
                    }
                    match r {
                        Role::Flag if kind != PointKind::Headquarters => {
                            push(ViolationKind::FlagNotInHeadquarters)
                        }
                        Role::Landmine if s.rank() < 4 => push(ViolationKind::MineOutsideBackRows),
                        Role::Bomb if s.rank() == 0 && !rules.bombs_front_row => {
                            push(ViolationKind::BombInFrontRow)
                        }
                        _ => {}
                    }
                }
            }
        }
        if rules.mines_around_flag {
            out.extend(self.mines_missing_around_flag());
        }
        let counts = self.counts();
        for r in Role::ALL {
            if counts[r] != r.count() {
                out.push(Violation {
                    slot: None,
                    kind: ViolationKind::WrongCount {
                        role: r,
                        expected: r.count(),
                        found: counts[r],
                    },
                });
            }
        }
        out
    }

    pub fn is_valid(&self) -> bool {
        self.violations().is_empty()
    }

    /// Valid under the setup switches of `rules`?
    pub fn is_valid_with(&self, rules: &Rules) -> bool {
        self.violations_with(rules).is_empty()
    }

    /// Ok, or every violation under the setup switches of `rules`.
    pub fn validate_with(&self, rules: &Rules) -> Result<(), Vec<Violation>> {
        let v = self.violations_with(rules);
        if v.is_empty() {
            Ok(())
        } else {
            Err(v)
        }
    }

    /// The slots joined by a road to `flag` (地雷围着军旗: where its landmines must stand).
    pub fn around(flag: Slot) -> Vec<Slot> {
        let topo = crate::board::Topology::standard();
        let p = flag.point(Seat::RED);
        topo.step[p.index()]
            .into_iter()
            .filter_map(|q| Slot::of_point(q, Seat::RED))
            .collect()
    }

    /// The same formation moved just enough to meet the setup switches of `rules`: under
    /// `mines_around_flag` each landmine not yet next to the flag changes places with a piece
    /// that is (both stay in the last two rows, so nothing else breaks). A formation that already
    /// fits, and every formation under the default rules, comes back unchanged.
    pub fn fitted(&self, rules: &Rules) -> Deployment {
        let mut d = self.clone();
        if rules.mines_around_flag {
            let Some(flag) = Slot::all().find(|&s| d.get(s) == Some(Role::Flag)) else {
                return d;
            };
            let around = Deployment::around(flag);
            for &need in &around {
                if d.get(need) == Some(Role::Landmine) {
                    continue;
                }
                let spare =
                    Slot::all().find(|s| d.get(*s) == Some(Role::Landmine) && !around.contains(s));
                if let Some(spare) = spare {
                    d.swap(need, spare);
                }
            }
        }
        d
    }

    /// `mines_around_flag`: each slot next to a flag that holds no landmine.
    fn mines_missing_around_flag(&self) -> Vec<Violation> {
        let mut out = Vec::new();
        for flag in Slot::all().filter(|&s| self.get(s) == Some(Role::Flag)) {
            for s in Deployment::around(flag) {
                if self.get(s) != Some(Role::Landmine) {
                    out.push(Violation {
                        slot: Some(s),
                        kind: ViolationKind::MineNotAroundFlag,
                    });
                }
            }
        }
        out.sort_by_key(|v| v.slot);
        out
    }

    /// Ok, or every violation.
    pub fn validate(&self) -> Result<(), Vec<Violation>> {
        let v = self.violations();
        if v.is_empty() {
            Ok(())
        } else {
            Err(v)
        }
    }

    /// The slots where `role` may stand at the start (for the setup screen).
    pub fn allowed_slots(role: Role) -> Vec<Slot> {
        Deployment::allowed_slots_with(role, &Rules::default())
    }

    /// The slots where `role` may stand at the start under `rules` (`mines_around_flag` further
    /// ties the landmines to wherever the flag goes).
    pub fn allowed_slots_with(role: Role, rules: &Rules) -> Vec<Slot> {
        Slot::setup()
            .filter(|s| match role {
                Role::Flag => s.kind() == PointKind::Headquarters,
                Role::Landmine => s.rank() >= 4,
                Role::Bomb => s.rank() > 0 || rules.bombs_front_row,
                _ => true,
            })
            .collect()
    }

    /// The points where `role` of `color` may stand at the start.
    pub fn allowed_points(role: Role, color: Seat) -> Vec<Point> {
        Deployment::allowed_slots(role)
            .into_iter()
            .map(|s| s.point(color))
            .collect()
    }

    /// The pieces this deployment puts on the board for `color`.
    pub fn placed(&self, color: Seat) -> Vec<(Point, Piece)> {
        Slot::all()
            .filter_map(|s| self.get(s).map(|r| (s.point(color), Piece::new(color, r))))
            .collect()
    }

    /// Reads `color`'s formation off its half of a board.
    pub fn from_board(color: Seat, piece_at: impl Fn(Point) -> Option<Piece>) -> Deployment {
        let mut d = Deployment::empty();
        for s in Slot::all() {
            if let Some(p) = piece_at(s.point(color)) {
                if p.color == color {
                    d.set(s, Some(p.role));
                }
            }
        }
        d
    }

    /// A random valid formation: flag in a headquarters, mines in the back rows, bombs out of
    /// the front row, everything else anywhere.
    pub fn random(seed: u64) -> Deployment {
        let mut rng = SplitMix64::new(seed);
        let mut d = Deployment::empty();
        let mut free: Vec<Slot> = Slot::setup().collect();
        let mut place =
            |d: &mut Deployment, role: Role, free: &mut Vec<Slot>, ok: &dyn Fn(Slot) -> bool| {
                let choices: Vec<usize> = (0..free.len()).filter(|&i| ok(free[i])).collect();
                let i = choices[rng.below(choices.len() as u64) as usize];
                d.set(free[i], Some(role));
                free.swap_remove(i);
            };
        place(&mut d, Role::Flag, &mut free, &|s| {
            s.kind() == PointKind::Headquarters
        });
        for _ in 0..3 {
            place(&mut d, Role::Landmine, &mut free, &|s| s.rank() >= 4);
        }
        for _ in 0..2 {
            place(&mut d, Role::Bomb, &mut free, &|s| s.rank() > 0);
        }
        for r in Role::ALL {
            if matches!(r, Role::Flag | Role::Landmine | Role::Bomb) {
                continue;
            }
            for _ in 0..r.count() {
                place(&mut d, r, &mut free, &|_| true);
            }
        }
        d
    }

    pub fn classic_1() -> Deployment {
        CLASSIC_1
            .parse()
            .unwrap_or_else(|_| unreachable!("a constant that parses"))
    }

    pub fn classic_2() -> Deployment {
        CLASSIC_2
            .parse()
            .unwrap_or_else(|_| unreachable!("a constant that parses"))
    }

    /// [`CLASSIC_3`], the second classic formation of the rule sheets.
    pub fn classic_3() -> Deployment {
        CLASSIC_3
            .parse()
            .unwrap_or_else(|_| unreachable!("a constant that parses"))
    }
}

impl std::str::FromStr for Deployment {
    type Err = DeploymentParseError;
    /// Reads `DECPD/BCZ/ZNRB/GEC/MENLP/RPLFL` (either letter case).
    fn from_str(s: &str) -> Result<Deployment, DeploymentParseError> {
        let s = s.trim();
        let rows: Vec<&str> = s.split('/').collect();
        if rows.len() != 6 {
            return Err(DeploymentParseError(format!(
                "{} rows, a deployment has 6 (5/3/4/3/5/5 letters)",
                rows.len()
            )));
        }
        let mut d = Deployment::empty();
        for (rank, (row, &len)) in rows.iter().zip(ROW_LENGTHS.iter()).enumerate() {
            let n = row.chars().count();
            if n != len {
                return Err(DeploymentParseError(format!(
                    "row {} has {n} letters, it needs {len}",
                    rank + 1
                )));
            }
            let slots = (0..5u8)
                .filter_map(|file| Slot::new(rank as u8, file))
                .filter(|s| s.is_setup_point());
            for (slot, ch) in slots.zip(row.chars()) {
                let role = Role::from_char(ch).ok_or_else(|| {
                    let shown: String = ch.escape_default().collect();
                    DeploymentParseError(format!("unknown piece letter '{shown}'"))
                })?;
                d.set(slot, Some(role));
            }
        }
        Ok(d)
    }
}

impl fmt::Display for Deployment {
    /// The deployment string; camps are skipped and an empty post is written `.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in 0..6u8 {
            if rank > 0 {
                f.write_str("/")?;
            }
            for file in 0..5u8 {
                if let Some(s) = Slot::new(rank, file) {
                    if s.is_setup_point() {
                        let ch = self.get(s).map_or('.', Role::upper_char);
                        write!(f, "{ch}")?;
                    }
                }
            }
        }
        Ok(())
    }
}

impl Serialize for Deployment {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Deployment {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Deployment, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classics_are_valid_and_round_trip() {
        for s in [CLASSIC_1, CLASSIC_2] {
            let d: Deployment = s.parse().unwrap();
            assert_eq!(d.violations(), vec![]);
            assert_eq!(d.to_string(), s);
            assert_eq!(d.mirrored().mirrored(), d);
        }
    }

    #[test]
    fn slots_map_both_colours() {
        let front_left = Slot::new(0, 0).unwrap();
        assert_eq!(front_left.point(Seat::RED).to_string(), "a6");
        assert_eq!(front_left.point(Seat::BLACK).to_string(), "e7");
        let back_right = Slot::new(5, 4).unwrap();
        assert_eq!(back_right.point(Seat::RED).to_string(), "e1");
        assert_eq!(back_right.point(Seat::BLACK).to_string(), "a12");
        for s in Slot::all() {
            for c in Seat::RED_BLACK {
                assert_eq!(Slot::of_point(s.point(c), c), Some(s));
            }
        }
    }

    #[test]
    fn every_violation_reported() {
        // Flag on a post, a mine in the front row, a bomb in the front row.
        let d: Deployment = "ZLCPD/BCZ/ZNRB/GEC/MENFP/RPLDL".parse().unwrap();
        let v = d.violations();
        let codes: Vec<String> = v.iter().map(|v| v.to_string()).collect();
        assert!(
            codes.contains(&"bomb-in-front-row a6".to_string()),
            "{codes:?}"
        );
        assert!(
            codes.contains(&"mine-outside-back-rows b6".to_string()),
            "{codes:?}"
        );
        assert!(
            codes.contains(&"flag-not-in-headquarters d2".to_string()),
            "{codes:?}"
        );
        assert!(
            codes.iter().any(|c| c.starts_with("wrong-count Z")),
            "{codes:?}"
        );
    }

    #[test]
    fn random_is_valid_and_seeded() {
        for seed in 0..200 {
            let d = Deployment::random(seed);
            assert!(d.is_valid(), "seed {seed}: {d}");
            assert_eq!(d, Deployment::random(seed));
        }
        assert_ne!(Deployment::random(1), Deployment::random(2));
    }

    #[test]
    fn allowed_slots_per_role() {
        assert_eq!(Deployment::allowed_slots(Role::Flag).len(), 2);
        assert_eq!(Deployment::allowed_slots(Role::Landmine).len(), 10);
        assert_eq!(Deployment::allowed_slots(Role::Bomb).len(), 20);
        assert_eq!(Deployment::allowed_slots(Role::Marshal).len(), 25);
    }
}
