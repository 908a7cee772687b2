#!/usr/bin/env bash
# Builds the game and serves it at http://127.0.0.1:8080 (Ctrl-C stops it).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

export PATH="$PWD/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
echo "Junqi: open http://127.0.0.1:8080 once the build below says 'success'"
# No autoreload: its injected script is rewritten per request, so the Content-Security-Policy
# (index.html) cannot allow it, and the service worker serves the cached build until the page's
# "reload" button is pressed anyway.
exec trunk serve --release --no-autoreload --address 127.0.0.1 --port 8080
