#!/usr/bin/env bash
# Prints the HAProxy configuration of Railbook servers behind one address, as `make cluster`, the
# cluster benchmark and the cluster test run it: round robin, each server checked through
# GET /ready every second (two failures take it out, two successes bring it back: a server that
# is draining before it stops answers 503), a refused connection tried again on another server,
# keep-alive.
# Usage: haproxy-config.sh PORT MAXCONN SERVER_PORT... — HAProxy on 127.0.0.1:PORT, at most MAXCONN
# connections (each takes about two file descriptors), the servers on 127.0.0.1:SERVER_PORT.
# HAPROXY_STATS=1 adds the statistics page at /haproxy-stats (the test reads which servers are up).
set -euo pipefail
port=$1 maxconn=$2
shift 2
cat <<CFG
global
    maxconn $maxconn
defaults
    mode http
    timeout connect 5s
    timeout client 60s
    timeout server 60s
    option http-keep-alive
    retries 2
    option redispatch
frontend railbook
    bind 127.0.0.1:$port
CFG
if [ "${HAPROXY_STATS:-0}" = 1 ]; then
  printf '    stats enable\n    stats uri /haproxy-stats\n'
fi
cat <<CFG
    default_backend servers
backend servers
    balance roundrobin
    option httpchk GET /ready
CFG
for server in "$@"; do
  echo "    server railbook-$server 127.0.0.1:$server check inter 1s fall 2 rise 2"
done
