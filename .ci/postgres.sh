#!/usr/bin/env bash
# A private PostgreSQL cluster for the tests: initdb in a temporary folder (as the `postgres`
# user when run as root, else as whoever runs it), listening only on a unix socket in that
# folder. Source it:
#   . .ci/postgres.sh    # exports TEST_POSTGRES (a connection URL) and stops the cluster on exit
# Where PostgreSQL cannot be started it says so and exports nothing, so the PostgreSQL
# tests skip with a visible message. (npm test sources it by itself when TEST_POSTGRES is unset:
# test/support/postgres-setup.ts.)
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$pg_bin" ]; then
  echo "postgres.sh: no PostgreSQL server installed here (apt-get install -y postgresql); the PostgreSQL tests will be skipped"
  return 0 2>/dev/null || exit 0
fi
if [ "$(id -u)" = 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "postgres.sh: running as root, and there is no postgres user to run PostgreSQL as; the PostgreSQL tests will be skipped"
    return 0 2>/dev/null || exit 0
  fi
  as_postgres() { runuser -u postgres -- "$@"; }
else
  as_postgres() { "$@"; }
fi
pg_dir=$(mktemp -d /tmp/pgtest.XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres "$pg_dir"
if as_postgres "$pg_bin/initdb" -D "$pg_dir/data" -A trust -U postgres >"$pg_dir/initdb.log" 2>&1 &&
  as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w \
    -o "-k $pg_dir -c listen_addresses= -c fsync=on -c max_connections=200" start >/dev/null; then
  export TEST_POSTGRES="postgresql://postgres@/postgres?host=$pg_dir"
  trap 'as_postgres "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast -w stop >/dev/null; rm -rf "$pg_dir"' EXIT
  echo "postgres.sh: PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on $pg_dir"
else
  echo "postgres.sh: PostgreSQL would not start; the PostgreSQL tests will be skipped"
  cat "$pg_dir/initdb.log" "$pg_dir/server.log" 2>/dev/null | tail -n 5
  rm -rf "$pg_dir"
fi
