#!/usr/bin/env bash
# Railbook benchmarks on loopback with a release build. wrk (keep-alive, -t2 -c64) measures pages
# against the static stylesheet served by the same server in the same run, so the ratios hold even
# when absolute figures drift. Then, on the synthetic national network, the server time of searches.
# Then the resident size of a server on the national network before and after many different searches.
# Then bookings end to end over HTTP on the demo data (prepare_bookings.py, book.lua), then the
# payment confirmations (signed provider notifications) of the orders they made (prepare_payments.py).
# Then hostile clients (hostile.py): the home page's latency alone, during 1,100 slow connections
# from one address, and during a flood of 30 logins a second.
# Then the mixed load (search_paths.py, search_mix.lua, paced_bookings.py): searches while bookings run.
# Then running data (running): the station board and a train's status page against the stylesheet, and
# signed running reports (prepare_reports.py) against bookings, both durable.
# Then the server's CPU time per request (cpu): the uncached search mix, a cached page and the stylesheet.
# Usage: bench.sh [pages] [search] [memory] [hostile] [bookings] [payments] [mixed] [running] [cpu] — the sections to
# run, all by default (payments needs bookings before it). BENCH_BINARY runs another build (for example an older one),
# BENCH_ROOT the templates and static files of another checkout with it.
# Pages, the mixed load and the uncached page are measured in three rounds, each ratio within its round.
# Run by name only: bookings-postgres, payments-postgres and cluster (see their comments below).
set -euo pipefail
cd "$(dirname "$0")/../.."
PORT=${BENCH_PORT:-18080}
DURATION=${BENCH_DURATION:-10s}
SEARCHES=${BENCH_SEARCHES:-200}
BOOKINGS=${BENCH_BOOKINGS:-60000}
# Confirming is faster than booking: a shorter run, so the orders booked above do not run out.
PAYMENT_DURATION=${BENCH_PAYMENT_DURATION:-3s}
MEMORY_SEARCHES=${BENCH_MEMORY_SEARCHES:-10000}
RAILBOOK=${BENCH_BINARY:-.build/release/railbook}
ROOT=${BENCH_ROOT:-.}
sections=${*:-pages search memory hostile bookings payments mixed running cpu}
wants() { [[ " $sections " == *" $1 "* ]]; }
work=$(mktemp -d)
server=""
stop_server() { if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; server=""; fi; }
trap 'stop_server; rm -rf "$work"' EXIT

start_server() { # database log [serve options]
  "$RAILBOOK" serve --port "$PORT" --database "$1" --root "$ROOT" "${@:3}" >"$2" 2>&1 &
  server=$!
  for _ in $(seq 1 300); do curl -fs -o /dev/null "http://127.0.0.1:$PORT/css/site.css" && return; sleep 0.1; done
  echo "server did not start" >&2; exit 1
}

rate() { # path
  wrk -t2 -c64 -d"$DURATION" "http://127.0.0.1:$PORT$1" | awk '/Requests\/sec/ {print $2}'
}

# The middle one of three figures.
median() { echo "$@" | tr ' ' '\n' | grep . | sort -n | sed -n 2p; }

tomorrow=$(TZ=Asia/Shanghai date -d tomorrow +%F)
busy="/search?from=%E5%8C%97%E4%BA%AC&to=%E4%B8%8A%E6%B5%B7&date=$tomorrow"

if wants pages; then
echo "== Pages (demo data; access log on, written to a file) =="
echo "wrk -t2 -c64 -d$DURATION on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
start_server "$work/demo.sqlite" "$work/demo.log"
trains=$(curl -fs "http://127.0.0.1:$PORT$busy" | grep -o 'class="trip" data-train' | wc -l)
# Three rounds of static, home and results, each ratio against the static run of its own round
# (the machine's speed drifts from one run to the next); the median of the three is the figure.
home_ratios="" results_ratios=""
for round in 1 2 3; do
  static=$(rate /css/site.css)
  home=$(wrk -t2 -c64 -d"$DURATION" -H 'Cookie: welcomed=1' "http://127.0.0.1:$PORT/" | awk '/Requests\/sec/ {print $2}') # past the first-visit welcome
  results=$(rate "$busy")
  printf 'round %d: %-40s %12s req/s\n' "$round" "static /css/site.css" "$static"
  printf 'round %d: %-40s %12s req/s\n' "$round" "home page /" "$home" "$round" "results Beijing→Shanghai ($trains trains)" "$results"
  home_ratios="$home_ratios $(awk -v a="$home" -v s="$static" 'BEGIN { printf "%.2f", a / s }')"
  results_ratios="$results_ratios $(awk -v a="$results" -v s="$static" 'BEGIN { printf "%.2f", a / s }')"
done
echo "home / static, per round:$home_ratios (median $(median $home_ratios))"
echo "results / static, per round:$results_ratios (median $(median $results_ratios))"
stop_server
fi

