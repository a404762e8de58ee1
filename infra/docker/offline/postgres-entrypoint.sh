#!/bin/sh
# The official postgres image's start, for the offline image: initialise an empty data directory as
# POSTGRES_USER with POSTGRES_PASSWORD, create POSTGRES_DB, run the init scripts once, then serve.
set -eu
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "POSTGRES_PASSWORD is empty: set it to initialise the database" >&2
    exit 1
  fi
  pwfile="$(mktemp)"
  printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$POSTGRES_USER" --pwfile="$pwfile" --encoding=UTF8 --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  rm -f "$pwfile"
  printf "\nhost all all all scram-sha-256\n" >> "$PGDATA/pg_hba.conf"
  # A server on the socket only while the database and the init scripts are set up.
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -k /var/run/postgresql" -w start >/dev/null
  export PGHOST=/var/run/postgresql
  if [ "$POSTGRES_DB" != "postgres" ]; then
    psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres -v db="$POSTGRES_DB" <<'SQL'
CREATE DATABASE :"db";
SQL
  fi
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sh) echo "running $f"; . "$f" ;;
      *.sql) echo "running $f"; psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" -f "$f" ;;
      *) ;;
    esac
  done
  unset PGHOST
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "database initialised"
fi
if [ "$1" = "postgres" ]; then
  shift
  exec postgres -c listen_addresses='*' -k /var/run/postgresql "$@"
fi
exec "$@"
