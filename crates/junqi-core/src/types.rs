//! The vocabulary of the game: roles, pieces, points and sets of points.

use crate::pointset::{Set, SetIter};
use crate::seat::{rb, Seat};
use core::fmt;
use core::ops::{Index, IndexMut};
use serde::{Deserialize, Serialize};

/// The twelve kinds of piece (RULES.md §1), from the Field Marshal down to the Flag.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Role {
    /// 司令, rank 40.
    Marshal,
    /// 军长, rank 39.
    General,
    /// 师长, rank 38.
    MajorGeneral,
    /// 旅长, rank 37.
    Brigadier,
    /// 团长, rank 36.
    Colonel,
    /// 营长, rank 35.
    Major,
    /// 连长, rank 34.
    Captain,
    /// 排长, rank 33.
    Lieutenant,
    /// 工兵, rank 32: digs out landmines, turns on railways.
    Engineer,
    /// 炸弹: removes itself together with whatever it meets.
    Bomb,
    /// 地雷: never moves; only an engineer (or a bomb) clears it.
    Landmine,
    /// 军旗: never moves; taking it wins.
    Flag,
}

impl Role {
    pub const ALL: [Role; 12] = [
        Role::Marshal,
        Role::General,
        Role::MajorGeneral,
        Role::Brigadier,
        Role::Colonel,
        Role::Major,
        Role::Captain,
        Role::Lieutenant,
        Role::Engineer,
        Role::Bomb,
        Role::Landmine,
        Role::Flag,
    ];

    /// The RULES.md §1 letter, upper case.
    pub fn upper_char(self) -> char {
        b"MGDBRNCPEZLF"[self as usize] as char
    }

    pub fn char(self, color: Seat) -> char {
        match color {
            Seat::RED => self.upper_char(),
            _ => self.upper_char().to_ascii_lowercase(),
        }
    }

    /// The role of a letter of either case.
    pub fn from_char(c: char) -> Option<Role> {
        let u = c.to_ascii_uppercase();
        Role::ALL.into_iter().find(|r| r.upper_char() == u)
    }

    /// Rank 40 (司令) down to 32 (工兵); bombs, landmines and the flag have none.
    pub fn rank(self) -> Option<u8> {
        match self {
            Role::Bomb | Role::Landmine | Role::Flag => None,
            r => Some(40 - r as u8),
        }
    }

    /// How many of this role each side has.
    pub fn count(self) -> u8 {
        match self {
            Role::Marshal | Role::General | Role::Flag => 1,
            Role::MajorGeneral | Role::Brigadier | Role::Colonel | Role::Major | Role::Bomb => 2,
            Role::Captain | Role::Lieutenant | Role::Engineer | Role::Landmine => 3,
        }
    }

    /// Flags and landmines never move.
    pub fn is_movable(self) -> bool {
        !matches!(self, Role::Landmine | Role::Flag)
    }

    /// Chinese name as players write it.
    pub fn zh(self) -> &'static str {
        [
            "司令", "军长", "师长", "旅长", "团长", "营长", "连长", "排长", "工兵", "炸弹", "地雷",
            "军旗",
        ][self as usize]
    }

    /// English name.
    pub fn en(self) -> &'static str {
        [
            "Field Marshal",
            "General",
            "Major General",
            "Brigadier",
            "Colonel",
            "Major",
            "Captain",
            "Lieutenant",
            "Engineer",
            "Bomb",
            "Landmine",
            "Flag",
        ][self as usize]
    }
}

/// Total pieces per side.
pub const PIECES_PER_SIDE: usize = 25;

/// A piece: a colour and a role.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    #[serde(with = "rb")]
    pub color: Seat,
    pub role: Role,
}

impl Piece {
    pub fn new(color: Seat, role: Role) -> Piece {
        Piece { color, role }
    }

    pub fn char(self) -> char {
        self.role.char(self.color)
    }

    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Seat::RED
        } else {
            Seat::BLACK
        };
        Some(Piece { color, role })
    }
}