if wants search; then
echo "== Search on the national network =="
echo "$(date -u +%Y-%m-%dT%H:%MZ), load average before: $(uptime | sed 's/.*load average: //')"
"$RAILBOOK" seed --scale national --database "$work/national.sqlite"
ls -l "$work/national.sqlite" | awk '{ printf "database size: %.0f MB\n", $5 / 1048576 }'
start_server "$work/national.sqlite" "$work/national.log"
day=$(TZ=Asia/Shanghai date -d '+2 days' +%F)
for i in $(seq 1 "$SEARCHES"); do
  line=$((i % 100 + 1)); from=$((i % 9 + 1)); to=$((from + 10 + i % 10))
  curl -fs -o /dev/null "http://127.0.0.1:$PORT/search?from=%E7%BA%BF${line}%E7%AB%99${from}&to=%E7%BA%BF${line}%E7%AB%99${to}&date=$day"
done
# The first search of the day also reads the runs of the 15 days of the lowest-fare strip.
grep '^GET /search ' "$work/national.log" | head -1 | awk '{ sub("µs", "", $5); printf "first search (runs of the presale window read): %.1f ms\n", $5 / 1000 }'
grep '^GET /search ' "$work/national.log" | awk '{ sub("µs", "", $5); print $5 }' | sort -n \
  | awk '{ t[NR] = $1 } END { printf "%d searches, server time median %.1f ms, 90th percentile %.1f ms, 99th percentile %.1f ms\n", NR, t[int((NR + 1) / 2)] / 1000, t[int(NR * 0.9)] / 1000, t[int(NR * 0.99)] / 1000 }'
stop_server
# The same searches with second class sold out in parts on that day, so that each result row works
# out a same-train seat change (fragment_seats.py); the first search is left out as above.
python3 "$(dirname "$0")/fragment_seats.py" "$work/national.sqlite" "$day"
start_server "$work/national.sqlite" "$work/fragmented.log"
for i in $(seq 1 "$SEARCHES"); do
  line=$((i % 100 + 1)); from=$((i % 9 + 1)); to=$((from + 10 + i % 10))
  curl -fs -o "$work/fragmented.html" "http://127.0.0.1:$PORT/search?from=%E7%BA%BF${line}%E7%AB%99${from}&to=%E7%BA%BF${line}%E7%AB%99${to}&date=$day"
  { grep -o 'data-seat-change="' "$work/fragmented.html" || true; } | wc -l >> "$work/offers.txt"
done
awk '{ n += $1; if ($1 > 0) pages++ } END { printf "seat changes offered: %d on %d of %d pages\n", n, pages, NR }' "$work/offers.txt"
grep '^GET /search ' "$work/fragmented.log" | tail -n +2 | awk '{ sub("µs", "", $5); print $5 }' | sort -n \
  | awk '{ t[NR] = $1 } END { printf "second class sold out in parts: %d searches, server time median %.1f ms, 90th percentile %.1f ms, 99th percentile %.1f ms\n", NR, t[int((NR + 1) / 2)] / 1000, t[int(NR * 0.9)] / 1000, t[int(NR * 0.99)] / 1000 }'
stop_server
fi

if wants memory; then
echo "== Memory on the national network ($MEMORY_SEARCHES different searches) =="
[ -f "$work/national.sqlite" ] || "$RAILBOOK" seed --scale national --database "$work/national.sqlite" >/dev/null
start_server "$work/national.sqlite" "$work/memory.log" ${BENCH_SERVE_OPTIONS:-}
resident() { awk '/^(VmRSS|VmHWM):/ { printf "%s %.0f MB  ", $1, $2 / 1024 }' "/proc/$server/status"; echo; }
echo "$(date -u +%Y-%m-%dT%H:%MZ), load average before: $(uptime | sed 's/.*load average: //')"
echo "serve ${BENCH_SERVE_OPTIONS:-(default options)}, before: $(resident)"
# Distinct queries: a line, two stations of it in different cities (either direction), a day of the
# presale window; so most runs of the window are read and most results pages are different.
dates=$(for day in $(seq 0 14); do TZ=Asia/Shanghai date -d "+$day days" +%F; done)
awk -v count="$MEMORY_SEARCHES" -v dates="$dates" -v port="$PORT" 'BEGIN {
  srand(12306); split(dates, date, "\n")
  while (made < count) {
    line = int(rand() * 100) + 1; from = int(rand() * 30) + 1; to = int(rand() * 30) + 1; day = int(rand() * 15) + 1
    if (int((from - 1) / 3) == int((to - 1) / 3) || seen[line, from, to, day]++) continue
    made++
    printf "url = \"http://127.0.0.1:%d/search?from=%%E7%%BA%%BF%d%%E7%%AB%%99%d&to=%%E7%%BA%%BF%d%%E7%%AB%%99%d&date=%s\"\noutput = /dev/null\n", port, line, from, line, to, date[day]
  }
}' > "$work/memory-searches.curl"
began=$(date +%s.%N)
curl -s --no-progress-meter --parallel --parallel-max 2 -K "$work/memory-searches.curl" -w '%{http_code}\n' > "$work/memory-statuses.txt"
ended=$(date +%s.%N)
awk -v began="$began" -v ended="$ended" '{ n[$1]++; total++ } END {
  printf "%d searches in %.1f s = %.0f searches/s; answers:", total, ended - began, total / (ended - began)
  for (status in n) printf " %s ×%d", status, n[status]; print "" }' "$work/memory-statuses.txt"
echo "after: $(resident)"
stop_server
fi

