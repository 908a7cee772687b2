#!/usr/bin/env bash
# Installs what building, playing and testing the game needs, skipping whatever is already
# present, so a second run takes seconds. Works as root (or with sudo) on a fresh Debian 12
# machine that has a rustup toolchain, node/npm and apt. Versions: ../shared/TOOLCHAIN.md.
#
#   rust target wasm32-unknown-unknown, rustfmt, clippy      (rustup)
#   trunk 0.21.14, wasm-bindgen-cli = Cargo.lock's version  (cargo install)
#   chromium, chromium-driver, fonts                         (apt)
#   playwright-core, binaryen 132 (wasm-opt)                 (npm ci)
#   the crates of Cargo.lock                                 (cargo fetch)
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
APT_PACKAGES=(chromium chromium-driver fonts-wqy-microhei fonts-liberation)

export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

say() { printf 'setup: %s\n' "$*"; }
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "setup: '$1' is required but not installed ($2)" >&2
    exit 1
  }
}
need rustup "install Rust with rustup: https://rustup.rs"
need cargo "install Rust with rustup: https://rustup.rs"
need npm "install Node.js 20 and npm"

# --- Rust target and components ----------------------------------------------------------
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi
for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    say "adding rust component $component"
    rustup component add "$component"
  fi
done

# --- apt: Chromium, its WebDriver and fonts ----------------------------------------------
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
if ((${#missing[@]})); then
  SUDO=()
  if [ "$(id -u)" -ne 0 ]; then
    need sudo "run as root, or install: ${missing[*]}"
    SUDO=(sudo)
  fi
  say "apt-get install ${missing[*]}"
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null
fi

# --- trunk ---------------------------------------------------------------------------------
if [ "$(trunk --version 2>/dev/null || true)" != "trunk $TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (several minutes on 2 cores)"
  # Thin release profile: trunk's own fat LTO build takes ~16 min on 2 cores, this ~7.
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo install --locked trunk --version "$TRUNK_VERSION"
fi

# --- wasm-bindgen-cli: exactly the wasm-bindgen of Cargo.lock ------------------------------
WASM_BINDGEN_VERSION=$(awk '
  $0 == "name = \"wasm-bindgen\"" { found = 1; next }
  found && /^version = / { gsub(/version = |"/, ""); print; exit }
' Cargo.lock)
if [ -z "$WASM_BINDGEN_VERSION" ]; then
  echo "setup: no wasm-bindgen in Cargo.lock" >&2
  exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null || true)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ] ||
  ! command -v wasm-bindgen-test-runner >/dev/null 2>&1; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (a few minutes)"
  # Its published lock file pins a crate version the registry no longer has, so --locked
  # fails: install without it.
  cargo install --force wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION"
fi

# --- npm: playwright-core (driving /usr/bin/chromium) and binaryen's wasm-opt -------------
stamp=node_modules/.package-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -x node_modules/.bin/wasm-opt ] || [ "$(cat "$stamp" 2>/dev/null || true)" != "$want" ]; then
  say "npm ci"
  npm ci --no-audit --no-fund --loglevel=error </dev/null
  echo "$want" >"$stamp"
fi

# --- crates, so the offline builds (trunk runs cargo --offline) find everything ----------
cargo fetch --locked --quiet

say "ready"
