#!/usr/bin/env bash
# Railbook benchmarks on loopback with a release build. wrk (keep-alive, -t2 -c64) measures pages
# against the static stylesheet served by the same server in the same run, so the ratios hold even
# when absolute figures drift. Then, on the synthetic national network, the server time of searches.
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=${BENCH_PORT:-18080}
DURATION=${BENCH_DURATION:-10s}
SEARCHES=${BENCH_SEARCHES:-200}
work=$(mktemp -d)
server=""
stop_server() { if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi; }
trap 'stop_server; rm -rf "$work"' EXIT

start_server() { # database log
  .build/release/railbook serve --port "$PORT" --database "$1" >"$2" 2>&1 &
  server=$!
  for _ in $(seq 1 300); do curl -fs -o /dev/null "http://127.0.0.1:$PORT/css/site.css" && return; sleep 0.1; done
  echo "server did not start" >&2; exit 1
}

rate() { # path
  wrk -t2 -c64 -d"$DURATION" "http://127.0.0.1:$PORT$1" | awk '/Requests\/sec/ {print $2}'
}

tomorrow=$(TZ=Asia/Shanghai date -d tomorrow +%F)
busy="/search?from=%E5%8C%97%E4%BA%AC&to=%E4%B8%8A%E6%B5%B7&date=$tomorrow"

echo "== Pages (demo data; access log on, written to a file) =="
echo "wrk -t2 -c64 -d$DURATION on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
start_server "$work/demo.sqlite" "$work/demo.log"
trains=$(curl -fs "http://127.0.0.1:$PORT$busy" | grep -o 'class="trip" data-train' | wc -l)
static=$(rate /css/site.css)
home=$(rate /)
results=$(rate "$busy")
printf '%-40s %12s req/s\n' "static /css/site.css" "$static" "home page /" "$home" "results Beijing→Shanghai ($trains trains)" "$results"
awk -v h="$home" -v r="$results" -v s="$static" 'BEGIN { printf "home / static:    %.2f\nresults / static: %.2f\n", h / s, r / s }'
stop_server

echo "== Search on the national network =="
.build/release/railbook seed --scale national --database "$work/national.sqlite"
ls -l "$work/national.sqlite" | awk '{ printf "database size: %.0f MB\n", $5 / 1048576 }'
start_server "$work/national.sqlite" "$work/national.log"
day=$(TZ=Asia/Shanghai date -d '+2 days' +%F)
for i in $(seq 1 "$SEARCHES"); do
  line=$((i % 100 + 1)); from=$((i % 9 + 1)); to=$((from + 10 + i % 10))
  curl -fs -o /dev/null "http://127.0.0.1:$PORT/search?from=%E7%BA%BF${line}%E7%AB%99${from}&to=%E7%BA%BF${line}%E7%AB%99${to}&date=$day"
done
grep '^GET /search ' "$work/national.log" | awk '{ sub("µs", "", $5); print $5 }' | sort -n \
  | awk '{ t[NR] = $1 } END { printf "%d searches, server time median %.1f ms, 90th percentile %.1f ms\n", NR, t[int((NR + 1) / 2)] / 1000, t[int(NR * 0.9)] / 1000 }'