if wants hostile; then
echo "== Hostile clients (demo data; home page fetched on a new connection every 0.25 s from 127.0.0.1) =="
echo "on $(nproc) cores, load average before: $(uptime | sed 's/.*load average: //')"
"$RAILBOOK" seed --scale demo --database "$work/hostile.sqlite" >/dev/null
start_server "$work/hostile.sqlite" "$work/hostile.log"
for case in baseline slow logins; do python3 Tests/Benchmarks/hostile.py "$PORT" "$case"; done
stop_server
fi

# Starts the server under strace counting its flushes (fsync, fdatasync; seccomp-bpf, so only
# those calls stop it): database log durability.
start_traced_server() {
  strace -f --seccomp-bpf -e trace=fsync,fdatasync -c -o "$work/strace-$3.txt" \
    "$RAILBOOK" serve --port "$PORT" --database "$1" --durability "$3" >"$2" 2>&1 &
  server=$!
  for _ in $(seq 1 300); do curl -fs -o /dev/null "http://127.0.0.1:$PORT/css/site.css" && return; sleep 0.1; done
  echo "server did not start" >&2; exit 1
}

# Stops the traced server (SIGTERM to railbook itself; strace then writes its count and ends).
stop_traced_server() {
  pkill -TERM -P "$server" || true
  wait "$server" 2>/dev/null || true
  server=""
}

flushes() { # durability
  awk '/fsync|fdatasync/ { n += $4 } END { print n + 0 }' "$work/strace-$1.txt"
}

# Prints what book.lua counted (rate, other answers, latency from request to answer) and the
# flushes per counted answer of one run: output label durability.
report() {
  local counted
  counted=$(awk -v label="$2" 'index($0, label " (") == 1 { sub(/^[^)]*\): /, ""); print $1; exit }' "$1")
  sed -n "/^$2 (/,\$p" "$1"
  awk -v f="$(flushes "$3")" -v n="$counted" 'BEGIN { if (n > 0) printf "flushes (fsync+fdatasync): %d for %d answers = %.3f per answer\n", f, n, f / n }'
}

# Seeds the booking benchmark's SQLite database and prepares its bookings (prepare_bookings.py).
prepare_sqlite_bookings() {
  "$RAILBOOK" seed --scale demo --database "$work/book.sqlite" >/dev/null
  "$RAILBOOK" migrate --database "$work/book.sqlite" >/dev/null # creates the site keys the CSRF tokens need
  python3 Tests/Benchmarks/prepare_bookings.py "$work/book.sqlite" "$work/bookings.tsv" --bookings "$BOOKINGS"
}

# Runs the booking benchmark on a copy of the prepared SQLite database, then checks it: durability.
sqlite_bookings() {
  local durability=$1 journal synchronous
  journal=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("PRAGMA journal_mode").fetchone()[0])' "$work/book.sqlite")
  cp "$work/book.sqlite" "$work/book-$durability.sqlite"
  case $durability in relaxed) synchronous=NORMAL ;; *) synchronous=FULL ;; esac
  echo "-- --durability $durability: SQLite journal_mode=$journal, synchronous=$synchronous, group commit"
  start_traced_server "$work/book-$durability.sqlite" "$work/book-$durability.log" "$durability"
  echo "wrk -t2 -c64 -d$DURATION on $(nproc) cores, load average before: $(uptime | sed 's/.*load average: //')"
  WRK_THREADS=2 wrk -t2 -c64 -d"$DURATION" -s Tests/Benchmarks/book.lua "http://127.0.0.1:$PORT/orders" \
    -- "$work/bookings.tsv" > "$work/wrk-book-$durability.txt"
  stop_traced_server
  report "$work/wrk-book-$durability.txt" bookings "$durability"
  python3 Tests/Benchmarks/check_bookings.py "$work/book-$durability.sqlite" bookings
}

if wants bookings; then
echo "== Bookings over HTTP (demo data; logged-in users, CSRF, seat assignment, order in one transaction, 303) =="
prepare_sqlite_bookings
for durability in relaxed durable; do sqlite_bookings "$durability"; done
fi

if wants payments; then
echo "== Payment confirmations over HTTP (signed notifications for the orders booked above: order paid, tickets issued) =="
if [ ! -f "$work/book-durable.sqlite" ]; then echo "skipped: run the bookings section first (bench.sh bookings payments)"; exit 0; fi
for durability in relaxed durable; do
  echo "-- --durability $durability"
  python3 Tests/Benchmarks/prepare_payments.py "$work/book-$durability.sqlite" "$work/payments-$durability.tsv"
  start_traced_server "$work/book-$durability.sqlite" "$work/pay-$durability.log" "$durability"
  echo "wrk -t2 -c64 -d$PAYMENT_DURATION on $(nproc) cores, load average before: $(uptime | sed 's/.*load average: //')"
  WRK_THREADS=2 wrk -t2 -c64 -d"$PAYMENT_DURATION" -s Tests/Benchmarks/book.lua "http://127.0.0.1:$PORT/payments/notify" \
    -- "$work/payments-$durability.tsv" /payments/notify 200 ok confirmations > "$work/wrk-pay-$durability.txt"
  stop_traced_server
  report "$work/wrk-pay-$durability.txt" confirmations "$durability"
  python3 Tests/Benchmarks/check_bookings.py "$work/book-$durability.sqlite" payments
done
fi


