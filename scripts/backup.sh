#!/usr/bin/env bash
# Backs up the site's database (docs/operations.md "Backups").
#
#   scripts/backup.sh [FILE]
#
# PostgreSQL (DATABASE_URL set): pg_dump in the custom format (FILE default: backups/skitaekwondo-<time>.dump).
#   Online: a consistent snapshot while the servers keep running.
# Embedded database (no DATABASE_URL): a tar.gz of DATA_DIR/db (FILE default: backups/skitaekwondo-<time>.tar.gz).
#   PGlite allows one process: the script takes the server's lock file (DATA_DIR/db.lock) for the copy, so it
#   refuses while the server runs (stop it first: a few seconds' downtime) and the server cannot start meanwhile.
#
# Reads DATABASE_URL and DATA_DIR (default ./data) from the environment; load .env first if you use one:
#   set -a; . ./.env; set +a; scripts/backup.sh
set -euo pipefail

stamp=$(date -u +%Y%m%dT%H%M%SZ)
data_dir=${DATA_DIR:-./data}

if [[ -n "${DATABASE_URL:-}" ]]; then
  out=${1:-backups/skitaekwondo-$stamp.dump}
  mkdir -p "$(dirname "$out")"
  # Written beside the target and renamed when complete: a failed dump never looks like a backup.
  pg_dump --format=custom --no-owner --no-privileges --file="$out.partial" "$DATABASE_URL"
  mv "$out.partial" "$out"
  echo "PostgreSQL backup written to $out ($(du -h "$out" | cut -f1))."
  exit 0
fi

db_dir="$data_dir/db"
lock="$data_dir/db.lock"
if [[ ! -d "$db_dir" ]]; then
  echo "No embedded database at $db_dir (set DATA_DIR, or DATABASE_URL for PostgreSQL)." >&2
  exit 1
fi

# The same lock protocol as the server (src/server/db/data-dir-lock.ts): a file holding the owner's pid.
take_lock() {
  if (set -o noclobber; echo "$$" >"$lock") 2>/dev/null; then return 0; fi
  owner=$(cat "$lock" 2>/dev/null || true)
  if [[ -n "$owner" && "$owner" != "$$" ]] && kill -0 "$owner" 2>/dev/null; then
    echo "The database in $db_dir is in use by process $owner (the server?). Stop it first, then run this again." >&2
    exit 2
  fi
  rm -f "$lock"
  (set -o noclobber; echo "$$" >"$lock") 2>/dev/null || { echo "Could not lock $db_dir." >&2; exit 2; }
}
take_lock
trap 'rm -f "$lock"' EXIT

out=${1:-backups/skitaekwondo-$stamp.tar.gz}
mkdir -p "$(dirname "$out")"
tar -czf "$out.partial" -C "$data_dir" db
tar -tzf "$out.partial" >/dev/null
mv "$out.partial" "$out"
echo "Embedded database ($db_dir) backed up to $out ($(du -h "$out" | cut -f1))."
