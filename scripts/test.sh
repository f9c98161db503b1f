#!/usr/bin/env bash
# The whole test suite: installs what is missing, starts a real PostgreSQL on loopback, builds and
# runs every Swift Testing suite (SQLite file and PostgreSQL), then the browser suite when present.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '==> %s\n' "$*"; }

apt_install() {
  log "installing $*"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

# PostgreSQL server binaries (Debian keeps them under /usr/lib/postgresql/<version>/bin).
if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
  apt_install postgresql
fi
command -v python3 >/dev/null || apt_install python3

# Browser tests need Chromium, its driver and selenium.
if [ -d Tests/browser ]; then
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    apt_install chromium chromium-driver
  fi
  python3 -c 'import selenium' 2>/dev/null || python3 -m pip install -q selenium
fi

log "starting PostgreSQL on 127.0.0.1"
BOXOFFICE_TEST_POSTGRES_URL=$(scripts/dev-postgres.sh start)
export BOXOFFICE_TEST_POSTGRES_URL
trap 'scripts/dev-postgres.sh stop >/dev/null 2>&1 || true' EXIT

log "building"
set +e
swift build --build-tests 2>&1 | grep -v "unhandled; explicitly declare them as resources"
status=${PIPESTATUS[0]}
set -e
[ "$status" -eq 0 ] || { echo "build failed" >&2; exit "$status"; }

log "running the Swift test suites (SQLite and PostgreSQL at $BOXOFFICE_TEST_POSTGRES_URL)"
swift test --skip-build

if [ -d Tests/browser ]; then
  log "running the browser suite in headless Chromium"
  python3 Tests/browser/run.py
fi