# On PostgreSQL (run by name only: bench.sh bookings-postgres [payments-postgres]): the same booking
# benchmark on a cluster started with scripts/postgres-cluster.sh (fsync, synchronous_commit and
# full_page_writes on), one fresh copy of the prepared database for each run of BENCH_PG_RUNS
# (durability:pool size), beside the SQLite durable figure measured in the same run. Flushes are
# the cluster's WAL syncs (pg_stat_wal); CPU is utime + stime of railbook and of the cluster's processes.
PG_RUNS=${BENCH_PG_RUNS:-durable:4 durable:8 durable:16 relaxed:8}
cluster=""
stop_cluster() { if [ -n "$cluster" ]; then scripts/postgres-cluster.sh stop "$cluster/pg" >/dev/null 2>&1 || true; rm -rf "$cluster"; cluster=""; fi; }
trap 'stop_server; stop_cluster; rm -rf "$work"' EXIT
# CPU seconds (user + system) of the given processes, those that still run.
cpu_seconds() { for pid in "$@"; do cat "/proc/$pid/stat" 2>/dev/null || true; done | awk -v t="$(getconf CLK_TCK)" '{ s += $14 + $15 } END { printf "%.1f", s / t }'; }
cluster_pids() { local postmaster; postmaster=$(head -1 "$cluster/pg/data/postmaster.pid"); echo "$postmaster" $(pgrep -P "$postmaster"); }
# What book.lua counted in a file (label file): the answers, and the answers per second.
answered() { awk -v label="$1" 'index($0, label " (") == 1 { sub(/^[^)]*\): /, ""); print $1; exit }' "$2"; }
answer_rate() { awk -v label="$1" 'index($0, label " (") == 1 { for (i = 1; i <= NF; i++) if ($i == "=") print $(i + 1); exit }' "$2"; }
# Runs SQL as the cluster's superuser on its maintenance database.
cluster_sql() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$(scripts/postgres-cluster.sh uri "$cluster/pg" postgres postgres)" -c "$1"; }

if wants bookings-postgres; then
echo "== Bookings over HTTP on PostgreSQL (demo data; the bookings section's benchmark; durable cluster) =="
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then echo "skipped: PostgreSQL is not installed (apt-get install postgresql)"; exit 0; fi
if [ ! -f "$work/wrk-book-durable.txt" ]; then
  echo "-- SQLite, for the ratio"
  [ -f "$work/bookings.tsv" ] || prepare_sqlite_bookings
  sqlite_bookings durable
