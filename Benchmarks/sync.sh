#!/usr/bin/env bash
# Archive benchmarks for issue 5, printed as a Markdown table (method below the table):
#   (a) `boxoffice sync` of 365 days against the simulator at 50 ms latency, concurrency 8:
#       wall time ÷ (365 × 50 ms ÷ 8)                                                        (target ≤ 1.1)
#   (b) store size per archived year (SQLite file; PostgreSQL too when BENCH_POSTGRES_URL is set)
#   (c) a year's period chart from the archive: throughput ÷ /health throughput, with wrk
# Everything runs on 127.0.0.1 with a release build.
#
# Usage: Benchmarks/sync.sh           (builds the release binary first; slow the first time)
# Environment: BOXOFFICE_BIN=path     use this binary instead of building
#              WRK_DURATION=10s WRK_CONNECTIONS=32 WRK_THREADS=2   wrk settings
#              BENCH_POSTGRES_URL=postgres://user@127.0.0.1:port/postgres   an admin URL (e.g. from
#                                   scripts/dev-postgres.sh start) to also measure PostgreSQL's size per year
set -euo pipefail
cd "$(dirname "$0")/.."

LATENCY_MS=50
CONCURRENCY=8
FROM=2023-01-01
TO=2023-12-31
DAYS=365
YEAR=2023
WRK_DURATION=${WRK_DURATION:-10s}
WRK_CONNECTIONS=${WRK_CONNECTIONS:-32}
WRK_THREADS=${WRK_THREADS:-2}

# shellcheck source=Benchmarks/common.sh
source Benchmarks/common.sh  # the script has cd'd to the repository root

run_boxoffice() {
  env -u TMDB_API_KEY -u KAKAO_REST_API_KEY KOBIS_API_KEY=any KOBIS_BASE_URL="$kobis_url" "$@"
}

# --- (a) sync 365 days ---------------------------------------------------------------------------
db="$work/archive.sqlite"
DATABASE_URL="sqlite://$db" run_boxoffice "$bin" migrate >/dev/null
calls_before=$(stats_calls)
log "boxoffice sync --from $FROM --to $TO --concurrency $CONCURRENCY"
start=$(date +%s.%N)
DATABASE_URL="sqlite://$db" run_boxoffice "$bin" sync --from "$FROM" --to "$TO" --concurrency "$CONCURRENCY" \
  >"$work/sync.out" 2>"$work/sync.err" || { cat "$work/sync.out" "$work/sync.err" >&2; die "sync failed"; }
end=$(date +%s.%N)
calls=$(( $(stats_calls) - calls_before ))
grep -q "The archive holds every day of the range." "$work/sync.out" || { cat "$work/sync.out" >&2; die "sync incomplete"; }
film_calls=$((calls - DAYS))
# The sync's own progress (plain lines on stderr) ends with "N/N  100%  …  in T s": the time from planning done to
# the last item, without process start-up and migration.
sync_seconds=$(grep -E '^sync: [0-9]+/[0-9]+  100%' "$work/sync.err" | grep -oE 'in [0-9.]+ s' | tail -1 | tr -dc '0-9.')
[ -n "$sync_seconds" ] || { cat "$work/sync.err" >&2; die "no final progress line in the sync output"; }
read -r wall ideal ratio ideal_all ratio_all sync_ratio_all < <(python3 - "$start" "$end" "$sync_seconds" "$calls" <<PY
import sys
start, end, inner, calls = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
wall = end - start
ideal = $DAYS * $LATENCY_MS / 1000 / $CONCURRENCY
ideal_all = calls * $LATENCY_MS / 1000 / $CONCURRENCY
print(f"{wall:.2f} {ideal:.3f} {wall / ideal:.2f} {ideal_all:.3f} {wall / ideal_all:.2f} {inner / ideal_all:.2f}")
PY
)

