#!/usr/bin/env bash
# The whole test suite: installs what is missing, starts a real PostgreSQL on loopback, builds and
# runs every Swift Testing suite (SQLite file and PostgreSQL), validates and fuzzes the API document against the
# real server, then runs the browser suite when present.
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
  # A Korean font, so the screenshots in Tests/browser/artifacts show Hangul instead of empty boxes.
  if command -v fc-list >/dev/null && [ -z "$(fc-list :lang=ko 2>/dev/null)" ]; then
    apt_install fonts-nanum
  fi
  if ! python3 -c 'import selenium' 2>/dev/null; then
    python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
    log "installing selenium"
    # Debian's own python3 refuses plain pip installs (PEP 668); retry the way it allows.
    python3 -m pip install -q selenium 2>/dev/null || python3 -m pip install -q --break-system-packages selenium
  fi
  # axe-core 4 for the accessibility checks: only the axe.min.js this package ships is used, so not its playwright.
  AXE_PACKAGE=axe-playwright-python==0.1.8
  if ! python3 -m pip show axe-playwright-python 2>/dev/null | grep -q '^Version: 0.1.8$'; then
    python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
    log "installing $AXE_PACKAGE"
    python3 -m pip install -q --no-deps "$AXE_PACKAGE" 2>/dev/null \
      || python3 -m pip install -q --no-deps --break-system-packages "$AXE_PACKAGE"
  fi
fi

# --- OpenAPI validation: installs openapi-spec-validator (PyPI) when missing ---
if ! python3 -c 'import openapi_spec_validator' 2>/dev/null; then
  python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
  log "installing openapi-spec-validator"
  pip_err=$(mktemp)
  if ! python3 -m pip install -q openapi-spec-validator 2>"$pip_err"; then
    if grep -q externally-managed-environment "$pip_err"; then
      python3 -m pip install -q --break-system-packages openapi-spec-validator
    else
      cat "$pip_err" >&2; rm -f "$pip_err"; exit 1
    fi
  fi
  rm -f "$pip_err"
fi
# --- end OpenAPI validation install ---

# --- Feed validation: feedparser and icalendar (PyPI), pinned, installed when missing ---
FEEDPARSER_VERSION=6.0.11
ICALENDAR_VERSION=6.1.3
if ! python3 -m pip show feedparser 2>/dev/null | grep -q "^Version: $FEEDPARSER_VERSION\$" \
  || ! python3 -m pip show icalendar 2>/dev/null | grep -q "^Version: $ICALENDAR_VERSION\$"; then
  python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
  log "installing feedparser $FEEDPARSER_VERSION and icalendar $ICALENDAR_VERSION"
  python3 -m pip install -q "feedparser==$FEEDPARSER_VERSION" "icalendar==$ICALENDAR_VERSION" 2>/dev/null \
    || python3 -m pip install -q --break-system-packages "feedparser==$FEEDPARSER_VERSION" "icalendar==$ICALENDAR_VERSION"
fi
# --- end feed validation install ---

# --- Holiday table: the 설날 and 추석 windows checked against PyPI holidays (KR), pinned, installed when missing ---
HOLIDAYS_VERSION=0.108
if ! python3 -m pip show holidays 2>/dev/null | grep -q "^Version: $HOLIDAYS_VERSION\$"; then
  python3 -m pip --version >/dev/null 2>&1 || apt_install python3-pip
  log "installing holidays $HOLIDAYS_VERSION"
  python3 -m pip install -q "holidays==$HOLIDAYS_VERSION" 2>/dev/null \
    || python3 -m pip install -q --break-system-packages "holidays==$HOLIDAYS_VERSION"
fi
log "checking the holiday table against holidays $HOLIDAYS_VERSION"
python3 Tests/holidays/check_holidays.py
# --- end holiday table ---

# --- API fuzzing: schemathesis (PyPI) in its own virtual environment, installed when missing ---
# A venv, not the system python: schemathesis brings many packages with pinned ranges of their own.
FUZZ_VENV=.build-fuzz/venv
SCHEMATHESIS_VERSION=4.32.5
if ! "$FUZZ_VENV/bin/st" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
  python3 -m venv --help >/dev/null 2>&1 || apt_install python3-venv
  log "installing schemathesis $SCHEMATHESIS_VERSION into $FUZZ_VENV"
  rm -rf "$FUZZ_VENV"
  python3 -m venv "$FUZZ_VENV" || { apt_install python3-venv && python3 -m venv "$FUZZ_VENV"; }
  "$FUZZ_VENV/bin/python" -m pip install -q --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi
# --- end API fuzzing install ---