fi
cluster=$(mktemp -d /tmp/railbook-bench-pg.XXXXXX)
chmod 755 "$cluster" # the server runs as the postgres system user when root
prepared=$(scripts/postgres-cluster.sh start "$cluster/pg" book 2>/dev/null)
echo "PostgreSQL $(psql -X -At -d "$prepared" -c 'SHOW server_version'), $(psql -X -At -d "$prepared" -c "SELECT string_agg(name || '=' || current_setting(name), ', ' ORDER BY name) FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes', 'wal_sync_method', 'shared_buffers', 'max_connections')")"
"$RAILBOOK" seed --scale demo --database "$prepared" >/dev/null
"$RAILBOOK" migrate --database "$prepared" >/dev/null
python3 Tests/Benchmarks/prepare_bookings.py "$prepared" "$work/bookings-postgres.tsv" --bookings "$BOOKINGS"
for run in $PG_RUNS; do
  durability=${run%:*} size=${run#*:} name="book_${run/:/_}"
  cluster_sql "CREATE DATABASE $name OWNER railbook TEMPLATE book"
  database=$(scripts/postgres-cluster.sh uri "$cluster/pg" "$name")
  echo "-- --durability $durability --database-connections $size (synchronous_commit=$([ "$durability" = durable ] && echo on || echo off)), $(nproc) cores"
  start_server "$database" "$work/$name.log" --durability "$durability" --database-connections "$size"
  cluster_sql "SELECT pg_stat_reset_shared('wal')" >/dev/null
  echo "wrk -t2 -c64 -d$DURATION, load average before: $(uptime | sed 's/.*load average: //')"
  railbook_cpu=$(cpu_seconds "$server") postgres_cpu=$(cpu_seconds $(cluster_pids))
  WRK_THREADS=2 wrk -t2 -c64 -d"$DURATION" -s Tests/Benchmarks/book.lua "http://127.0.0.1:$PORT/orders" \
    -- "$work/bookings-postgres.tsv" > "$work/wrk-$name.txt"
  railbook_cpu=$(awk -v a="$(cpu_seconds "$server")" -v b="$railbook_cpu" 'BEGIN { printf "%.1f", a - b }')
  postgres_cpu=$(awk -v a="$(cpu_seconds $(cluster_pids))" -v b="$postgres_cpu" 'BEGIN { printf "%.1f", a - b }')
  stop_server
  sleep 1 # the backends report their WAL statistics as they exit
  sed -n '/^bookings (/,$p' "$work/wrk-$name.txt"
  booked=$(answered bookings "$work/wrk-$name.txt")
  psql -X -At -F ' ' -d "$database" -c "SELECT (SELECT COUNT(*) FROM orders WHERE status = 'unpaid'), (SELECT COUNT(*) FROM tickets WHERE status = 'held')" \
    | awk -v r="$(answer_rate bookings "$work/wrk-$name.txt")" '{ printf "tickets: %.2f per booking (held / unpaid orders afterwards) = %.0f tickets/s\n", $2 / $1, r * $2 / $1 }'
  cluster_sql "SELECT wal_sync || ' ' || wal_write FROM pg_stat_wal" | awk -v n="$booked" '{ printf "WAL flushes (pg_stat_wal wal_sync): %d, writes %d, for %d bookings = %.3f flushes per booking\n", $1, $2, n, $1 / n }'
  echo "CPU during the run: railbook ${railbook_cpu} s, postgres ${postgres_cpu} s (of $((2 * ${DURATION%s})) s on 2 cores; the rest is wrk and the machine's other work)"
  python3 Tests/Benchmarks/check_bookings.py "$database" bookings
  echo "$durability $size $(answer_rate bookings "$work/wrk-$name.txt")" >> "$work/postgres-rates.txt"
done
awk -v sqlite="$(answer_rate bookings "$work/wrk-book-durable.txt")" '
  $1 == "durable" && $3 > best { best = $3; size = $2 }
  END { if (sqlite > 0) printf "durable bookings/s, PostgreSQL at its best pool size (%d connections) / SQLite: %d / %d = %.2f\n", size, best, sqlite, best / sqlite }' "$work/postgres-rates.txt"
fi

if wants payments-postgres; then
echo "== Payment confirmations over HTTP on PostgreSQL (the orders booked above with --durability durable --database-connections 8) =="
database=$([ -n "$cluster" ] && scripts/postgres-cluster.sh uri "$cluster/pg" book_durable_8)
if [ -z "$database" ] || ! psql -X -At -d "$database" -c 'SELECT 1' >/dev/null 2>&1; then
  echo "skipped: run bookings-postgres with durable:8 first (bench.sh bookings-postgres payments-postgres)"; exit 0
fi
python3 Tests/Benchmarks/prepare_payments.py "$database" "$work/payments-postgres.tsv"
start_server "$database" "$work/pay-postgres.log" --durability durable --database-connections 8
cluster_sql "SELECT pg_stat_reset_shared('wal')" >/dev/null
echo "wrk -t2 -c64 -d$PAYMENT_DURATION on $(nproc) cores, load average before: $(uptime | sed 's/.*load average: //')"
WRK_THREADS=2 wrk -t2 -c64 -d"$PAYMENT_DURATION" -s Tests/Benchmarks/book.lua "http://127.0.0.1:$PORT/payments/notify" \
  -- "$work/payments-postgres.tsv" /payments/notify 200 ok confirmations > "$work/wrk-pay-postgres.txt"
stop_server
sleep 1
sed -n '/^confirmations (/,$p' "$work/wrk-pay-postgres.txt"
confirmed=$(answered confirmations "$work/wrk-pay-postgres.txt")
cluster_sql "SELECT wal_sync FROM pg_stat_wal" | awk -v n="$confirmed" '{ printf "WAL flushes (pg_stat_wal wal_sync): %d for %d confirmations = %.3f per confirmation\n", $1, n, $1 / n }'
python3 Tests/Benchmarks/check_bookings.py "$database" payments
fi

if wants mixed; then
echo "== Mixed: the search mix while bookings run (demo data, results cache on, --durability durable) =="
"$RAILBOOK" seed --scale demo --database "$work/mixed.sqlite" >/dev/null
"$RAILBOOK" migrate --database "$work/mixed.sqlite" >/dev/null
python3 Tests/Benchmarks/search_paths.py "$work/mixed.sqlite" "$work/mix.txt"
python3 Tests/Benchmarks/prepare_bookings.py "$work/mixed.sqlite" "$work/mixed-bookings.tsv" --bookings 10000
start_server "$work/mixed.sqlite" "$work/mixed.log"
seconds=${DURATION%s}
mix() { # label [environment]; prints the line and keeps the rate in $mixed_rate
  local result
  result=$(env "${@:2}" wrk -t2 -c32 -d"$DURATION" -s Tests/Benchmarks/search_mix.lua "http://127.0.0.1:$PORT/" -- "$work/mix.txt" \
    | awk '/Requests\/sec/ { rate = $2 } /Non-2xx/ { bad = $NF } END { printf "%s req/s%s", rate, bad ? ", non-2xx " bad : "" }')
  mixed_rate=${result%% *}
  printf '%-44s %s\n' "$1" "$result"
}
echo "wrk -t2 -c32 -d$DURATION on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ), load average before: $(uptime | sed 's/.*load average: //')"
printf '%-44s %s req/s\n' "static /css/site.css" "$(rate /css/site.css)"
mix "search mix, no bookings (fills the cache)"
# Three rounds of alone, 20 and 200 bookings/s, each ratio against the run alone just before it:
# the machine's speed drifts between runs, so a ratio is taken within a round.
skip=0
ratios20="" ratios200=""
for round in 1 2 3; do
  mix "round $round: search mix, no bookings"
  alone=$mixed_rate
  for pace in 20 200; do
    python3 Tests/Benchmarks/paced_bookings.py "$PORT" "$work/mixed-bookings.tsv" "$pace" "$seconds" --skip "$skip" > "$work/paced-$pace.txt" &
    booker=$!
    mix "round $round: search mix, $pace bookings/s meanwhile"
    wait "$booker"
    sed 's/^/    /' "$work/paced-$pace.txt"
    skip=$((skip + pace * seconds))
    ratio=$(awk -v a="$alone" -v b="$mixed_rate" 'BEGIN { printf "%.2f", b / a }')
    if [ "$pace" = 20 ]; then ratios20="$ratios20 $ratio"; else ratios200="$ratios200 $ratio"; fi
  done
done
echo "search mix with 20 bookings/s ÷ alone, per round:$ratios20 (median $(median $ratios20))"
echo "search mix with 200 bookings/s ÷ alone, per round:$ratios200 (median $(median $ratios200))"
# The uncached page, against the static file in the same round (three rounds, the median).
uncached_ratios=""
for round in 1 2 3; do
  static=$(rate /css/site.css)
  printf 'round %d: %-35s %s req/s\n' "$round" "static /css/site.css" "$static"
  mix "round $round: uncached, a parameter of its own per request" UNIQUE=1
  uncached_ratios="$uncached_ratios $(awk -v a="$mixed_rate" -v s="$static" 'BEGIN { printf "%.2f", a / s }')"
done
echo "uncached search mix ÷ static, per round:$uncached_ratios (median $(median $uncached_ratios))"
stop_server
fi

if wants running; then
echo "== Running: station board and train status page, running reports against bookings (demo data; access log on) =="
echo "wrk -t2 -c64 -d$DURATION on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
"$RAILBOOK" seed --scale demo --database "$work/running.sqlite" >/dev/null
"$RAILBOOK" migrate --database "$work/running.sqlite" >/dev/null
cp "$work/running.sqlite" "$work/reports.sqlite"
python3 Tests/Benchmarks/prepare_reports.py "$work/running.sqlite" "$work/reports.tsv" >/dev/null
start_server "$work/running.sqlite" "$work/running.log"
# 400 of today's and tomorrow's reports first, so the board and train pages show delays, platforms and gates.
today=$(TZ=Asia/Shanghai date +%F)
{ grep -E "date=($today|$tomorrow)&" "$work/reports.tsv" || true; } | head -400 | cut -f2 | while read -r body; do
  curl -fs -o /dev/null --data "$body" "http://127.0.0.1:$PORT/running/reports" || true
done
echo "running reports stored before: $(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT COUNT(*) FROM running_times").fetchone()[0])' "$work/running.sqlite")"
# The status page of the board's first late train (its first train when none is late).
board_html=$(curl -fs "http://127.0.0.1:$PORT/stations/VNP/board")
rows=$(grep -c 'data-delay="[1-9]' <<<"$board_html" || true)
train=$({ grep -A3 'data-delay="[1-9]' <<<"$board_html" || true; } | grep -o 'href="/trains/[^"]*"' | head -1 || true)
[ -n "$train" ] || train=$(grep -o 'href="/trains/[^"]*"' <<<"$board_html" | head -1)
train=$(sed 's/^href="//; s/"$//' <<<"$train")
board_ratios="" train_ratios=""
for round in 1 2 3; do
  static=$(rate /css/site.css)
  board=$(rate /stations/VNP/board)
  status=$(rate "$train")
  printf 'round %d: %-40s %12s req/s\n' "$round" "static /css/site.css" "$static" "$round" "board /stations/VNP/board ($rows late)" "$board" \
    "$round" "train status page $train" "$status"
  board_ratios="$board_ratios $(awk -v a="$board" -v s="$static" 'BEGIN { printf "%.2f", a / s }')"
  train_ratios="$train_ratios $(awk -v a="$status" -v s="$static" 'BEGIN { printf "%.2f", a / s }')"
