//! Seats, teams and the seating of a game: who moves after whom, who is whose partner, who is
//! still in, and who may see whose pieces. Every such question goes through [`Seating`].
//!
//! RULES-4P.md §2.1 and §5: seats 0–3 are S, E, N, W; partners sit opposite (team = seat % 2);
//! the default order is counter-clockwise, `next = seat + 1`. In the 2-player game seats 0 and 1
//! are Red and Black, each its own team.

use core::fmt;
use core::ops::{Index, IndexMut};
use serde::{Deserialize, Serialize};

/// The most seats a game has.
pub const MAX_SEATS: usize = 4;

/// A player's chair at the table, 0..4.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(u8);

impl Seat {
    pub const S: Seat = Seat(0);
    pub const E: Seat = Seat(1);
    pub const N: Seat = Seat(2);
    pub const W: Seat = Seat(3);
    /// S, E, N, W.
    pub const ALL: [Seat; MAX_SEATS] = [Seat::S, Seat::E, Seat::N, Seat::W];

    pub fn new(index: usize) -> Option<Seat> {
        (index < MAX_SEATS).then_some(Seat(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// `S`, `E`, `N` or `W` (RULES-4P.md notation).
    pub fn letter(self) -> char {
        b"SENW"[self.index()] as char
    }

    pub fn from_letter(c: char) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| s.letter() == c)
    }

    /// `0`..`3`, the digit of a piece in a position string.
    pub fn digit(self) -> char {
        (b'0' + self.0) as char
    }

    pub fn from_digit(c: char) -> Option<Seat> {
        c.to_digit(10).and_then(|d| Seat::new(d as usize))
    }

    /// The seat `k` places further round the table (counter-clockwise), 4 seats.
    pub fn plus(self, k: usize) -> Seat {
        Seat(((self.index() + k) % MAX_SEATS) as u8)
    }
}

/// The two seats of the 2-player game are named Red (红: seat 0, moves first, sits at the
/// bottom, rows 1–6) and Black (黑: seat 1). The rules ask the [`Seating`] who is whose enemy;
/// these names serve the 2-player game's notation and its screens.
impl Seat {
    pub const RED: Seat = Seat(0);
    pub const BLACK: Seat = Seat(1);
    /// Red and Black.
    pub const RED_BLACK: [Seat; 2] = [Seat::RED, Seat::BLACK];

    /// `r` or `b`, as in JFEN and the engine protocol (`r` for Red, `b` for any other seat).
    pub fn rb_char(self) -> char {
        if self == Seat::RED {
            'r'
        } else {
            'b'
        }
    }

    pub fn from_rb_char(c: char) -> Option<Seat> {
        match c {
            'r' => Some(Seat::RED),
            'b' => Some(Seat::BLACK),
            _ => None,
        }
    }

    /// `red` or `black`, as the engine protocol, the command line and the screens' classes name
    /// a side of the 2-player game.
    pub fn side_name(self) -> &'static str {
        if self == Seat::RED {
            "red"
        } else {
            "black"
        }
    }

    /// The other seat at the 2-player table ([`Seating::two`]).
    pub fn other_side(self) -> Seat {
        if self == Seat::RED {
            Seat::BLACK
        } else {
            Seat::RED
        }
    }
}

/// Serde for a side of the 2-player game as `"r"` or `"b"` (JFEN's letters), the form every
/// saved game, record and message between devices has always used.
pub mod rb {
    use super::Seat;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(c: &Seat, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0u8; 4];
        s.serialize_str(c.rb_char().encode_utf8(&mut buf))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Seat, D::Error> {
        let s = String::deserialize(d)?;
        let mut chars = s.chars();
        match (chars.next().and_then(Seat::from_rb_char), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(serde::de::Error::unknown_variant(&s, &["r", "b"])),
        }
    }

    /// The same for an optional side (`null` for none).
    pub mod opt {
        use super::Seat;
        use serde::{Deserialize, Deserializer, Serialize, Serializer};