# The simulator's own floor: the same number of daily-chart requests, $CONCURRENCY at a time over keep-alive
# connections, from a minimal Python client that decodes and stores nothing (dates of the year before, so the
# simulator computes charts it has not served yet).
floor_ratio=$(python3 - "$sim_origin" "$calls" "$CONCURRENCY" "$LATENCY_MS" "$((YEAR - 1))" <<'PY'
import concurrent.futures, datetime, http.client, sys, threading, time, urllib.parse
origin, calls, concurrency, latency_ms, year = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
host = urllib.parse.urlsplit(origin)
local = threading.local()
def get(day: int) -> None:
    connection = getattr(local, "connection", None) or http.client.HTTPConnection(host.hostname, host.port)
    local.connection = connection
    date = (datetime.date(year, 1, 1) + datetime.timedelta(days=day % 365)).strftime("%Y%m%d")
    connection.request("GET", f"/kobisopenapi/webservice/rest/boxoffice/searchDailyBoxOfficeList.json?key=any&targetDt={date}")
    connection.getresponse().read()
start = time.monotonic()
with concurrent.futures.ThreadPoolExecutor(concurrency) as pool:
    list(pool.map(get, range(calls)))
print(f"{(time.monotonic() - start) / (calls * latency_ms / 1000 / concurrency):.2f}")
PY
)

# A rerun must make no call.
calls_before=$(stats_calls)
DATABASE_URL="sqlite://$db" run_boxoffice "$bin" sync --from "$FROM" --to "$TO" >/dev/null 2>&1
rerun_calls=$(( $(stats_calls) - calls_before ))

