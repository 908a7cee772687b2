//! Tests of everything the app keeps in storage, across its layers (the game's saves and
//! choices, the course's grown-up settings and profiles): the golden fixtures every later
//! format must still read, and the fuzzing of every parser.

mod fixtures;
#[cfg(not(target_arch = "wasm32"))]
mod fuzz;
