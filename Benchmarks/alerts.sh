#!/usr/bin/env bash
# Deriving a day's alerts (issue 17): time and SQL statements per day for 1,000 people whose watchlists cover
# 10,000 films, over a month (31 days) of sample charts, printed as a Markdown table.
#
# `AlertDerivationCostTests` (fullScale) stores the sample archive's daily charts for the month (the in-process
# simulator, as sample mode), signs up BOXOFFICE_ALERT_BENCH_PEOPLE people and gives each
# BOXOFFICE_ALERT_BENCH_PER_PERSON films out of BOXOFFICE_ALERT_BENCH_FILMS (five of the month's charted films, the
# rest films no chart names, a tenth of those opening during the month), then derives each day as the morning after
# it (`AlertService.chartStored`, what the keeper's fetch of yesterday's chart triggers): once timed, then again
# (the alerts deleted first) with the drivers' query log counted. One line per backend: the median and p99 of a
# day's time, the month's total, the statements per day, the alerts stored.
#
# Usage: Benchmarks/alerts.sh
# Environment: BOXOFFICE_TEST_POSTGRES_URL=…   an admin URL (e.g. from scripts/dev-postgres.sh start) to measure
#                                               PostgreSQL too; without it, SQLite only
#              BOXOFFICE_ALERT_BENCH_PEOPLE=1000 BOXOFFICE_ALERT_BENCH_FILMS=10000
#              BOXOFFICE_ALERT_BENCH_PER_PERSON=100 BOXOFFICE_ALERT_BENCH_DAYS=31
#              BOXOFFICE_TESTS_BIN=path          run this test bundle (e.g. a copy of
#                                                .build/debug/BoxOfficePackageTests.xctest, or the release one)
#                                                directly: no build
#              BENCH_RELEASE=1                   build the tests in release (`swift build -c release --build-tests
#                                                -Xswiftc -enable-testing`)
#              BENCH_SKIP_BUILD=1                use the tests as last built
set -euo pipefail
cd "$(dirname "$0")/.."

export BOXOFFICE_ALERT_BENCH=1
config=debug
[ -n "${BENCH_RELEASE:-}" ] && config=release
if [ -n "${BOXOFFICE_TESTS_BIN:-}" ]; then
  [ -x "$BOXOFFICE_TESTS_BIN" ] || { echo "alerts.sh: $BOXOFFICE_TESTS_BIN is not an executable" >&2; exit 1; }
  bin=$BOXOFFICE_TESTS_BIN
else
  if [ -z "${BENCH_SKIP_BUILD:-}" ]; then
    # A release build of the tests needs testability for their @testable imports.
    flags=()
    [ "$config" = release ] && flags=(-Xswiftc -enable-testing)
    swift build -c "$config" --build-tests "${flags[@]}" >&2 || { echo "alerts.sh: the tests do not build" >&2; exit 1; }
  fi
  bin=.build/$config/BoxOfficePackageTests.xctest
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
"$bin" --testing-library swift-testing --filter 'AlertDerivationCostTests/fullScale' 2>&1 |
  grep -E '^alert-bench' | tee "$out" >&2

echo
echo "| store | people × films each (of all) | days | day median | day p99 | month | SQL statements a day | alerts stored |"
echo "|---|---|---|---|---|---|---|---|"
grep -E '^alert-bench ' "$out" | while read -r _ rest; do
  declare -A f=()
  for pair in $rest; do f[${pair%%=*}]=${pair#*=}; done
  backend=${f[backend]}
  [ "$backend" = sqlite ] && backend="SQLite file" || backend=PostgreSQL
  printf '| %s | %s × %s (of %s) | %s | %s ms | %s ms | %s ms | %s | %s |\n' "$backend" "${f[people]}" \
    "${f[per_person]}" "${f[films]}" "${f[days]}" "${f[day_ms_median]}" "${f[day_ms_p99]}" "${f[month_ms]}" \
    "${f[statements_per_day]/../–}" "${f[alerts_stored]}"
done
echo
if [ -n "${BOXOFFICE_TESTS_BIN:-}" ]; then built="the bundle $BOXOFFICE_TESTS_BIN"; else built="$config"; fi
echo "Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg). Tests: $built."
