//! The notebook: what the public record proves of each followed piece, with its reasons — for
//! players (the app's aid in 暗棋 and 四暗) as much as for programs. Each piece keeps the clues
//! its own record gives (its setup point, its moves, its contacts, a public reveal), the roles
//! those clues allow on their own, and the roles that remain once every army's counts and every
//! link are applied ([`super::Problem::deduce`]); the difference between the two is what the
//! counts prove. Nothing here is a guess: every role kept has a complete assignment agreeing with
//! the whole record as witness (or the search ran out of budget and kept it, [`Notebook::exact`]).

use super::{role_bit, roles_in, Contact, Deduction, PieceRef, Problem, RoleMask};
use crate::Role;

/// One thing the public record shows about a piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Clue {
    /// It moved, first at `ply`: not a landmine or the flag.
    Moved { ply: u32 },
    /// At `ply` it made a run no other piece could (a turn on the railway, or longer than the
    /// railway switches allow): an engineer, or a flying bomb where bombs fly.
    Ran { ply: u32 },
    /// A contact at `ply`. `attacked`: this piece was the attacker. `other`: the role of the
    /// piece it met, when the seat knows it (its own piece, or one shown). `roles`: the roles
    /// this contact alone allows this piece.
    Met {
        ply: u32,
        attacked: bool,
        other: Option<Role>,
        outcome: Contact,
        roles: RoleMask,
    },
    /// Its identity was made public (a flag shown when its army's 司令 fell), at `ply` where
    /// the record says when.
    Shown { ply: Option<u32>, role: Role },
}

/// What the notebook knows of one piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The army it belongs to (an index into [`Notebook::counts`]).
    pub army: usize,
    /// The roles its setup point allows (RULES.md §3 with the game's switches).
    pub setup: RoleMask,
    /// Its clues, in the order of the record.
    pub clues: Vec<Clue>,
    /// The roles its own record allows: the setup point and every clue together.
    pub own: RoleMask,
    /// The roles it can still have, with every army's counts and every link applied.
    pub possible: RoleMask,
    /// Lost: it is off the board, but still uses up its role.
    pub lost: bool,
}

/// Few pieces share the copies of a role that are still unaccounted for: "one 司令 left among
/// these three".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Among {
    pub role: Role,
    /// Copies of the role not yet proven on a piece.
    pub left: u8,
    /// The pieces (indices into [`Notebook::notes`]) that may be one of them, not yet proven.
    pub pieces: Vec<usize>,
}

/// Every followed piece's note.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notebook {
    pub notes: Vec<Note>,
    /// Each army's copies of each role, indexed by `role as usize`.
    pub counts: Vec<[u8; 12]>,
    /// False when the search budget ran out: some roles kept may still be impossible.
    pub exact: bool,
}

/// Each followed piece as the record reader saw it: its place in the problem, what its own
/// record allows, its setup roles, its clues, and whether it is lost.
pub(super) struct Followed {
    pub at: PieceRef,
    pub own: RoleMask,
    pub setup: RoleMask,
    pub clues: Vec<Clue>,
    pub lost: bool,
}

impl Clue {
    /// The ply of the record it was read from, where the record says.
    pub fn ply(&self) -> Option<u32> {
        match *self {
            Clue::Moved { ply } | Clue::Ran { ply } | Clue::Met { ply, .. } => Some(ply),
            Clue::Shown { ply, .. } => ply,
        }
    }
}

impl Notebook {
    /// The notebook of `problem` (whose sets are the pieces' own, or narrowed soundly from
    /// them). A record that contradicts itself (a position set up by hand) keeps each piece's
    /// own set.
    pub(super) fn new(problem: &Problem, followed: Vec<Followed>) -> Notebook {
        let deduced = problem.deduce().ok();
        let exact = deduced.as_ref().is_none_or(|d| d.exact);
        let notes = followed
            .into_iter()
            .map(|f| Note {
                army: f.at.army,
                setup: f.setup,
                own: f.own,
                possible: deduced
                    .as_ref()
                    .and_then(|d: &Deduction| d.possible.get(f.at.army)?.get(f.at.piece).copied())
                    .unwrap_or(f.own),
                clues: f.clues,
                lost: f.lost,
            })
            .collect();
        Notebook {
            notes,
            counts: problem.armies.iter().map(|a| a.counts).collect(),
            exact,
        }
    }

    /// The roles piece `i`'s own record allows that the counts (and the other pieces' records)
    /// rule out.
    pub fn by_counts(&self, i: usize) -> RoleMask {
        self.notes.get(i).map_or(0, |n| n.own & !n.possible)
    }

    /// For each role piece `i` may have that is not yet proven on it: the copies still
    /// unaccounted for and the pieces that may hold them, when at most `most` pieces do and
    /// they are more than the copies (when they are as many, each is proven already).
    pub fn among(&self, i: usize, most: usize) -> Vec<Among> {
        let Some(note) = self.notes.get(i) else {
            return Vec::new();
        };
        if note.possible.count_ones() < 2 {
            return Vec::new();
        }
        let army: Vec<(usize, &Note)> = self
            .notes
            .iter()
            .enumerate()
            .filter(|(_, n)| n.army == note.army)
            .collect();
        roles_in(note.possible)
            .filter_map(|role| {
                let b = role_bit(role);
                let proven = army.iter().filter(|(_, n)| n.possible == b).count();
                let left = self.counts[note.army][role as usize].saturating_sub(proven as u8);
                let pieces: Vec<usize> = army
                    .iter()
                    .filter(|(_, n)| n.possible & b != 0 && n.possible != b)
                    .map(|(j, _)| *j)
                    .collect();
                (left > 0 && pieces.len() <= most && pieces.len() > usize::from(left))
                    .then_some(Among { role, left, pieces })
            })
            .collect()
    }
}
