//! What every test of the `junqi` binary runs it with.
#![allow(dead_code)]

use std::process::{Command, Output};

/// The `junqi` binary under test.
pub const JUNQI: &str = env!("CARGO_BIN_EXE_junqi");

/// The classic start of RULES.md §9.
pub const START: &str = junqi_core::CLASSIC_START;

/// The exit status (-1 when killed), standard output and standard error of a finished run.
pub fn outcome(out: Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `junqi` with `args` to its end.
pub fn junqi(args: &[&str]) -> (i32, String, String) {
    outcome(Command::new(JUNQI).args(args).output().expect("junqi runs"))
}
