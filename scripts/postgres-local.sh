# Start and stop a throw-away PostgreSQL on 127.0.0.1 (Debian's packages).
# Usage: source scripts/postgres-local.sh; pg_local_start; ...; pg_local_stop
# Sets PG_LOCAL_URL. Port from PG_LOCAL_PORT (default 55432).

pg_local_start() {
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$bin" ]; then echo "postgres-local: PostgreSQL is not installed (apt-get install postgresql)" >&2; return 1; fi
  PG_LOCAL_PORT=${PG_LOCAL_PORT:-55432}
  PG_LOCAL_DIR=$(mktemp -d /tmp/pg-local.XXXXXX)
  chmod 755 "$PG_LOCAL_DIR"
  local run=()
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$PG_LOCAL_DIR"
    run=(runuser -u postgres --)
  fi
  "${run[@]}" "$bin/initdb" -D "$PG_LOCAL_DIR/data" -A trust -U postgres >/dev/null
  "${run[@]}" "$bin/pg_ctl" -D "$PG_LOCAL_DIR/data" -w -l "$PG_LOCAL_DIR/log" \
    -o "-k $PG_LOCAL_DIR -h 127.0.0.1 -p $PG_LOCAL_PORT -c fsync=off" start >/dev/null
  PG_LOCAL_BIN=$bin
  PG_LOCAL_RUN="${run[*]}"
  export PG_LOCAL_URL="postgres://postgres@127.0.0.1:$PG_LOCAL_PORT/postgres"
  echo "postgres-local: running at $PG_LOCAL_URL"
}

pg_local_stop() {
  [ -n "${PG_LOCAL_DIR:-}" ] || return 0
  $PG_LOCAL_RUN "$PG_LOCAL_BIN/pg_ctl" -D "$PG_LOCAL_DIR/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$PG_LOCAL_DIR"
}
