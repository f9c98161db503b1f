#!/usr/bin/env bash
# The simulator as reference (issue 28) over every sample year: the suite's checks of the run measures
# (FilmRunReferenceTests) and of the market (MarketChartReferenceTests, no store) walk 2004-01-01 to the day before
# yesterday in Seoul, the days the keeper's sample fill archives (22.9 years in November 2026), instead of the suite's
# two years. Every exact crossing, opening weekend, opening day, first week, pace point and drop must equal the
# truth, every range (crossings, market, Korean share: each day, year, holiday window and week chart) contain it,
# every floor (final, peak, legs) be at most it, and each week chart's market meet the sum of its days' ranges.
# Prints the counts and the time as Markdown; exits non-zero when a check failed (the failures are in the log).
#
# Usage: Benchmarks/reference.sh      (builds the tests first, a debug build: slow the first time)
# Environment: REFERENCE_FROM=2004-01-01  REFERENCE_THROUGH=YYYY-MM-DD (default: the day before yesterday in Seoul)
#              SKIP_BUILD=1               use the tests as last built
#              REFERENCE_LOG=path         keep the test output there (default: a temporary file, removed)
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '==> %s\n' "$*" >&2; }
die() { printf '%s: %s\n' "$(basename "$0")" "$*" >&2; exit 1; }
command -v python3 >/dev/null || die "python3 is needed"

from=${REFERENCE_FROM:-2004-01-01}
through=${REFERENCE_THROUGH:-$(python3 -c 'import datetime as d, zoneinfo
print(d.datetime.now(zoneinfo.ZoneInfo("Asia/Seoul")).date() - d.timedelta(days=2))')}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=${REFERENCE_LOG:-$work/test.out}

if [ -z "${SKIP_BUILD:-}" ]; then
  log "building the tests (swift build --build-tests)"
  swift build --build-tests >&2
fi

log "checking $from to $through against the simulator's truth"
started=$(date +%s.%N)
status=0
BOXOFFICE_REFERENCE_FROM=$from BOXOFFICE_REFERENCE_THROUGH=$through swift test --skip-build \
  --filter 'FilmRunReferenceTests|MarketChartReferenceTests' >"$out" 2>&1 || status=$?
ended=$(date +%s.%N)

python3 - "$out" "$status" "$started" "$ended" "$(git rev-parse --short HEAD)" <<'EOF'
import re, sys

path, status, started, ended, commit = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
text = open(path, encoding="utf-8", errors="replace").read()
lines = {}
for name in ("FilmRunReference", "MarketReference"):
    found = re.search(rf"^{name} (\S+) \(([\d.]+) years\): (.*)$", text, re.M)
    if not found:
        sys.exit(f"reference.sh: no {name} line in the test output ({path}); status {status}")
    lines[name] = found
both = lines["FilmRunReference"].group(3) + ", " + lines["MarketReference"].group(3)
counts = {}
for key in ("films", "exact and", "ranged crossings", "weekends", "drops", "opening days", "first weeks",
            "pace points", "final floors", "peak floors", "legs floors", "days", "weeks", "years",
            "holiday windows", "failures"):
    found = re.findall(rf"(?:^|, |and )(\d+) {key}(?:,|$| )", both)
    if not found:
        sys.exit(f"reference.sh: no count of {key!r} in the test output ({path})")
    counts[key] = sum(int(number) for number in found)
seconds = {}
for name in ("everyExactFigureEqualsTheTruthAndEveryRangeHoldsIt", "everyRangeHoldsTheTruthAndEveryWeekMeetsItsDays"):
    found = re.search(rf"Test {name}\(\) (?:passed|failed) after ([\d.]+) seconds", text)
    seconds[name] = float(found.group(1)) if found else None

film, market = lines["FilmRunReference"], lines["MarketReference"]
print(f"Days {film.group(1)} ({film.group(2)} years), commit {commit}, debug build.\n")
print("| checked against the simulator's truth | count |")
print("| --- | ---: |")
rows = [
    ("films in a daily or weekly top 10", "films"),
    ("milestone crossings, exact (= the truth's day)", "exact and"),
    ("milestone crossings, ranged (hold the truth's day)", "ranged crossings"),
    ("opening and second weekends (= the truth)", "weekends"),
    ("second-weekend drops (= the truth)", "drops"),
    ("opening days (= the truth)", "opening days"),
    ("first weeks (= the truth)", "first weeks"),
    ("pace points (= the truth)", "pace points"),
    ("final floors (≤ the truth)", "final floors"),
    ("peak floors (≤ the truth)", "peak floors"),
    ("legs floors (≤ the truth)", "legs floors"),
    ("days: market and Korean share ranges hold the truth", "days"),
    ("week charts: market and Korean share hold the truth, market meets its days' sum", "weeks"),
    ("years: summed market and Korean share hold the truth", "years"),
    ("설날 and 추석 windows: summed market and Korean share hold the truth", "holiday windows"),
]
for label, key in rows:
    print(f"| {label} | {counts.get(key, 0):,} |")
print(f"| **failed checks** | **{counts.get('failures', 0):,}** |")
def fmt(value):
    return "–" if value is None else f"{value:.1f} s"
print()
print(f"Time: {ended - started:.1f} s for `swift test` (run measures "
      f"{fmt(seconds['everyExactFigureEqualsTheTruthAndEveryRangeHoldsIt'])}, market "
      f"{fmt(seconds['everyRangeHoldsTheTruthAndEveryWeekMeetsItsDays'])}, in parallel).")
if status != 0 or counts.get("failures", 0):
    sys.exit(f"reference.sh: checks failed (status {status}); see {path}")
EOF