done
echo "board / static, per round:$board_ratios (median $(median $board_ratios))"
echo "train status page / static, per round:$train_ratios (median $(median $train_ratios))"
stop_server
# Reports and bookings, --durability durable, one after the other on fresh copies of the demo data.
"$RAILBOOK" seed --scale demo --database "$work/running-book.sqlite" >/dev/null
"$RAILBOOK" migrate --database "$work/running-book.sqlite" >/dev/null
python3 Tests/Benchmarks/prepare_bookings.py "$work/running-book.sqlite" "$work/running-bookings.tsv" --bookings 30000
start_server "$work/running-book.sqlite" "$work/running-book.log" --durability durable
WRK_THREADS=2 wrk -t2 -c64 -d"$DURATION" -s Tests/Benchmarks/book.lua "http://127.0.0.1:$PORT/orders" \
  -- "$work/running-bookings.tsv" > "$work/wrk-running-book.txt"
stop_server
python3 Tests/Benchmarks/prepare_reports.py "$work/reports.sqlite" "$work/reports-fresh.tsv" # timestamps fresh for the run
start_server "$work/reports.sqlite" "$work/reports.log" --durability durable
WRK_THREADS=2 wrk -t2 -c64 -d"$DURATION" -s Tests/Benchmarks/book.lua "http://127.0.0.1:$PORT/running/reports" \
  -- "$work/reports-fresh.tsv" /running/reports 200 stored reports > "$work/wrk-reports.txt"
