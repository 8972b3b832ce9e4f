#!/usr/bin/env bash
# `make cluster`: Railbook past one machine, on this one. A local PostgreSQL cluster in a folder
# (scripts/postgres-cluster.sh: Unix socket only), SERVERS `railbook serve` processes on ports
# FIRST_PORT, FIRST_PORT+1, … sharing its database, and HAProxy on PORT sending requests to them
# round robin, checking each server's GET /ready every second (two failures take a server out,
# two successes bring it back). Each server drains for 3 s when told to stop (its /ready answers
# 503 while it still serves), so a server taken out alone (kill -TERM PID) loses no request.
# Ctrl-C (or SIGTERM) stops HAProxy, the servers and PostgreSQL.
#
# Settings (environment): PORT (8080), FIRST_PORT (8081), SERVERS (3), CLUSTER_DIR (the folder of
# the PostgreSQL cluster and the logs, default /tmp/railbook-cluster-$UID: when run as root the
# server runs as `postgres`, which must be able to enter every folder above it), RAILBOOK (the
# binary, default .build/release/railbook), SERVE_OPTIONS (more `railbook serve` options).
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-8080}
FIRST_PORT=${FIRST_PORT:-8081}
SERVERS=${SERVERS:-3}
CLUSTER_DIR=${CLUSTER_DIR:-/tmp/railbook-cluster-$(id -u)}
RAILBOOK=${RAILBOOK:-.build/release/railbook}
command -v haproxy >/dev/null || { echo "HAProxy is not installed (on Debian: apt-get install haproxy)" >&2; exit 1; }

mkdir -p "$CLUSTER_DIR"
# Through a file, not a pipe: the PostgreSQL server it starts would hold a pipe open for good.
scripts/postgres-cluster.sh start "$CLUSTER_DIR" >"$CLUSTER_DIR/start.out"
uri=$(tail -n 1 "$CLUSTER_DIR/start.out")
head -n -1 "$CLUSTER_DIR/start.out"
pids=()
stopping=0
stop() {
  [ "$stopping" -eq 1 ] && return
  stopping=1
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  scripts/postgres-cluster.sh stop "$CLUSTER_DIR" >/dev/null || true
  echo "cluster stopped"
}
trap stop EXIT
trap 'exit 130' INT TERM

healthy() { curl -fs -o /dev/null --max-time 2 "http://127.0.0.1:$1/ready"; }

for ((i = 0; i < SERVERS; i++)); do
  port=$((FIRST_PORT + i))
  # shellcheck disable=SC2086
  "$RAILBOOK" serve --port "$port" --database "$uri" --drain-seconds 3 ${SERVE_OPTIONS:-} >"$CLUSTER_DIR/server-$port.log" 2>&1 &
  pids+=($!)
done
for ((i = 0; i < SERVERS; i++)); do
  port=$((FIRST_PORT + i))
  for _ in $(seq 1 600); do healthy "$port" && break; sleep 0.1; done
  healthy "$port" || { echo "railbook on port $port did not start; see $CLUSTER_DIR/server-$port.log" >&2; exit 1; }
done

ports=()
for ((i = 0; i < SERVERS; i++)); do ports+=($((FIRST_PORT + i))); done
scripts/haproxy-config.sh "$PORT" 4096 "${ports[@]}" >"$CLUSTER_DIR/haproxy.cfg"
haproxy -db -f "$CLUSTER_DIR/haproxy.cfg" >"$CLUSTER_DIR/haproxy.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do healthy "$PORT" && break; sleep 0.1; done
healthy "$PORT" || { echo "HAProxy did not start; see $CLUSTER_DIR/haproxy.log" >&2; exit 1; }
echo "Railbook on http://127.0.0.1:$PORT — $SERVERS servers on ports $FIRST_PORT–$((FIRST_PORT + SERVERS - 1)), PostgreSQL $uri"
echo "logs in $CLUSTER_DIR; Ctrl-C stops everything"
wait -n "${pids[@]}" || true
