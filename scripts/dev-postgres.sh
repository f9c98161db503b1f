#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for development and tests.
#
#   scripts/dev-postgres.sh start   # initdb (once) + start; prints the admin URL
#   scripts/dev-postgres.sh stop    # stop the server (keeps the data directory)
#   scripts/dev-postgres.sh kill    # stop at once, as a crash would (-m immediate: clients are cut off mid-query)
#   scripts/dev-postgres.sh url     # print the admin URL
#   scripts/dev-postgres.sh status  # exit 0 when the server accepts connections
#
# The cluster lives in $BOXOFFICE_PG_DIR (default /tmp/boxoffice-pg), listens on 127.0.0.1:$BOXOFFICE_PG_PORT
# (default 54329) with its unix socket in the same directory, and trusts every local connection: it is for
# tests only. A test that stops and starts its server uses a cluster of its own (another directory and port). PostgreSQL refuses to run as root, so when run as root the server runs as the `postgres` user.
#
# Typical use:
#   export BOXOFFICE_TEST_POSTGRES_URL=$(scripts/dev-postgres.sh start)
#   swift test --filter BoxOfficeStoreTests
set -euo pipefail

PGDIR="${BOXOFFICE_PG_DIR:-/tmp/boxoffice-pg}"
PGPORT="${BOXOFFICE_PG_PORT:-54329}"
PGDATA="$PGDIR/data"
PGLOG="$PGDIR/server.log"
URL="postgres://postgres@127.0.0.1:$PGPORT/postgres"

find_bindir() {
    if [[ -n "${PG_BINDIR:-}" ]]; then echo "$PG_BINDIR"; return; fi
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        [[ -x "$dir/pg_ctl" ]] && candidate="$dir"
    done
    if [[ -n "${candidate:-}" ]]; then echo "$candidate"; return; fi
    if command -v pg_ctl >/dev/null 2>&1; then dirname "$(command -v pg_ctl)"; return; fi
    echo "dev-postgres: no PostgreSQL server binaries found (set PG_BINDIR)" >&2
    exit 1
}
BINDIR="$(find_bindir)"

# Runs a PostgreSQL binary as the cluster owner.
as_owner() {
    if [[ "$(id -u)" == "0" ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

is_ready() {
    "$BINDIR/pg_isready" -q -h 127.0.0.1 -p "$PGPORT" -U postgres >/dev/null 2>&1
}

start() {
    mkdir -p "$PGDIR"
    if [[ "$(id -u)" == "0" ]]; then chown postgres: "$PGDIR"; fi
    chmod 700 "$PGDIR"
    if [[ ! -s "$PGDATA/PG_VERSION" ]]; then
        as_owner "$BINDIR/initdb" -D "$PGDATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
            >"$PGDIR/initdb.log" 2>&1 || {
            cat "$PGDIR/initdb.log" >&2
            exit 1
        }
    fi
    if ! as_owner "$BINDIR/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; then
        as_owner "$BINDIR/pg_ctl" -D "$PGDATA" -l "$PGLOG" -w -t 60 \
            -o "-h 127.0.0.1 -p $PGPORT -k $PGDIR -c max_connections=1000 -c fsync=off" start >/dev/null || {
            echo "dev-postgres: the server did not start; see $PGLOG" >&2
            tail -n 20 "$PGLOG" >&2 || true
            exit 1
        }
    fi
    for _ in $(seq 1 60); do
        if is_ready; then
            echo "$URL"
            return 0
        fi
        sleep 0.5
    done
    echo "dev-postgres: the server is running but does not accept connections on 127.0.0.1:$PGPORT" >&2
    exit 1
}

stop() {
    if [[ -s "$PGDATA/PG_VERSION" ]] && as_owner "$BINDIR/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; then
        as_owner "$BINDIR/pg_ctl" -D "$PGDATA" -w -m fast stop >/dev/null
    fi
}

kill_now() {
    if [[ -s "$PGDATA/PG_VERSION" ]] && as_owner "$BINDIR/pg_ctl" -D "$PGDATA" status >/dev/null 2>&1; then
        as_owner "$BINDIR/pg_ctl" -D "$PGDATA" -w -m immediate stop >/dev/null
    fi
}

case "${1:-}" in
start) start ;;
stop) stop ;;
kill) kill_now ;;
url) echo "$URL" ;;
status) is_ready ;;
*)
    echo "usage: $0 start|stop|kill|url|status" >&2
    exit 2
    ;;
esac
