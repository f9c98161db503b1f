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

# Cost 4 keeps the sign-up quick.
. Tests/support/sample-server.sh
start_sample_server feeds LOG_LEVEL=warning BOXOFFICE_BCRYPT_COST=4

python3 Tests/feeds/validate.py "$url"
