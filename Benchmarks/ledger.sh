#!/usr/bin/env bash
# The quota ledger's cost per KOBIS call (issue 15): milliseconds per `spend`, one after another on one instance,
# as the gate in front of every KOBIS call pays it. Each run times BOXOFFICE_LEDGER_BENCH_SPENDS spends (after one
# untimed call that connects and creates the day's row) in `QuotaLedgerCostTests`, one backend at a time
# (`--no-parallel`); the script prints the median of RUNS runs per backend as a Markdown table.
#
# What is measured: one `INSERT … ON CONFLICT (key_id, day) DO UPDATE … WHERE used < ceiling RETURNING used` round
# trip and its commit (on SQLite a WAL append and its fsync; on PostgreSQL a commit over the loopback). The tests
# are a debug build, but the cost is the database's, not Swift's.
#
# Usage: Benchmarks/ledger.sh
# Environment: BOXOFFICE_LEDGER_BENCH_SPENDS=N   spends per run (default 2000)
#              RUNS=N                            runs per backend (default 3)
#              BOXOFFICE_TEST_POSTGRES_URL=…     an admin URL (e.g. from scripts/dev-postgres.sh start) to measure
#                                                PostgreSQL too; without it, SQLite only
#              BENCH_SKIP_BUILD=1                use the tests as last built (`swift build --build-tests`)
#              BOXOFFICE_TESTS_BIN=path          run this test bundle (e.g. a copy of
#                                                .build/debug/BoxOfficePackageTests.xctest) directly: no build, and
#                                                no `swift test` on a .build others are building in
set -euo pipefail
cd "$(dirname "$0")/.."

export BOXOFFICE_LEDGER_BENCH_SPENDS=${BOXOFFICE_LEDGER_BENCH_SPENDS:-2000}
RUNS=${RUNS:-3}

if [ -n "${BOXOFFICE_TESTS_BIN:-}" ]; then
  [ -x "$BOXOFFICE_TESTS_BIN" ] || { echo "ledger.sh: $BOXOFFICE_TESTS_BIN is not an executable" >&2; exit 1; }
elif [ -z "${BENCH_SKIP_BUILD:-}" ]; then
  swift build --build-tests >&2 || { echo "ledger.sh: the tests do not build" >&2; exit 1; }
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for run in $(seq 1 "$RUNS"); do
  printf '==> run %s of %s (%s spends)\n' "$run" "$RUNS" "$BOXOFFICE_LEDGER_BENCH_SPENDS" >&2
  if [ -n "${BOXOFFICE_TESTS_BIN:-}" ]; then
    "$BOXOFFICE_TESTS_BIN" --testing-library swift-testing --filter QuotaLedgerCostTests 2>&1
  else
    swift test --skip-build --no-parallel --filter QuotaLedgerCostTests 2>&1
  fi | grep -E '^ledger-bench ' | tee -a "$out" >&2
done

python3 - "$out" "$RUNS" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    _, backend, spends, per = line.split()
    runs.setdefault(backend, []).append(float(per.split("=")[1]))
print("| backend | runs | ms per spend (median) | all runs |")
print("|---|---|---|---|")
for backend, values in sorted(runs.items()):
    print(f"| {backend} | {len(values)} | {statistics.median(values):.3f} | {', '.join(f'{v:.3f}' for v in values)} |")
PY