stop_server
sed -n '/^bookings (/,$p' "$work/wrk-running-book.txt"
sed -n '/^reports (/,$p' "$work/wrk-reports.txt"
awk -v b="$(answer_rate bookings "$work/wrk-running-book.txt")" -v r="$(answer_rate reports "$work/wrk-reports.txt")" \
  'BEGIN { if (b > 0) printf "reports / bookings: %.2f\n", r / b }'
fi

if wants cpu; then
echo "== CPU time of the server per request (demo data; utime + stime from /proc over a wrk run) =="
"$RAILBOOK" seed --scale demo --database "$work/cpu.sqlite" >/dev/null
python3 Tests/Benchmarks/search_paths.py "$work/cpu.sqlite" "$work/cpu-mix.txt"
start_server "$work/cpu.sqlite" "$work/cpu.log"
ticks=$(getconf CLK_TCK)
cpu_time() { awk '{ print $14 + $15 }' "/proc/$server/stat"; } # user + system, in clock ticks
per_request() { # label, then the wrk command's arguments
  local before after output requests
  before=$(cpu_time)
  output=$(wrk -t2 -c32 -d"$DURATION" "${@:2}")
  after=$(cpu_time)
  requests=$(echo "$output" | awk '/requests in/ { print $1 }')
  awk -v l="$1" -v b="$before" -v a="$after" -v n="$requests" -v t="$ticks" -v r="$(echo "$output" | awk '/Requests\/sec/ { print $2 }')" \
    'BEGIN { printf "%-44s %9d requests %9.1f req/s   server CPU %6.1f µs per request\n", l, n, r, (a - b) / t * 1e6 / n }'
}
echo "wrk -t2 -c32 -d$DURATION on $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ), load average before: $(uptime | sed 's/.*load average: //')"
per_request "static /css/site.css" "http://127.0.0.1:$PORT/css/site.css"
UNIQUE=1 per_request "uncached search mix (UNIQUE=1)" -s Tests/Benchmarks/search_mix.lua "http://127.0.0.1:$PORT/" -- "$work/cpu-mix.txt"
curl -fs -o /dev/null -H 'Cookie: welcomed=1' "http://127.0.0.1:$PORT$busy"
per_request "cached results Beijing→Shanghai" -H 'Cookie: welcomed=1' "http://127.0.0.1:$PORT$busy"
stop_server
fi

# Several servers behind HAProxy (run by name only: bench.sh cluster): 1, 2 and 3 `railbook serve`
# processes on one PostgreSQL cluster (scripts/postgres-cluster.sh: fsync, synchronous_commit and
# full_page_writes on), each a fresh copy of the prepared demo database, behind HAProxy shaped as
# `make cluster` runs it (round robin, GET /health every second). Measures durable bookings/s through
# HAProxy (the bookings benchmark: prepare_bookings.py, book.lua), then searches through HAProxy
# against one of the same servers asked directly: the cached 北京→上海 results page and the search mix
# (search_paths.py, search_mix.lua; the first run of the mix fills the servers' results caches).
fleet=()
stop_fleet() { for pid in "${fleet[@]}"; do kill "$pid" 2>/dev/null || true; done; for pid in "${fleet[@]}"; do wait "$pid" 2>/dev/null || true; done; fleet=(); }
trap 'stop_server; stop_fleet; stop_cluster; rm -rf "$work"' EXIT
healthy() { curl -fs -o /dev/null --max-time 2 "http://127.0.0.1:$1/health"; }

# Starts `count` servers on ports PORT+1… on `database`, and HAProxy on PORT in front of them: count database log-prefix.
start_fleet() {
  local count=$1 port i
  for ((port = PORT; port <= PORT + count; port++)); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "port $port is in use: set BENCH_PORT to a free range" >&2; exit 1; fi
  done
  for ((i = 1; i <= count; i++)); do
    port=$((PORT + i))
    "$RAILBOOK" serve --port "$port" --database "$2" --durability durable >"$3-server-$port.log" 2>&1 &
    fleet+=($!)
  done
  for ((i = 1; i <= count; i++)); do
    for _ in $(seq 1 300); do healthy $((PORT + i)) && break; sleep 0.1; done
    healthy $((PORT + i)) || { echo "railbook on port $((PORT + i)) did not start; see $3-server-$((PORT + i)).log" >&2; exit 1; }
  done
  local ports=()
  for ((i = 1; i <= count; i++)); do ports+=($((PORT + i))); done
  scripts/haproxy-config.sh "$PORT" 1024 "${ports[@]}" >"$3-haproxy.cfg"
  haproxy -db -f "$3-haproxy.cfg" >"$3-haproxy.log" 2>&1 &
  fleet+=($!)
  for _ in $(seq 1 100); do healthy "$PORT" && break; sleep 0.1; done
  { healthy "$PORT" && kill -0 "${fleet[-1]}" 2>/dev/null; } || { echo "HAProxy did not start; see $3-haproxy.log" >&2; exit 1; }
}

# Prints wrk's rate of GETs of the cached 北京→上海 results page: label port.
busy_rate() {
  local result
  result=$(wrk -t2 -c64 -d"$DURATION" -H 'Cookie: welcomed=1' "http://127.0.0.1:$2$busy" \
    | awk '/Requests\/sec/ { rate = $2 } /Non-2xx/ { bad = $NF } END { printf "%s req/s%s", rate, bad ? ", non-2xx " bad : "" }')
  printf '%-52s %s\n' "$1" "$result"
}

