#!/usr/bin/env bash
# Strength benchmarks of the computer player (BENCHMARKS.md): 200 games per line, fixed seeds,
# colours alternating. Takes about an hour on 2 cores. Usage: bash scripts/bench-ai.sh [games]
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-200}"
cargo build --release -q -p junqi-cli
J=target/release/junqi
run() { echo "\$ junqi match $* --games $games --seed 1"; "$J" match "$@" --games "$games" --seed 1; echo; }
# The lower 暗棋 ladder lines take seconds: five times the games, for a narrower interval.
long() { echo "\$ junqi match $* --games $((games * 5)) --seed 1"; "$J" match "$@" --games $((games * 5)) --seed 1; echo; }
for mode in open dark flip; do
  run --red level:5 --black random --mode "$mode"
  run --red level:5 --black greedy --mode "$mode"
done
for mode in open dark flip; do
  lower=run
  [ "$mode" = dark ] && lower=long
  $lower --red level:2 --black level:1 --mode "$mode"
  $lower --red level:3 --black level:2 --mode "$mode"
  $lower --red level:4 --black level:3 --mode "$mode"
  run --red level:5 --black level:4 --mode "$mode"
done
