#!/usr/bin/env bash
# Reruns the 四国 computer-player table of BENCHMARKS.md (200 games a line, fixed seeds).
# Slow on a shared 2-core machine: about an hour and a half.
set -euo pipefail
cd "$(dirname "$0")/.."
nice -n 15 cargo build --release -p junqi-cli
J=target/release/junqi
m() { echo "junqi match $*"; nice -n 15 "$J" match "$@" --threads 2; echo; }
m --seats level:3,random,level:3,random --mode siguo-open --games 200 --seed 2026
m --seats level:3,random,level:3,random --mode siguo-dark --games 200 --seed 2026
m --seats level:3,greedy,level:3,greedy --mode siguo-open --games 200 --seed 2026
m --seats level:3,greedy,level:3,greedy --mode siguo-dark --games 200 --seed 2026
m --seats level:3,greedy,random,greedy --mode siguo-open --games 200 --seed 2026
m --seats level:3,greedy,random,greedy --mode siguo-dark --games 200 --seed 2026
# Level 5 against level 3 in blocks of 25 games (seeds 2027, 2028, ...), summed in the table.
for k in 1 2 3 4 5 6 7 8; do
  m --seats level:5,level:3,level:5,level:3 --mode siguo-open --games 25 --seed $((2026 + k))
done
