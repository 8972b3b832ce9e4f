#!/usr/bin/env bash
# Prepares the GTFS readers of the feed tests: a venv with gtfs-realtime-bindings and partridge from
# PyPI (gtfs-requirements.txt). Prints the venv's python on its last line. Run again, it only redoes
# what changed.
set -euo pipefail
cd "$(dirname "$0")"
VENV=$(realpath -m "${GTFS_VENV:-../../.build/gtfs-venv}")
if [ -x "$VENV/bin/python" ] && ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
  rm -rf "$VENV"
fi
if [ ! -x "$VENV/bin/python" ]; then
  python=$(command -v python3)
  "$python" -m venv "$VENV" >&2
fi
stamp="$VENV/.requirements"
if ! cmp -s gtfs-requirements.txt "$stamp"; then
  for attempt in 1 2 3; do
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r gtfs-requirements.txt >&2 && break
    [ "$attempt" = 3 ] && { echo "gtfs_setup.sh: pip could not install gtfs-requirements.txt" >&2; exit 1; }
    sleep 5
  done
  cp gtfs-requirements.txt "$stamp"
fi
echo "$VENV/bin/python"
