//! Teaching 明棋 to children: the course's screens state ([`lesson::Learn`]), child profiles
//! with their stars, the grown-up settings, and the helpers real games get (hints, attack
//! preview). The lessons and their referee live in `junqi-learn`; nothing here re-derives a rule.

pub mod assist;
pub mod demo;
pub mod gate;
pub mod grownup;
pub mod lesson;
pub mod profiles;
pub mod puzzles;
pub mod speech;