# --- (b) store size per archived year --------------------------------------------------------------
python3 - "$db" <<'PY'
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1])
connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
connection.close()
PY
sqlite_bytes=$(stat -c %s "$db")
sqlite_mb=$(python3 -c "print(f'{$sqlite_bytes / 1048576:.2f}')")
rows=$(python3 - "$db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
print(c.execute("SELECT (SELECT COUNT(*) FROM charts), (SELECT COUNT(*) FROM chart_entries), (SELECT COUNT(*) FROM movies)").fetchone())
PY
)
postgres_size="not measured (set BENCH_POSTGRES_URL)"
if [ -n "${BENCH_POSTGRES_URL:-}" ]; then
  psql=$(ls /usr/lib/postgresql/*/bin/psql 2>/dev/null | head -1 || true)
  [ -n "$psql" ] || psql=$(command -v psql || true)
  [ -n "$psql" ] || die "BENCH_POSTGRES_URL is set but psql is missing"
  name="boxoffice_bench_$$"
  "$psql" "$BENCH_POSTGRES_URL" -qc "CREATE DATABASE $name" >/dev/null
  pg_url="${BENCH_POSTGRES_URL%/*}/$name"
  DATABASE_URL="$pg_url" run_boxoffice "$bin" migrate >/dev/null
  empty_bytes=$("$psql" "$pg_url" -tAc "SELECT pg_database_size(current_database())")
  "$bin" simulate-kobis --port 0 >"$work/simulator0.out" 2>&1 &
  pids+=($!)
  fast_url=$(wait_for_url "$work/simulator0.out" 'http://127\.0\.0\.1:[0-9]+/kobisopenapi/webservice/rest' "${pids[-1]}")
  KOBIS_BASE_URL_FAST=$fast_url
  env -u TMDB_API_KEY -u KAKAO_REST_API_KEY KOBIS_API_KEY=any KOBIS_BASE_URL="$KOBIS_BASE_URL_FAST" DATABASE_URL="$pg_url" \
    "$bin" sync --from "$FROM" --to "$TO" --concurrency "$CONCURRENCY" >/dev/null 2>&1 || die "PostgreSQL sync failed"
  "$psql" "$pg_url" -qc "VACUUM ANALYZE" >/dev/null
  full_bytes=$("$psql" "$pg_url" -tAc "SELECT pg_database_size(current_database())")
  "$psql" "$BENCH_POSTGRES_URL" -qc "DROP DATABASE $name WITH (FORCE)" >/dev/null
  postgres_size="$(python3 -c "print(f'{($full_bytes - $empty_bytes) / 1048576:.2f}')") MB (database size after − before)"
fi

# --- (c) a year's period chart ÷ /health with wrk ------------------------------------------------
log "starting boxoffice serve over the archive"
# Started directly (not through run_boxoffice) so $! is the server itself and the cleanup stops it.
env -u TMDB_API_KEY -u KAKAO_REST_API_KEY KOBIS_API_KEY=any KOBIS_BASE_URL="$kobis_url" DATABASE_URL="sqlite://$db" \
  LOG_LEVEL=warning BOXOFFICE_KEEPER=off "$bin" serve --hostname 127.0.0.1 --port 0 >"$work/server.out" 2>&1 &
server_pid=$!
pids+=("$server_pid")
base=$(wait_for_url "$work/server.out" 'http://127\.0\.0\.1:[0-9]+/' "$server_pid")
base=${base%/}
api="$base/api/v1/charts/period?year=$YEAR"
page="$base/charts/period?year=$YEAR"
for url in "$api" "$page"; do curl -fsS -o /dev/null "$url" || die "$url failed"; done
run_wrk() {
  wrk -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$WRK_DURATION" --latency "$1" >"$work/wrk.out"
  grep -q 'Non-2xx' "$work/wrk.out" && { cat "$work/wrk.out" >&2; die "wrk saw non-2xx answers for $1"; }
  awk '/Requests\/sec/ {print $2}' "$work/wrk.out"
}
calls_before=$(stats_calls)
log "wrk /health ($WRK_DURATION, $WRK_CONNECTIONS connections)"
health_rps=$(run_wrk "$base/health")
log "wrk /api/v1/charts/period?year=$YEAR"
api_rps=$(run_wrk "$api")
api_p99=$(awk '$1 == "99%" {print $2}' "$work/wrk.out")
log "wrk /charts/period?year=$YEAR"
page_rps=$(run_wrk "$page")
page_p99=$(awk '$1 == "99%" {print $2}' "$work/wrk.out")
wrk_calls=$(( $(stats_calls) - calls_before ))
api_ratio=$(python3 -c "print(f'{$api_rps / $health_rps:.3f}')")
page_ratio=$(python3 -c "print(f'{$page_rps / $health_rps:.3f}')")

verdict() { python3 -c "print('✅' if $1 else '❌')"; }

cat <<EOF
| benchmark | result | target | |
|---|---|---|---|
| (a) \`sync\` of $DAYS days, ${LATENCY_MS} ms latency, concurrency $CONCURRENCY: wall ÷ ($DAYS × ${LATENCY_MS} ms ÷ $CONCURRENCY = ${ideal} s) | ${wall} s → **$ratio** | ≤ 1.1 | $(verdict "$ratio <= 1.1") |
| (a′) the same run per call: wall ÷ ($calls calls × ${LATENCY_MS} ms ÷ $CONCURRENCY = ${ideal_all} s) | **$ratio_all** ($DAYS charts + $film_calls film lookups (movie-list pages and details) in one pool; the sync alone, without start-up: $sync_seconds s → $sync_ratio_all; rerun: $rerun_calls calls) | ≤ 1.1 | $(verdict "$ratio_all <= 1.1") |
| (a″) the simulator's own floor: $calls chart requests, $CONCURRENCY at a time, from a minimal Python client ÷ the same | **$floor_ratio** | — | |
| (b) store size per archived year | SQLite **$sqlite_mb MB** ($rows charts, rows, movies); PostgreSQL $postgres_size | — | |
| (c) a year's period chart ÷ \`/health\` (wrk) | API $api_rps ÷ $health_rps req/s = **$api_ratio**; page $page_rps req/s = **$page_ratio** | — | |

Method: release build on $(nproc) CPU cores ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), everything on
127.0.0.1. (a) \`boxoffice sync --from $FROM --to $TO --concurrency $CONCURRENCY\` into a fresh SQLite file against
\`boxoffice simulate-kobis --latency-ms $LATENCY_MS\`, wall time of the whole process (start-up and migration included);
the sync also learns each new film's nation (for the Korean vs foreign share) from a few pages of its opening year's
movie list (a details call for the few films not worth a list), in the same pool of $CONCURRENCY call slots as the charts:
(a′) divides by all calls made (from \`/_simulator/stats\`), the floor the pool can reach; "the sync alone" is the sync's own final progress time.
(b) the SQLite file after a WAL checkpoint (daily charts of $YEAR, their rows, the films' details and nations).
(c) \`boxoffice serve\` over that file; \`wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$WRK_DURATION\` on \`/health\`, then on
\`/api/v1/charts/period?year=$YEAR\` (p99 $api_p99) and \`/charts/period?year=$YEAR\` (p99 $page_p99); wrk shares the cores
with the server. KOBIS calls during wrk: $wrk_calls.
EOF