# Prints wrk's rate of the search mix (search_mix.lua): label port.
mix_rate() {
  local result
  result=$(wrk -t2 -c32 -d"$DURATION" -s Tests/Benchmarks/search_mix.lua "http://127.0.0.1:$2/" -- "$work/cluster-mix.txt" \
    | awk '/Requests\/sec/ { rate = $2 } /Non-2xx/ { bad = $NF } END { printf "%s req/s%s", rate, bad ? ", non-2xx " bad : "" }')
  printf '%-52s %s\n' "$1" "$result"
}

if wants cluster; then
echo "== Several servers on one PostgreSQL behind HAProxy (demo data, --durability durable) =="
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then echo "skipped: PostgreSQL is not installed (apt-get install postgresql)"; exit 0; fi
if ! command -v haproxy >/dev/null; then echo "skipped: HAProxy is not installed (apt-get install haproxy)"; exit 0; fi
stop_cluster # another PostgreSQL section's cluster
cluster=$(mktemp -d /tmp/railbook-bench-pg.XXXXXX)
chmod 755 "$cluster" # the server runs as the postgres system user when root
prepared=$(scripts/postgres-cluster.sh start "$cluster/pg" book 2>/dev/null)
echo "PostgreSQL $(psql -X -At -d "$prepared" -c 'SHOW server_version'), $(psql -X -At -d "$prepared" -c "SELECT string_agg(name || '=' || current_setting(name), ', ' ORDER BY name) FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'full_page_writes', 'max_connections')"); $(haproxy -v | head -1 | cut -d' ' -f1-3)"
"$RAILBOOK" seed --scale demo --database "$prepared" >/dev/null
"$RAILBOOK" migrate --database "$prepared" >/dev/null
python3 Tests/Benchmarks/prepare_bookings.py "$prepared" "$work/bookings-cluster.tsv" --bookings "$BOOKINGS"
"$RAILBOOK" seed --scale demo --database "$work/cluster-paths.sqlite" >/dev/null # the same network, for the search mix's paths
python3 Tests/Benchmarks/search_paths.py "$work/cluster-paths.sqlite" "$work/cluster-mix.txt"
for count in 1 2 3; do
  name="cluster_$count"
  cluster_sql "CREATE DATABASE $name OWNER railbook TEMPLATE book"
  database=$(scripts/postgres-cluster.sh uri "$cluster/pg" "$name")
  echo "-- $count server(s) behind HAProxy, $(nproc) cores, load average before: $(uptime | sed 's/.*load average: //')"
  start_fleet "$count" "$database" "$work/$name"
  servers_before=$(cpu_seconds "${fleet[@]:0:count}") proxy_before=$(cpu_seconds "${fleet[-1]}") postgres_before=$(cpu_seconds $(cluster_pids))
  WRK_THREADS=2 wrk -t2 -c64 -d"$DURATION" -s Tests/Benchmarks/book.lua "http://127.0.0.1:$PORT/orders" \
    -- "$work/bookings-cluster.tsv" > "$work/wrk-$name.txt"
  servers_used=$(awk -v a="$(cpu_seconds "${fleet[@]:0:count}")" -v b="$servers_before" 'BEGIN { printf "%.1f", a - b }')
  proxy_used=$(awk -v a="$(cpu_seconds "${fleet[-1]}")" -v b="$proxy_before" 'BEGIN { printf "%.1f", a - b }')
  postgres_used=$(awk -v a="$(cpu_seconds $(cluster_pids))" -v b="$postgres_before" 'BEGIN { printf "%.1f", a - b }')
  sed -n '/^bookings (/,$p' "$work/wrk-$name.txt"
  echo "CPU during the bookings (of $((2 * ${DURATION%s})) s on 2 cores): railbook ${servers_used} s, HAProxy ${proxy_used} s, postgres ${postgres_used} s"
  python3 Tests/Benchmarks/check_bookings.py "$database" bookings
  echo "$count $(answer_rate bookings "$work/wrk-$name.txt")" >> "$work/cluster-rates.txt"
  for port in $(seq $((PORT + 1)) $((PORT + count))); do curl -fs -o /dev/null -H 'Cookie: welcomed=1' "http://127.0.0.1:$port$busy"; done
  if [ "$count" -eq 1 ]; then busy_rate "cached results 北京→上海, the server directly" $((PORT + 1)); fi
  busy_rate "cached results 北京→上海, through HAProxy" "$PORT"
  if [ "$count" -eq 1 ]; then
    mix_rate "search mix, the server directly (fills its cache)" $((PORT + 1))
    mix_rate "search mix, the server directly" $((PORT + 1))
  else
    mix_rate "search mix, through HAProxy (fills the caches)" "$PORT"
  fi
  mix_rate "search mix, through HAProxy" "$PORT"
  stop_fleet
done
awk '{ rate[$1] = $2 } END { printf "durable bookings/s through HAProxy: 1 server %d, 2 servers %d, 3 servers %d (3 / 1 = %.2f)\n", rate[1], rate[2], rate[3], (rate[1] > 0 ? rate[3] / rate[1] : 0) }' "$work/cluster-rates.txt"
stop_cluster
fi
