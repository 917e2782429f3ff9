#!/usr/bin/env bash
# A throwaway PostgreSQL 15 on 127.0.0.1 for the store tests. Prints the database URL on stdout
# (everything else goes to stderr), so CI can do:
#   export CARDTABLE_TEST_POSTGRES_URL="$(bash .ci/start-postgres.sh)"
#   ...tests...
#   bash .ci/start-postgres.sh stop
# Installs Debian's postgresql if missing (as root). Idempotent: a server already running is reused.
# Settings: CARDTABLE_PG_PORT (55432), CARDTABLE_PG_DIR (/tmp/cardtable-pg).
set -euo pipefail

PORT="${CARDTABLE_PG_PORT:-55432}"
DIR="${CARDTABLE_PG_DIR:-/tmp/cardtable-pg}"
DB=cardtable_test
ROLE=cardtable
PASSWORD=cardtable
URL="postgresql://${ROLE}:${PASSWORD}@127.0.0.1:${PORT}/${DB}"

find_bin() {
    if [ -x /usr/lib/postgresql/15/bin/initdb ]; then
        echo /usr/lib/postgresql/15/bin
    else
        ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
    fi
}

as_postgres() {
    if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}

BIN="$(find_bin)"
if [ "${1:-start}" = stop ]; then
    if [ -n "$BIN" ] && [ -f "$DIR/data/postmaster.pid" ]; then
        as_postgres "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >&2 || true
    fi
    exit 0
fi

if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
    echo "installing postgresql ..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
    BIN="$(find_bin)"
fi

if ! "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then
    install -d -o postgres -g postgres -m 700 "$DIR"
    if [ ! -f "$DIR/data/PG_VERSION" ]; then
        as_postgres "$BIN/initdb" -D "$DIR/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
            --encoding=UTF8 --no-sync >&2
    fi
    as_postgres "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start \
        -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" >&2 \
        || { cat "$DIR/server.log" >&2; exit 1; }
fi

psql_admin() { as_postgres "$BIN/psql" -h "$DIR" -p "$PORT" -U postgres -v ON_ERROR_STOP=1 -qtA "$@"; }
if [ "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$ROLE'")" != 1 ]; then
    psql_admin -c "CREATE ROLE $ROLE LOGIN PASSWORD '$PASSWORD'" >&2
fi
if [ "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$DB'")" != 1 ]; then
    psql_admin -c "CREATE DATABASE $DB OWNER $ROLE" >&2
fi
echo "$URL"
