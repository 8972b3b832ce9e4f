#!/usr/bin/env bash
# A local PostgreSQL cluster for Railbook, in one folder, made with Debian's server programs.
#
#   postgres-cluster.sh start DIR [DATABASE]   creates the cluster in DIR when missing, starts it,
#                                              creates DATABASE (default railbook), prints its URI
#   postgres-cluster.sh stop DIR               stops it (fast shutdown: sessions are ended)
#   postgres-cluster.sh uri DIR [DATABASE [ROLE]]
#                                              prints the libpq URI of DATABASE (default railbook)
#                                              for ROLE (default railbook; postgres: the superuser)
#
# DIR holds the data directory (DIR/data), the server's Unix socket and its log (DIR/server.log).
# The server listens on that socket only (no TCP), which trusts every local connection: whoever
# may enter DIR may connect, as the role `railbook` (owner of the databases made here) or as the
# superuser `postgres`. Databases are UTF8 with the C collation, as Railbook needs. Durable
# settings: fsync, synchronous_commit and full_page_writes on (Railbook's --durability relaxed
# turns synchronous_commit off for its own sessions). When run as root, the server runs as the
# `postgres` system user (PostgreSQL refuses root), which is given DIR; every folder above DIR
# must let it in (/tmp does; /root does not). PG_MAX_CONNECTIONS (default 200) and
# PG_SHARED_BUFFERS (default 128MB) apply when the cluster is created.
set -euo pipefail

usage() {
  echo "usage: $0 start DIR [DATABASE] | stop DIR | uri DIR [DATABASE [ROLE]]" >&2
  exit 2
}

[ $# -ge 2 ] || usage
command=$1
directory=$(realpath -m -- "$2")
database=${3:-railbook}
data="$directory/data"
role=railbook

# The newest server installed by Debian's postgresql package.
binaries=""
for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [ -x "$candidate/initdb" ]; then binaries=$candidate; break; fi
done

need_server() {
  if [ -z "$binaries" ] || ! command -v psql >/dev/null; then
    echo "PostgreSQL is not installed (no /usr/lib/postgresql/<version>/bin/initdb, or no psql)." >&2
    echo "On Debian: apt-get install postgresql" >&2
    exit 1
  fi
}

# Runs a server program as the postgres system user when root, else as the caller.
as_server() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# A URI query value: everything but unreserved characters and '/' percent-encoded.
encode() {
  local text=$1 encoded="" character i
  for ((i = 0; i < ${#text}; i++)); do
    character=${text:i:1}
    case $character in
      [A-Za-z0-9._~/-]) encoded+=$character ;;
      *) encoded+=$(printf '%%%02X' "'$character") ;;
    esac
  done
  printf '%s' "$encoded"
}

uri() { # database user
  printf 'postgresql:///%s?host=%s&user=%s\n' "$(encode "$1")" "$(encode "$directory")" "$(encode "$2")"
}

# Runs SQL on the maintenance database as the superuser, stopping at the first error.
superuser_sql() {
  psql -X -q -v ON_ERROR_STOP=1 -v database="$database" -At -d "$(uri postgres postgres)" "$@"
}

running() {
  [ -f "$data/PG_VERSION" ] && as_server "$binaries/pg_ctl" status --pgdata "$data" >/dev/null 2>&1
}

create() {
  case $directory in
    *"'"* | *'\'*) echo "The folder's path may not hold quotes or backslashes: $directory" >&2; exit 1 ;;
  esac
  # The socket's path (DIR/.s.PGSQL.5432) must fit a Unix socket address (107 bytes).
  if [ $((${#directory} + 16)) -gt 107 ]; then
    echo "The folder's path is too long for the server's Unix socket: $directory" >&2
    exit 1
  fi
  mkdir -p "$directory"
  if [ "$(id -u)" -eq 0 ]; then chown postgres: "$directory"; fi
  if ! as_server test -w "$directory"; then
    echo "The postgres system user cannot write $directory (a folder above it keeps it out?)" >&2
    exit 1
  fi
  echo "Creating a PostgreSQL $(basename "$(dirname "$binaries")") cluster in $data" >&2
  as_server "$binaries/initdb" --pgdata "$data" --username postgres --encoding UTF8 --locale C \
    --auth-local trust --auth-host reject >"$directory/initdb.log" 2>&1 \
    || { cat "$directory/initdb.log" >&2; exit 1; }
  as_server tee -a "$data/postgresql.conf" >/dev/null <<CONF

# Railbook's local cluster (scripts/postgres-cluster.sh): the socket in its folder only, durable.
listen_addresses = ''
unix_socket_directories = '$directory'
port = 5432
max_connections = ${PG_MAX_CONNECTIONS:-200}
shared_buffers = ${PG_SHARED_BUFFERS:-128MB}
fsync = on
synchronous_commit = on
full_page_writes = on
log_min_messages = warning
CONF
}

start() {
  need_server
  [ -f "$data/PG_VERSION" ] || create
  if ! running; then
    as_server "$binaries/pg_ctl" start --pgdata "$data" --log "$directory/server.log" --wait --timeout 60 >/dev/null \
      || { tail -n 20 "$directory/server.log" >&2; exit 1; }
  fi
  superuser_sql <<SQL
SELECT 'CREATE ROLE $role LOGIN' WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '$role') \gexec
SELECT format('CREATE DATABASE %I OWNER $role ENCODING ''UTF8'' LC_COLLATE ''C'' LC_CTYPE ''C'' TEMPLATE template0', :'database')
  WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'database') \gexec
SQL
  uri "$database" "$role"
}

stop() {
  need_server
  if running; then
    as_server "$binaries/pg_ctl" stop --pgdata "$data" --mode fast --wait --timeout 60 >/dev/null
  else
    echo "No server is running in $directory" >&2
  fi
}

case $command in
  start) start ;;
  stop) stop ;;
  uri) uri "$database" "${4:-$role}" ;;
  *) usage ;;
esac
