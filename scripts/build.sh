#!/usr/bin/env bash
# Builds the release site into dist/ once with Trunk (no file watcher), unless dist/ already
# holds the build of exactly these sources: a stamp of every input's contents and the tool
# versions is kept in target/ after a successful build. `--force` builds in any case.
set -euo pipefail
cd "$(dirname "$0")/.."

export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
STAMP=target/junqi-dist.stamp

# Every file the site is built from, and the tools that build it.
inputs() {
  find Cargo.toml Cargo.lock Trunk.toml index.html package-lock.json .cargo \
    src crates style assets pwa scripts/pwa-postbuild.mjs scripts/styles.mjs \
    -type f ! -path '*/target/*' -print0 2>/dev/null |
    sort -z | xargs -0 sha256sum
  rustc --version
  trunk --version
  wasm-bindgen --version
  wasm-opt --version
}
want=$(inputs | sha256sum | cut -d' ' -f1)

# The stamp also holds the built page's hash, so a dist/ that was built some other way since
# (a debug `trunk build`, say) is not taken for this build.
built() { echo "$want $(sha256sum dist/index.html 2>/dev/null | cut -d' ' -f1)"; }

if [ "${1:-}" != "--force" ] && [ -f dist/index.html ] && [ "$(cat "$STAMP" 2>/dev/null || true)" = "$(built)" ]; then
  echo "build: dist/ is up to date"
  exit 0
fi
rm -f "$STAMP"
echo "build: trunk build --release (a few minutes on 2 cores the first time)"
trunk build --release
mkdir -p target
built >"$STAMP"