/// A point of the 2-player board, `a1` … `e12`: index `(row - 1) * 5 + column`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

/// Number of points on the 2-player board.
pub const POINTS: usize = 60;
/// Columns `a`–`e`.
pub const COLUMNS: u8 = 5;
/// Rows `1`–`12`.
pub const ROWS: u8 = 12;

impl Point {
    /// The point at `index` (0..60).
    pub fn new(index: usize) -> Option<Point> {
        (index < POINTS).then_some(Point(index as u8))
    }

    /// Column 0..5 (`a`..`e`) and row 1..=12.
    pub fn at(column: u8, row: u8) -> Option<Point> {
        (column < COLUMNS && (1..=ROWS).contains(&row)).then(|| Point((row - 1) * COLUMNS + column))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for `a` … 4 for `e`.
    pub fn column(self) -> u8 {
        self.0 % COLUMNS
    }

    /// 1 … 12.
    pub fn row(self) -> u8 {
        self.0 / COLUMNS + 1
    }

    /// The colour whose half this point lies in.
    pub fn half(self) -> Seat {
        if self.row() <= 6 {
            Seat::RED
        } else {
            Seat::BLACK
        }
    }

    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS as u8).map(Point)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row())
    }
}

/// Why a point name was not understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePointError(pub String);

impl fmt::Display for ParsePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown point '{}' (points are a1 … e12)", self.0)
    }
}

impl std::error::Error for ParsePointError {}

impl core::str::FromStr for Point {
    type Err = ParsePointError;
    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let err = || ParsePointError(s.chars().take(16).collect());
        let mut chars = s.chars();
        let col = chars.next().ok_or_else(err)?;
        if !('a'..='e').contains(&col) {
            return Err(err());
        }
        let rest = chars.as_str();
        if rest.is_empty()
            || rest.len() > 2
            || !rest.bytes().all(|b| b.is_ascii_digit())
            || rest.starts_with('0')
        {
            return Err(err());
        }
        let row: u8 = rest.parse().map_err(|_| err())?;
        Point::at(col as u8 - b'a', row).ok_or_else(err)
    }
}

impl Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Point, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A set of points of the 2-player board (the general set of [`crate::pointset`], wide enough
/// for the 129-point cross).
pub type Bitboard = Set<Point>;
/// Iterates the points of a [`Bitboard`] in index order.
pub type BitboardIter = SetIter<Point>;

crate::pointset::index_point!(Point, POINTS);

/// One value per colour.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BySide<T> {
    pub red: T,
    pub black: T,
}

impl<T> BySide<T> {
    pub fn new_with(mut f: impl FnMut(Seat) -> T) -> BySide<T> {
        BySide {
            red: f(Seat::RED),
            black: f(Seat::BLACK),
        }
    }

    pub fn get(&self, c: Seat) -> &T {
        match c {
            Seat::RED => &self.red,
            _ => &self.black,
        }
    }

    pub fn get_mut(&mut self, c: Seat) -> &mut T {
        match c {
            Seat::RED => &mut self.red,
            _ => &mut self.black,
        }
    }
}

impl<T> Index<Seat> for BySide<T> {
    type Output = T;
    fn index(&self, c: Seat) -> &T {
        self.get(c)
    }
}

impl<T> IndexMut<Seat> for BySide<T> {
    fn index_mut(&mut self, c: Seat) -> &mut T {
        self.get_mut(c)
    }
}

/// One value per role.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByRole<T>(pub [T; 12]);

impl<T> Index<Role> for ByRole<T> {
    type Output = T;
    fn index(&self, r: Role) -> &T {
        &self.0[r as usize]
    }
}

impl<T> IndexMut<Role> for ByRole<T> {
    fn index_mut(&mut self, r: Role) -> &mut T {
        &mut self.0[r as usize]
    }
}
