#!/usr/bin/env bash
# Sets up what is missing, builds the game once (scripts/build.sh: skipped when dist/ is
# already the build of these sources) and serves it at http://127.0.0.1:8080 until Ctrl-C.
# No file watcher and no rebuild-on-save: a player does not need one, and Trunk's watcher can
# die during a long first build. JUNQI_PORT picks another port.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
bash scripts/build.sh
# exec: Ctrl-C reaches the server itself, which closes its connections and exits 0.
exec node scripts/serve.mjs dist "${JUNQI_PORT:-8080}"
