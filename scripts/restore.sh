#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh (docs/operations.md "Restore").
#
#   scripts/restore.sh FILE --yes
#
# PostgreSQL (DATABASE_URL set, FILE a .dump): pg_restore --clean into DATABASE_URL in one transaction; every
#   table in the dump is replaced by its content in the dump. Stop the servers first (they would see a
#   half-restored database otherwise), start them afterwards: pending migrations are applied at start-up.
# Embedded database (no DATABASE_URL, FILE a .tar.gz): the current DATA_DIR/db is moved aside to
#   DATA_DIR/db.before-restore-<time> (delete it when you are satisfied) and the backup unpacked in its place.
#   Refuses while the server runs (it holds DATA_DIR/db.lock).
set -euo pipefail

file=${1:-}
if [[ -z "$file" || ! -f "$file" ]]; then
  echo "Usage: scripts/restore.sh FILE --yes   (FILE made by scripts/backup.sh)" >&2
  exit 1
fi
if [[ "${2:-}" != "--yes" ]]; then
  echo "This replaces the current database with $file. Run again with --yes to go ahead." >&2
  exit 1
fi

stamp=$(date -u +%Y%m%dT%H%M%SZ)
data_dir=${DATA_DIR:-./data}

if [[ -n "${DATABASE_URL:-}" ]]; then
  pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction --exit-on-error --dbname="$DATABASE_URL" "$file"
  echo "PostgreSQL database restored from $file."
  exit 0
fi

db_dir="$data_dir/db"
lock="$data_dir/db.lock"
mkdir -p "$data_dir"
tar -tzf "$file" >/dev/null || { echo "$file is not a backup of the embedded database (tar.gz)." >&2; exit 1; }

if ! (set -o noclobber; echo "$$" >"$lock") 2>/dev/null; then
  owner=$(cat "$lock" 2>/dev/null || true)
  if [[ -n "$owner" ]] && kill -0 "$owner" 2>/dev/null; then
    echo "The database in $db_dir is in use by process $owner (the server?). Stop it first, then run this again." >&2
    exit 2
  fi
  rm -f "$lock"
  (set -o noclobber; echo "$$" >"$lock") 2>/dev/null || { echo "Could not lock $db_dir." >&2; exit 2; }
fi
trap 'rm -f "$lock"' EXIT

if [[ -e "$db_dir" ]]; then
  mv "$db_dir" "$db_dir.before-restore-$stamp"
  echo "The previous database was moved to $db_dir.before-restore-$stamp."
fi
tar -xzf "$file" -C "$data_dir"
echo "Embedded database restored from $file into $db_dir."
