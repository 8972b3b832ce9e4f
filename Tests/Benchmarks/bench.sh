#!/usr/bin/env bash
# Benchmarks a release server on loopback with wrk (keep-alive): the home page rendered through
# the layout against the static stylesheet served by the same server, in the same run.
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=${BENCH_PORT:-18080}
DURATION=${BENCH_DURATION:-10s}
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

# The access log stays on (as in production) and goes to a file.
.build/release/railbook serve --port "$PORT" --database "$work/railbook.sqlite" >"$work/access.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  curl -fs -o /dev/null "http://127.0.0.1:$PORT/" && break
  sleep 0.1
done

run() { # name path
  local rate
  rate=$(wrk -t2 -c64 -d"$DURATION" --latency "http://127.0.0.1:$PORT$2" | tee "$work/$1.txt" | awk '/Requests\/sec/ {print $2}')
  echo "$rate"
}

echo "wrk -t2 -c64 -d$DURATION on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
static=$(run static /css/site.css)
home=$(run home /)
printf '%-28s %12s req/s\n' "static /css/site.css" "$static" "home page /" "$home"
awk -v h="$home" -v s="$static" 'BEGIN { printf "home / static ratio:         %.2f\n", h / s }'
