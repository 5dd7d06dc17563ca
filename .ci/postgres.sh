#!/usr/bin/env bash
# A throw-away PostgreSQL server for the database tests.
#
# Source it, then call pg_start / pg_stop:
#
#   source .ci/postgres.sh
#   pg_start && trap pg_stop EXIT     # exports DOSSIER_TEST_PG_URL
#
# or run it: `.ci/postgres.sh start` prints `export DOSSIER_TEST_PG_URL=...` and
# the data directory; `.ci/postgres.sh stop DIR` stops that server and removes DIR.
#
# It finds the server binaries (PostgreSQL 15 preferred: /usr/lib/postgresql/15/bin,
# else the newest under /usr/lib/postgresql, else initdb on PATH), creates a cluster
# in a new temporary directory owned by an unprivileged user (as root it uses, and if
# needed creates, the system user `dossier-pg`), starts it listening on a unix socket
# in that directory only (no TCP port), and creates the database `dossier_test`.
# With no PostgreSQL on the machine, pg_start says so and returns 1; the PostgreSQL
# tests then skip with that reason.

PG_USER_NAME="${PG_USER_NAME:-dossier-pg}"

pg_bindir() {
    local dir
    for dir in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
            echo "$dir"
            return 0
        fi
    done
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
        return 0
    fi
    return 1
}

# Run a command as the server's owner (root may not run PostgreSQL).
_pg_as_owner() {
    if [ "$(id -u)" = "0" ]; then
        runuser -u "$PG_USER_NAME" -- "$@"
    else
        "$@"
    fi
}

pg_start() {
    local bindir dir port
    if ! bindir="$(pg_bindir)"; then
        echo "postgres.sh: no PostgreSQL server binaries found (looked in /usr/lib/postgresql/*/bin and PATH);" \
            "the PostgreSQL tests will be skipped" >&2
        return 1
    fi
    if [ "$(id -u)" = "0" ] && ! id -u "$PG_USER_NAME" >/dev/null 2>&1; then
        useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$PG_USER_NAME" || return 1
    fi
    dir="$(mktemp -d /tmp/dossier-pg.XXXXXX)" || return 1
    chmod 755 "$dir"
    if [ "$(id -u)" = "0" ]; then
        chown "$PG_USER_NAME" "$dir"
    fi
    port=5432
    if ! _pg_as_owner "$bindir/initdb" -D "$dir/data" -U dossier --auth=trust --encoding=UTF8 \
        --locale=C.UTF-8 >"$dir/initdb.log" 2>&1; then
        echo "postgres.sh: initdb failed; see $dir/initdb.log" >&2
        cat "$dir/initdb.log" >&2
        return 1
    fi
    if ! _pg_as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-k $dir -p $port -c listen_addresses='' -c fsync=off -c full_page_writes=off" start >/dev/null; then
        echo "postgres.sh: the server did not start; see $dir/server.log" >&2
        cat "$dir/server.log" >&2
        return 1
    fi
    if ! "$bindir/createdb" -h "$dir" -p "$port" -U dossier dossier_test; then
        echo "postgres.sh: createdb failed" >&2
        return 1
    fi
    export PG_TEST_DIR="$dir"
    export PG_TEST_BINDIR="$bindir"
    export DOSSIER_TEST_PG_URL="postgresql+psycopg://dossier@/dossier_test?host=$dir&port=$port"
    echo "postgres.sh: PostgreSQL $("$bindir/pg_ctl" --version | awk '{print $3}') running in $dir" >&2
    return 0
}

pg_stop() {
    local dir="${1:-${PG_TEST_DIR:-}}" bindir
    [ -n "$dir" ] && [ -d "$dir/data" ] || return 0
    bindir="${PG_TEST_BINDIR:-$(pg_bindir)}"
    _pg_as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    unset PG_TEST_DIR DOSSIER_TEST_PG_URL
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    case "${1:-}" in
    start)
        pg_start
        echo "export DOSSIER_TEST_PG_URL='$DOSSIER_TEST_PG_URL'"
        echo "# stop with: $0 stop $PG_TEST_DIR"
        ;;
    stop)
        pg_stop "${2:?usage: $0 stop DIR}"
        ;;
    *)
        echo "usage: $0 start | stop DIR   (or: source $0; pg_start; pg_stop)" >&2
        exit 2
        ;;
    esac
fi
