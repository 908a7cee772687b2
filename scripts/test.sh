#!/usr/bin/env bash
# The one test command: set-up, formatting, lints, native tests of every crate, the release
# web build, browser tests of the app (wasm-bindgen-test in headless Chromium) and end-to-end
# tests of the built site (Playwright). Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

bash scripts/setup.sh

export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
export CHROMEDRIVER=/usr/bin/chromedriver
export WASM_BINDGEN_TEST_WEBDRIVER_JSON="$ROOT/tests/webdriver.json"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
# Property tests draw their cases from this seed, so a run is repeatable: a failure comes back on
# every run until it is fixed. Set another seed to explore more cases.
export PROPTEST_RNG_SEED="${PROPTEST_RNG_SEED:-20261130}"

LOGS=$ROOT/target/test-logs
mkdir -p "$LOGS"
TIMES=()
START=$SECONDS

# step NAME COMMAND...: runs the command, shows and logs its output, records its time.
step() {
  local name=$1
  shift
  local t0=$SECONDS
  printf '\n==> %s: %s\n' "$name" "$*"
  "$@" 2>&1 | tee "$LOGS/$name.log"
  TIMES+=("$(printf '%-12s %4ds' "$name" $((SECONDS - t0)))")
}

step fmt cargo fmt --all --check
step clippy cargo clippy --workspace --all-targets --locked -- -D warnings
step clippy-wasm cargo clippy -p junqi --all-targets --locked --target wasm32-unknown-unknown -- -D warnings
step native cargo test --workspace --locked
step build bash scripts/build.sh --force
# The first visit's weight (issue #15, BENCHMARKS.md "First visit"): fails past the budget.
step budget node scripts/measure-weight.mjs --budget=130000
step wasm cargo test --locked --target wasm32-unknown-unknown -p junqi --test web --test ai_client --test remote
step e2e node --test tests/e2e/

printf '\n==> summary\n'
grep -h '^test result:' "$LOGS/native.log" | awk '{p += $4; f += $6} END {
  printf "native tests (cargo test --workspace): %d passed, %d failed, %d suites\n", p, f, NR }'
grep -h '^test result:' "$LOGS/wasm.log" | sed 's/^/browser tests (wasm-bindgen-test): /'
awk '/^# (tests|pass|fail) / { n[$2] = $3 } END {
  printf "end-to-end tests (playwright): %d tests, %d passed, %d failed\n", n["tests"], n["pass"], n["fail"] }' "$LOGS/e2e.log"
du -b dist/*.wasm | awk '{printf "dist wasm: %d bytes\n", $1}'
printf '%s\n' "${TIMES[@]}"
printf 'all checks passed in %ds\n' $((SECONDS - START))
