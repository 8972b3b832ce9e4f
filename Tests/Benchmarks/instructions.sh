#!/usr/bin/env bash
# Instructions per uncached results page, counted by callgrind: a release `railbook serve` on the
# demo data under valgrind, the search mix of bench.sh's mixed section asked once to fill the
# caches and 300 pages more to warm them, then the counters zeroed and N pages asked one at a time,
# each with a parameter of its own (as UNIQUE=1 does), so no page comes from the results cache.
# The count is the same from run to run (no lock waits, no other work), so it compares builds where
# the rates of two busy cores cannot; copies (`rep movsb`) count one instruction a byte.
# Usage: instructions.sh [N] — BENCH_BINARY runs another build, BENCH_ROOT its checkout's files.
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=${BENCH_PORT:-18091}
COUNT=${1:-750}
RAILBOOK=${BENCH_BINARY:-.build/release/railbook}
ROOT=${BENCH_ROOT:-.}
work=$(mktemp -d)
server=""
trap 'if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi; rm -rf "$work"' EXIT
"$RAILBOOK" seed --scale demo --database "$work/demo.sqlite" >/dev/null
"$RAILBOOK" migrate --database "$work/demo.sqlite" >/dev/null
python3 Tests/Benchmarks/search_paths.py "$work/demo.sqlite" "$work/mix.txt" >/dev/null
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out.%p" \
  "$RAILBOOK" serve --port "$PORT" --database "$work/demo.sqlite" --root "$ROOT" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 600); do curl -fs -o /dev/null "http://127.0.0.1:$PORT/css/site.css" && break; sleep 0.2; done
# ask PORT PATHS COUNT TAG: the first COUNT paths (round again if fewer) on one connection; TAG "-" adds nothing.
ask() {
  python3 - "$@" <<'PY'
import http.client, sys
port, mix, count, tag = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
paths = [line.strip() for line in open(mix) if line.strip()]
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
failed = 0
for index in range(count):
    path = paths[index % len(paths)] + ("" if tag == "-" else f"&n={tag}-{index}")
    connection.request("GET", path, headers={"Cookie": "welcomed=1", "Accept-Language": "zh-CN"})
    response = connection.getresponse()
    response.read()
    failed += response.status != 200
if failed:
    sys.exit(f"{failed} of {count} pages were not 200")
PY
}
ask "$PORT" "$work/mix.txt" "$(wc -l < "$work/mix.txt")" -
ask "$PORT" "$work/mix.txt" 300 warm
callgrind_control -z "$server" >/dev/null 2>&1
ask "$PORT" "$work/mix.txt" "$COUNT" unique
callgrind_control -d "$server" >/dev/null 2>&1
sleep 1
profile=$(ls -t "$work"/callgrind.out.*.* | head -1)
total=$(callgrind_annotate "$profile" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
echo "uncached results pages: $COUNT asked, $total instructions, $((total / COUNT)) per page ($(date -u +%Y-%m-%dT%H:%MZ))"
