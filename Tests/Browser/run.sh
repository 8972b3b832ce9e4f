#!/usr/bin/env bash
# The browser checks `make test` runs after the Swift tests: the traveller's journey in Chromium
# (phone and desktop), the W3C Nu checker and axe-core. Expects `swift build` done (the debug
# binary the Swift process tests run too; RAILBOOK_BINARY names another, a release build say) and
# the Debian packages installed (the Makefile's browser-test target does both).
# Results (screenshots, pages, report) go to test-results/.
set -euo pipefail
cd "$(dirname "$0")/../.."
RESULTS=$(realpath -m "${RESULTS:-test-results}")
ROOT=$(pwd)
python=$(Tests/Browser/setup.sh | tail -n 1)
mkdir -p "$RESULTS"
cd Tests/Browser
exec "$python" -m railbook_browser --railbook "${RAILBOOK_BINARY:-$ROOT/.build/debug/railbook}" --root "$ROOT" \
  --results "$RESULTS" --saved-pages "$RESULTS/pages"
