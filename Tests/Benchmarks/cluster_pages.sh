#!/usr/bin/env bash
# Page rates in one window: a SQLite server, one PostgreSQL server of a running cluster, and HAProxy
# in front of the cluster's three. Start the cluster first: PORT=18480 FIRST_PORT=18481 scripts/cluster.sh
set -u
cd "$(dirname "$0")/../.."
tomorrow=$(TZ=Asia/Shanghai date -d tomorrow +%F)
busy="/search?from=%E5%8C%97%E4%BA%AC&to=%E4%B8%8A%E6%B5%B7&date=$tomorrow"
rate() { wrk -t2 -c64 -d8s "$1" | awk '/Requests\/sec/ {print $2}'; }
echo "load before: $(uptime | sed 's/.*load average: //')"
rm -rf /tmp/pages-sqlite; mkdir -p /tmp/pages-sqlite
.build/release/railbook serve --port 18470 --database /tmp/pages-sqlite/demo.sqlite --quiet > /tmp/pages-sqlite/log 2>&1 &
pid=$!
for _ in $(seq 1 300); do curl -fs -o /dev/null http://127.0.0.1:18470/css/site.css && break; sleep 0.1; done
curl -fs -o /dev/null "http://127.0.0.1:18470$busy"
echo "sqlite: static $(rate http://127.0.0.1:18470/css/site.css) search $(rate "http://127.0.0.1:18470$busy") home $(wrk -t2 -c64 -d8s -H 'Cookie: welcomed=1' http://127.0.0.1:18470/ | awk '/Requests\/sec/ {print $2}')"
kill $pid; wait $pid 2>/dev/null
curl -fs -o /dev/null "http://127.0.0.1:18481$busy"
echo "postgresql (one server of the cluster): static $(rate http://127.0.0.1:18481/css/site.css) search $(rate "http://127.0.0.1:18481$busy") home $(wrk -t2 -c64 -d8s -H 'Cookie: welcomed=1' http://127.0.0.1:18481/ | awk '/Requests\/sec/ {print $2}')"
echo "haproxy (three servers): static $(rate http://127.0.0.1:18480/css/site.css) search $(rate "http://127.0.0.1:18480$busy")"
echo "load after: $(uptime | sed 's/.*load average: //')"