        #[derive(Serialize, Deserialize)]
        struct Side(#[serde(with = "super")] Seat);

        pub fn serialize<S: Serializer>(c: &Option<Seat>, s: S) -> Result<S::Ok, S::Error> {
            c.map(Side).serialize(s)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Seat>, D::Error> {
            Ok(Option::<Side>::deserialize(d)?.map(|Side(c)| c))
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One side of the game: the seats that win or lose together.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Team(u8);

impl Team {
    pub fn new(index: usize) -> Option<Team> {
        (index < MAX_SEATS).then_some(Team(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Team {
    /// `team 0`, `team 1`; [`Seating::team_name`] names a team at its table.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "team {}", self.0)
    }
}

/// One value per seat (four wide; a 2-player game uses the first two).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PerSeat<T>(pub [T; MAX_SEATS]);

impl<T> PerSeat<T> {
    pub fn new_with(mut f: impl FnMut(Seat) -> T) -> PerSeat<T> {
        PerSeat(Seat::ALL.map(&mut f))
    }

    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;
    fn index(&self, s: Seat) -> &T {
        &self.0[s.index()]
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, s: Seat) -> &mut T {
        &mut self.0[s.index()]
    }
}

/// Which way the turn passes round the table (RULES-4P.md §5, §8 row 2).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Order {
    /// S → E → N → W: the next player is the one on your right (default).
    #[default]
    CounterClockwise,
    /// S → W → N → E.
    Clockwise,
}

/// Whose pieces a seat may see (the information modes, RULES-4P.md §6.3 and RULES.md §7).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Visibility {
    /// Only one's own (四暗, 暗棋).
    #[default]
    Own,
    /// One's own and the partner's (双明).
    Team,
    /// Everything (全明, 明棋).
    All,
}

/// The table: how many seats, how they make teams, the turn order, who moves first and who is
/// still in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Seating {
    seats: u8,
    /// How many teams: 2 (seat `s` is on team `s mod 2`, partners opposite) or one per seat.
    teams: u8,
    order: Order,
    first: Seat,
    /// Bit `s` set: seat `s` is still in.
    alive: u8,
}

impl Seating {
    /// Four seats, partners opposite, counter-clockwise from S.
    pub fn four() -> Seating {
        Seating {
            seats: 4,
            teams: 2,
            order: Order::CounterClockwise,
            first: Seat::S,
            alive: 0b1111,
        }
    }

    /// Two seats (Red = 0, Black = 1), each its own team.
    pub fn two() -> Seating {
        Seating {
            seats: 2,
            teams: 2,
            order: Order::CounterClockwise,
            first: Seat::S,
            alive: 0b11,
        }
    }

    /// `seats` seats (2 to 4) round the table, each for himself (四方混战 with four, 三国 with
    /// three), counter-clockwise from S.
    pub fn each(seats: usize) -> Seating {
        let n = seats.clamp(2, MAX_SEATS) as u8;
        Seating {
            seats: n,
            teams: n,
            order: Order::CounterClockwise,
            first: Seat::S,
            alive: (1u8 << n) - 1,
        }
    }

    pub fn with_order(mut self, order: Order) -> Seating {
        self.order = order;
        self
    }

    /// Who moves first; a seat outside the table leaves it unchanged.
    pub fn with_first(mut self, first: Seat) -> Seating {
        if first.index() < self.count() {
            self.first = first;
        }
        self
    }

    pub fn count(&self) -> usize {
        self.seats as usize
    }

    pub fn order(&self) -> Order {
        self.order
    }

    pub fn first(&self) -> Seat {
        self.first
    }

    /// The seats at this table, in seat order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().take(self.count())
    }

    pub fn contains(&self, s: Seat) -> bool {
        s.index() < self.count()
    }

    pub fn team(&self, s: Seat) -> Team {
        Team((s.index() % self.teams()) as u8)
    }

    /// How many teams: 2 at the 2-player table and at 四国, one per seat when each plays for
    /// himself.
    pub fn teams(&self) -> usize {
        self.teams as usize
    }

    /// The teams that still have a seat in, in team order.
    pub fn teams_in(&self) -> impl Iterator<Item = Team> + '_ {
        (0..self.teams())
            .map(|t| Team(t as u8))
            .filter(|&t| !self.team_is_out(t))
    }

    /// The seats of `t`.
    pub fn members(&self, t: Team) -> impl Iterator<Item = Seat> + '_ {
        self.seats().filter(move |&s| self.team(s) == t)
    }

    /// `S+N` and `E+W` at a 4-seat table of two teams, the seat's letter for a seat playing for
    /// himself, `red` and `black` at a 2-seat table.
    pub fn team_name(&self, t: Team) -> String {
        if self.seats == 2 {
            return if t.0 == 0 { "red" } else { "black" }.to_string();
        }
        let letters: Vec<String> = self.members(t).map(|s| s.letter().to_string()).collect();
        letters.join("+")
    }

    /// The partner opposite, at a 4-seat table of two teams.
    pub fn partner(&self, s: Seat) -> Option<Seat> {
        (self.seats == 4 && self.teams == 2).then(|| s.plus(2))
    }

    /// Are `a` and `b` on different teams (may `a` attack `b`'s pieces)?
    pub fn are_enemies(&self, a: Seat, b: Seat) -> bool {
        self.team(a) != self.team(b)
    }

    /// The seat after `s` in the turn order, whether in or out.
    pub fn next_in_order(&self, s: Seat) -> Seat {
        let n = self.count().max(1);
        let i = match self.order {
            Order::CounterClockwise => (s.index() + 1) % n,
            Order::Clockwise => (s.index() + n - 1) % n,
        };
        Seat(i as u8)
    }

    /// The first seat still in after `s` in the turn order (`s` itself if it is the only one).
    pub fn next_in(&self, s: Seat) -> Option<Seat> {
        let mut t = s;
        for _ in 0..self.count() {
            t = self.next_in_order(t);
            if self.is_in(t) {
                return Some(t);
            }
        }
        None
    }

    pub fn is_in(&self, s: Seat) -> bool {
        self.contains(s) && self.alive & (1 << s.index()) != 0
    }

    /// Takes `s` out of the game (its turns are skipped from now on).
    pub fn eliminate(&mut self, s: Seat) {
        self.alive &= !(1 << s.index());
    }

    /// Puts `s` back in (for setting up positions).
    pub fn reinstate(&mut self, s: Seat) {
        if self.contains(s) {
            self.alive |= 1 << s.index();
        }
    }

    /// Every seat of `t` is out.
    pub fn team_is_out(&self, t: Team) -> bool {
        self.members(t).all(|s| !self.is_in(s))
    }

    /// May `viewer` see the identity of `owner`'s pieces under `v`?
    pub fn sees(&self, viewer: Seat, owner: Seat, v: Visibility) -> bool {
        match v {
            Visibility::All => true,
            Visibility::Team => self.team(viewer) == self.team(owner),
            Visibility::Own => viewer == owner,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_seats_partners_and_order() {
        let t = Seating::four();
        assert_eq!(t.partner(Seat::S), Some(Seat::N));
        assert_eq!(t.partner(Seat::W), Some(Seat::E));
        assert!(t.are_enemies(Seat::S, Seat::E));
        assert!(!t.are_enemies(Seat::S, Seat::N));
        let order: Vec<char> = (0..4)
            .scan(Seat::S, |s, _| {
                let c = s.letter();
                *s = t.next_in_order(*s);
                Some(c)
            })
            .collect();
        assert_eq!(order, vec!['S', 'E', 'N', 'W']);
        let cw = t.with_order(Order::Clockwise);
        assert_eq!(cw.next_in_order(Seat::S), Seat::W);
        assert_eq!(cw.next_in_order(Seat::W), Seat::N);
    }

    #[test]
    fn eliminated_seats_are_skipped() {
        let mut t = Seating::four();
        t.eliminate(Seat::E);
        assert_eq!(t.next_in(Seat::S), Some(Seat::N));
        assert!(!t.team_is_out(t.team(Seat::E)));
        t.eliminate(Seat::W);
        assert!(t.team_is_out(t.team(Seat::E)));
        assert_eq!(t.next_in(Seat::N), Some(Seat::S));
        t.eliminate(Seat::S);
        assert_eq!(t.next_in(Seat::N), Some(Seat::N));
        t.eliminate(Seat::N);
        assert_eq!(t.next_in(Seat::N), None);
    }

    #[test]
    fn teams_are_named_at_their_table() {
        let four = Seating::four();
        assert_eq!(four.team_name(four.team(Seat::N)), "S+N");
        assert_eq!(four.team_name(four.team(Seat::W)), "E+W");
        let two = Seating::two();
        assert_eq!(two.team_name(two.team(Seat::E)), "black");
    }

    #[test]
    fn two_seats_are_two_teams() {
        let t = Seating::two();
        assert_eq!(t.partner(Seat::S), None);
        assert!(t.are_enemies(Seat::new(0).unwrap(), Seat::new(1).unwrap()));
        assert_eq!(t.next_in_order(Seat::E), Seat::S);
        assert!(t.sees(Seat::S, Seat::E, Visibility::All));
        assert!(!t.sees(Seat::S, Seat::E, Visibility::Team));
    }

    #[test]
    fn visibility_by_mode() {
        let t = Seating::four();
        assert!(t.sees(Seat::S, Seat::S, Visibility::Own));
        assert!(!t.sees(Seat::S, Seat::N, Visibility::Own));
        assert!(t.sees(Seat::S, Seat::N, Visibility::Team));
        assert!(!t.sees(Seat::S, Seat::E, Visibility::Team));
        assert!(t.sees(Seat::S, Seat::E, Visibility::All));
    }
}
