#!/usr/bin/env bash
# Validates the Atom feeds and the calendar the real server serves: starts the built `boxoffice serve` in sample mode
# on a free loopback port over a temporary SQLite file and runs Tests/feeds/validate.py against it (feedparser and
# icalendar from PyPI; scripts/test.sh installs them). Needs `swift build` first.
# Usage: Tests/feeds/validate.sh [path/to/boxoffice]
set -euo pipefail
cd "$(dirname "$0")/../.."

binary=${1:-.build/debug/boxoffice}
[ -x "$binary" ] || { echo "validate.sh: $binary not found; run swift build first" >&2; exit 1; }
python3 -c 'import feedparser, icalendar' 2>/dev/null || {
  echo "validate.sh: feedparser or icalendar is missing: python3 -m pip install feedparser icalendar" >&2
  exit 1
}

workdir=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$workdir"
}
trap cleanup EXIT

# Port 0: the server picks a free port and prints its URL. Cost 4 keeps the sign-up quick.
env -u KOBIS_API_KEY DATABASE_URL="sqlite://$workdir/feeds.sqlite" LOG_LEVEL=warning BOXOFFICE_BCRYPT_COST=4 \
  BOXOFFICE_KEEPER=off "$binary" serve --hostname 127.0.0.1 --port 0 >"$workdir/server.out" 2>&1 &
server_pid=$!
url=
for _ in $(seq 1 300); do
  url=$(grep -oE 'http://127\.0\.0\.1:[0-9]+/' "$workdir/server.out" | head -1 || true)
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$workdir/server.out" >&2; echo "validate.sh: the server exited" >&2; exit 1; }
  sleep 0.1
done
[ -n "$url" ] || { cat "$workdir/server.out" >&2; echo "validate.sh: the server did not start" >&2; exit 1; }

python3 Tests/feeds/validate.py "$url"