# --- Strict answers: openapi-core (PyPI) in a venv of its own (it pins openapi-spec-validator's range) ---
CORE_VENV=.build-fuzz/openapi-core
OPENAPI_CORE_VERSION=0.23.1
if ! "$CORE_VENV/bin/python" -m pip show openapi-core 2>/dev/null | grep -q "^Version: $OPENAPI_CORE_VERSION\$"; then
  python3 -m venv --help >/dev/null 2>&1 || apt_install python3-venv
  log "installing openapi-core $OPENAPI_CORE_VERSION into $CORE_VENV"
  rm -rf "$CORE_VENV"
  python3 -m venv "$CORE_VENV" || { apt_install python3-venv && python3 -m venv "$CORE_VENV"; }
  "$CORE_VENV/bin/python" -m pip install -q --disable-pip-version-check "openapi-core==$OPENAPI_CORE_VERSION"
fi
# --- end strict answers install ---

# --- Format: the toolchain's swift-format with the repository's .swift-format; any finding fails the run ---
log "checking the format (swift format lint)"
lint_out=$(swift format lint --strict -r Sources Tests Package.swift 2>&1) || true
if [ -n "$lint_out" ]; then
  printf '%s\n' "$lint_out" >&2
  echo "swift format lint found the lines above; run: swift format format -i -r Sources Tests Package.swift" >&2
  exit 1
fi
# --- end format ---

log "starting PostgreSQL on 127.0.0.1"
BOXOFFICE_TEST_POSTGRES_URL=$(scripts/dev-postgres.sh start)
export BOXOFFICE_TEST_POSTGRES_URL
trap 'scripts/dev-postgres.sh stop >/dev/null 2>&1 || true' EXIT

# One build for everything below, with assertions off as in the release build people run: with them on, an
# `assert` in PostgresNIO ends the process when AsyncKit's pool drops a fresh connection while PostgreSQL comes back
# (a race inside the pool; see SECURITY.md, "Known: a race in AsyncKit's pool"), which the lifecycle test provokes.
# Our own sources hold no `assert`; preconditions and the tests' expectations are unchanged. A second build for the
# lifecycle test alone took 17 minutes of a CI run.
log "building (assertions off)"
set +e
swift build --build-tests -Xswiftc -assert-config -Xswiftc Release 2>&1 \
  | grep -v "unhandled; explicitly declare them as resources"
status=${PIPESTATUS[0]}
set -e
[ "$status" -eq 0 ] || { echo "build failed" >&2; exit "$status"; }

log "running the Swift test suites (SQLite and PostgreSQL at $BOXOFFICE_TEST_POSTGRES_URL)"
# At most 8 tests at a time: on two cores an unbounded run starved request-serving tests past their clients' 20 s
# read timeout.
# The run is also kept in a file: when it fails, its failures are printed again at the end, where a CI log's tail
# shows them.
swift_log=.build/swift-test.log
set +e
swift test --skip-build --experimental-maximum-parallelization-width 8 2>&1 | tee "$swift_log"
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
  echo "==> the Swift suites failed; their failures again (the whole run is in $swift_log):" >&2
  # Swift Testing's failed tests and recorded issues (each names its file and line), then a crash's own lines.
  grep -E '✘' "$swift_log" | grep -v 'known issue' | tail -n 40 >&2 || true
  grep -E -A6 '(Fatal error|Crash|exited with signal|error: Exited)' "$swift_log" | tail -n 20 >&2 || true
  exit "$status"
fi

# --- OpenAPI validation: the document served by the real server, checked by openapi-spec-validator ---
log "validating /openapi.json from the running server"
OPENAPI_CORE_PYTHON="$CORE_VENV/bin/python" Tests/openapi/validate.sh .build/debug/boxoffice
# --- end OpenAPI validation ---

# --- Feed validation: the Atom feeds and the calendar of the running server, read by feedparser and icalendar ---
log "validating the feeds and the calendar from the running server"
Tests/feeds/validate.sh .build/debug/boxoffice
# --- end feed validation ---

# --- Lifecycle: PostgreSQL (a cluster of its own) stopped -m immediate and restarted under load, then SIGTERM ---
log "restarting PostgreSQL under load, then stopping the server (20 cycles; every third stops it while PostgreSQL is down)"
python3 Tests/lifecycle/restart_under_load.py .build/debug/boxoffice --cycles 20
# --- end lifecycle ---

# --- API fuzzing: schemathesis against every /api/v1 operation, anonymous and with a Bearer token ---
log "fuzzing the API with schemathesis"
SCHEMATHESIS="$FUZZ_VENV/bin/st" Tests/fuzz/run.sh .build/debug/boxoffice
# --- end API fuzzing ---

# --- Boundary fuzzing: every page and API route with edge values against the real server (seconds) ---
log "fuzzing every route with boundary values"
python3 Tests/fuzz/boundary.py .build/debug/boxoffice
# Once more on PostgreSQL (a fresh database on the test server; one signed-in pass with the values that reach the
# database, seconds): some inputs fail only there (NUL in text, PostgresNIO's own encoders).
log "fuzzing every route with boundary values on PostgreSQL"
python3 Tests/fuzz/boundary.py .build/debug/boxoffice --postgres "$BOXOFFICE_TEST_POSTGRES_URL"
# --- end boundary fuzzing ---

if [ -d Tests/browser ]; then
  log "running the browser suite in headless Chromium"
  python3 Tests/browser/run.py
fi
