#!/usr/bin/env bash
# The archive keeper and the quota ledger (issue 15), printed as Markdown tables (method below them):
#   (a) sample mode (no KOBIS_API_KEY: the in-process simulator, the ledger counts but does not limit, the keeper
#       fills 366 days a run, 8 calls at once): wall time for `boxoffice serve` with BOXOFFICE_KEEPER=on on a fresh
#       store to reach `keeper.state == current && missingDays == 0` on /api/v1/archive/status, for the last year
#       (RUNS_1Y runs) and from FROM_LONG (default 2004-01-01, RUNS_LONG runs), against `boxoffice sync --weekly
#       --concurrency 8` of the same range on a fresh store; SQLite, and PostgreSQL when BENCH_POSTGRES_URL is set
#   (b) store size after the long fill: the SQLite file (after a WAL checkpoint, and after VACUUM) and
#       pg_database_size after VACUUM
#   (c) against `boxoffice simulate-kobis --latency-ms ${LATENCY_MS}` with a key (the keeper fills 31 days a run,
#       4 calls at once, the ledger enforcing): KOBIS calls and wall time to fill the last year, ÷ the ideal
#       (ideal calls × ${LATENCY_MS} ms ÷ 4); the ideal calls are the charts the fill stored (each must be fetched
#       once) plus, per opening year of the films they name, the fewer of its films and its movie-list pages
#   (d) the ledger in a whole call: `boxoffice sync` of one month, one call at a time, against a 0 ms simulator:
#       our time per call next to a minimal client's time per call on the same simulator (the ledger's own cost
#       per spend is Benchmarks/ledger.sh's)
# Everything runs on 127.0.0.1 with a release build (or BOXOFFICE_BIN).
#
# Usage: Benchmarks/keeper.sh        (builds the release binary first; slow the first time)
# Environment: BOXOFFICE_BIN=path    use this binary instead of building
#              RUNS_1Y=3 RUNS_LONG=1 runs of the one-year and the long fill (and of their syncs)
#              FROM_LONG=2004-01-01  first day of the long fill
#              LATENCY_MS=50         the simulator's latency for (c)
#              BENCH_POSTGRES_URL=postgres://user@127.0.0.1:port/postgres   an admin URL (e.g. from
#                                    scripts/dev-postgres.sh start) to measure PostgreSQL too
#              SKIP=a,c,d            parts to leave out (b needs a)
#              BACKENDS="sqlite postgres"   stores for (a), (b) and (d) (default: SQLite, and PostgreSQL when
#                                    BENCH_POSTGRES_URL is set)
#              POLL_INTERVAL=0.05    seconds between two reads of /api/v1/archive/status
#              KEEP_LOGS=dir         copy the servers' and syncs' output there
set -euo pipefail
cd "$(dirname "$0")/.."

LATENCY_MS=${LATENCY_MS:-50}
RUNS_1Y=${RUNS_1Y:-3}
RUNS_LONG=${RUNS_LONG:-1}
FROM_LONG=${FROM_LONG:-2004-01-01}
SKIP=${SKIP:-}
KEYED_CONCURRENCY=4   # AppServices.keeperOptions: 4 calls at once against KOBIS, 8 in sample mode
POLL_TIMEOUT=${POLL_TIMEOUT:-900}
POLL_INTERVAL=${POLL_INTERVAL:-0.05}

# shellcheck source=Benchmarks/common.sh
source Benchmarks/common.sh  # the script has cd'd to the repository root

skipped() { [[ ",$SKIP," == *",$1,"* ]]; }
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)

# The latest settled day (KST today − 2) and a year of days ending there.
read -r latest from_1y < <(python3 -c '
import datetime, zoneinfo
today = datetime.datetime.now(zoneinfo.ZoneInfo("Asia/Seoul")).date()
latest = today - datetime.timedelta(days=2)
print(latest.isoformat(), (latest - datetime.timedelta(days=364)).isoformat())')
days_between() { python3 -c "import datetime as d; print((d.date.fromisoformat('$2') - d.date.fromisoformat('$1')).days + 1)"; }

psql_bin=
export PGOPTIONS='--client-min-messages=warning'
if [ -n "${BENCH_POSTGRES_URL:-}" ]; then
  psql_bin=$(ls /usr/lib/postgresql/*/bin/psql 2>/dev/null | head -1 || true)
  [ -n "$psql_bin" ] || psql_bin=$(command -v psql || true)
  [ -n "$psql_bin" ] || die "BENCH_POSTGRES_URL is set but psql is missing"
fi
# The databases this run made (new_store runs in subshells, so they are found by name).
drop_pg_databases() {
  [ -n "$psql_bin" ] || return 0
  for name in $("$psql_bin" "$BENCH_POSTGRES_URL" -tAc "SELECT datname FROM pg_database WHERE datname LIKE 'boxoffice_keeper_$$\_%'" 2>/dev/null); do
    "$psql_bin" "$BENCH_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null 2>&1 || true
  done
}
trap 'drop_pg_databases; cleanup' EXIT
new_store() {  # backend label → prints a DATABASE_URL of a fresh, empty store
  if [ "$1" = sqlite ]; then
    rm -f "$work/$2.sqlite"*
    printf 'sqlite://%s\n' "$work/$2.sqlite"
  else
    local name="boxoffice_keeper_$$_${2//-/_}"
    "$psql_bin" "$BENCH_POSTGRES_URL" -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null || die "psql failed"
    "$psql_bin" "$BENCH_POSTGRES_URL" -qc "CREATE DATABASE $name" >/dev/null || die "psql failed"
    printf '%s/%s\n' "${BENCH_POSTGRES_URL%/*}" "$name"
  fi
}

# Starts `serve` with the keeper on (extra environment in "$@"), waits for the keeper to be current with no day
# missing, stops the server, and prints "seconds_from_launch seconds_from_listening quota_used by_purpose".
keeper_fill() {  # label database_url archive_from [VAR=value ...]
  local label=$1 url=$2 from=$3
  shift 3
  local out="$work/serve-$label.out" start pid base
  start=$(date +%s.%N)
  env -u KOBIS_API_KEY -u KOBIS_BASE_URL -u TMDB_API_KEY -u KAKAO_REST_API_KEY -u BOXOFFICE_KEEPER_HOUR \
    DATABASE_URL="$url" LOG_LEVEL=info BOXOFFICE_KEEPER=on BOXOFFICE_ARCHIVE_FROM="$from" "$@" \
    "$bin" serve --hostname 127.0.0.1 --port 0 >"$out" 2>&1 &
  pid=$!
  pids+=("$pid")
  base=$(wait_for_url "$out" 'http://127\.0\.0\.1:[0-9]+/' "$pid")
  local listening
  listening=$(date +%s.%N)
  python3 - "${base%/}" "$start" "$listening" "$POLL_TIMEOUT" "$work/status-$label.json" "$POLL_INTERVAL" <<'PY' || { kill "$pid"; cat "$out" >&2; die "the keeper did not finish ($label)"; }
import json, sys, time, urllib.request
base, start, listening, timeout, keep = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
while True:
    with urllib.request.urlopen(f"{base}/api/v1/archive/status") as r:
        status = json.load(r)
    now = time.time()
    keeper = status["keeper"]
    if keeper["state"] == "current" and keeper["missingDays"] == 0:
        break
    if now - start > timeout:
        print(json.dumps(status), file=sys.stderr)
        sys.exit(1)
    time.sleep(float(sys.argv[6]))
json.dump(status, open(keep, "w"))
purposes = ",".join(f"{k}={v}" for k, v in status["quota"]["byPurpose"].items() if v)
print(f"{now - start:.2f} {now - listening:.2f} {status['quota']['used']} {purposes or '-'}")
PY
  kill "$pid"; wait "$pid" 2>/dev/null || true
  # Anything the server said above info (warnings, errors) is reported with the figures.
  grep -E '\b(warning|error|critical)\b' "$out" >>"$work/problems.txt" || true
}

# `boxoffice sync` of a range in sample mode on a fresh store; prints "seconds calls".
sample_sync() {  # label database_url from to
  local start end
  DATABASE_URL="$2" env -u KOBIS_API_KEY -u KOBIS_BASE_URL -u TMDB_API_KEY -u KAKAO_REST_API_KEY \
    "$bin" migrate >/dev/null 2>&1
  start=$(date +%s.%N)
  DATABASE_URL="$2" env -u KOBIS_API_KEY -u KOBIS_BASE_URL -u TMDB_API_KEY -u KAKAO_REST_API_KEY \
    "$bin" sync --from "$3" --to "$4" --weekly --concurrency 8 --budget 100000000 \
    >"$work/sync-$1.out" 2>"$work/sync-$1.err" || { cat "$work/sync-$1.out" "$work/sync-$1.err" >&2; die "sync failed ($1)"; }
  end=$(date +%s.%N)
  grep -q "The archive holds every day of the range." "$work/sync-$1.out" || { cat "$work/sync-$1.out" >&2; die "sync incomplete ($1)"; }
  local calls
  calls=$(grep -oE 'KOBIS (calls: |호출: )[0-9,]+' "$work/sync-$1.out" | head -1 | tr -dc '0-9')
  python3 -c "print(f'{$end - $start:.2f} ${calls:-?}')"
}

median() { python3 -c 'import statistics, sys; v = [float(x) for x in sys.argv[1:]]; print(f"{statistics.median(v):.2f}")' "$@"; }
spread() { python3 -c 'import sys; v = [float(x) for x in sys.argv[1:]]; print(", ".join(f"{x:.2f}" for x in v))' "$@"; }

if [ -n "${BACKENDS:-}" ]; then
  read -r -a backends <<<"$BACKENDS"
else
  backends=(sqlite)
  [ -n "${BENCH_POSTGRES_URL:-}" ] && backends+=(postgres)
fi
rows_a=()
sizes=()
declare -A long_url

# --- (a) sample mode: the keeper's fill against sync, one year and the long range ----------------
if ! skipped a; then
  for backend in "${backends[@]}"; do
    for span in 1y long; do
      if [ "$span" = 1y ]; then from=$from_1y; runs=$RUNS_1Y; else from=$FROM_LONG; runs=$RUNS_LONG; fi
      days=$(days_between "$from" "$latest")
      keeper_times=(); listen_times=(); sync_times=(); used=; purposes=; sync_calls=
      for run in $(seq 1 "$runs"); do
        log "$backend: keeper fill $from…$latest ($days days), run $run of $runs"
        url=$(new_store "$backend" "keeper-$span-$run")
        keeper_fill "$backend-$span-$run" "$url" "$from" >"$work/fill.txt"
        read -r total listening used purposes <"$work/fill.txt"
        keeper_times+=("$total"); listen_times+=("$listening")
        [ "$span" = long ] && long_url[$backend]=$url
        log "  $total s ($listening s after listening), $used calls ($purposes)"
        log "$backend: boxoffice sync --from $from --to $latest --weekly --concurrency 8, run $run of $runs"
        sample_sync "$backend-$span-$run" "$(new_store "$backend" "sync-$span-$run")" "$from" "$latest" >"$work/fill.txt"
        read -r seconds sync_calls <"$work/fill.txt"
        sync_times+=("$seconds")
        log "  $seconds s, $sync_calls calls"
      done
      km=$(median "${keeper_times[@]}"); sm=$(median "${sync_times[@]}")
      rows_a+=("| $backend, $days days ($from…$latest) | **$km s** (runs: $(spread "${keeper_times[@]}"); after listening: $(spread "${listen_times[@]}")) — $used calls ($purposes) | $sm s (runs: $(spread "${sync_times[@]}")) — $sync_calls calls | **$(python3 -c "print(f'{$km / $sm:.2f}')")** |")
    done
  done

  # --- (b) store size after the long fill ---------------------------------------------------------
  mb() { python3 -c "print(f'{$1 / 1048576:.1f}')"; }
  if [ -n "${long_url[sqlite]:-}" ]; then
  db=${long_url[sqlite]#sqlite://}
  checkpointed=$(python3 - "$db" <<'PY'
import os, sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.execute("PRAGMA wal_checkpoint(TRUNCATE)"); c.close()
print(os.path.getsize(sys.argv[1]))
PY
)
  vacuumed=$(python3 - "$db" <<'PY'
import os, sqlite3, sys
c = sqlite3.connect(sys.argv[1]); c.execute("VACUUM"); c.execute("PRAGMA wal_checkpoint(TRUNCATE)"); c.close()
print(os.path.getsize(sys.argv[1]))
PY
)
  counts=$(python3 - "$db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
daily, weekly, entries, nations, movies = c.execute("""SELECT (SELECT COUNT(*) FROM charts WHERE kind = 'daily'),
  (SELECT COUNT(*) FROM charts WHERE kind != 'daily'), (SELECT COUNT(*) FROM chart_entries),
  (SELECT COUNT(*) FROM movie_nations), (SELECT COUNT(*) FROM movies)""").fetchone()
print(f"{daily:,} daily and {weekly:,} weekly charts, {entries:,} chart rows, {nations:,} film nations, {movies:,} film details")
PY
)
  sizes+=("| SQLite | $(mb "$checkpointed") MB after a WAL checkpoint; **$(mb "$vacuumed") MB** after VACUUM ($counts) |")
  fi
  if [ -n "${long_url[postgres]:-}" ]; then
    "$psql_bin" "${long_url[postgres]}" -qc "VACUUM ANALYZE" >/dev/null
    pg_bytes=$("$psql_bin" "${long_url[postgres]}" -tAc "SELECT pg_database_size(current_database())")
    empty_url=$(new_store postgres empty)
    DATABASE_URL="$empty_url" env -u KOBIS_API_KEY "$bin" migrate >/dev/null 2>&1
    empty_bytes=$("$psql_bin" "$empty_url" -tAc "SELECT pg_database_size(current_database())")
    sizes+=("| PostgreSQL | **$(mb "$pg_bytes") MB** \`pg_database_size\` after VACUUM ANALYZE; $(mb "$((pg_bytes - empty_bytes))") MB more than an empty migrated database ($(mb "$empty_bytes") MB) |")
  fi
fi

# --- (c) against the simulator at ${LATENCY_MS} ms: calls and time to fill a year ------------------------
if ! skipped c; then
  days_1y=$(days_between "$from_1y" "$latest")
  log "keeper fill $from_1y…$latest against simulate-kobis --latency-ms $LATENCY_MS"
  keyed_db="$work/keyed.sqlite"
  calls_before=$(stats_calls)
  keeper_fill keyed "sqlite://$keyed_db" "$from_1y" KOBIS_API_KEY=bench KOBIS_BASE_URL="$kobis_url" >"$work/fill.txt"
  read -r keyed_total keyed_listening keyed_used keyed_purposes <"$work/fill.txt"
  keyed_calls=$(( $(stats_calls) - calls_before ))
  keyed_runs=$(grep -cE 'keeper: [0-9-]+…[0-9-]+: ' "$work/serve-keyed.out" || true)
  # The ideal: every chart stored once, and per opening year of the films they name the fewer of its films and
  # its movie-list pages (100 films a page; the simulator's totCnt); a film without an opening date, details.
  read -r ideal_calls ideal_breakdown < <(python3 - "$keyed_db" "$kobis_url" <<'PY'
import json, math, sqlite3, sys, urllib.request
db, kobis = sys.argv[1], sys.argv[2]
c = sqlite3.connect(db)
daily = c.execute("SELECT COUNT(*) FROM charts WHERE kind = 'daily'").fetchone()[0]
weekly = c.execute("SELECT COUNT(*) FROM charts WHERE kind != 'daily'").fetchone()[0]
films = c.execute("SELECT movie_code, MIN(COALESCE(open_date, '')) FROM chart_entries GROUP BY movie_code").fetchall()
by_year, undated = {}, 0
for code, opened in films:
    year = opened[:4] if len(opened) >= 4 and opened[:4].isdigit() else None
    if year is None:
        undated += 1
    else:
        by_year[year] = by_year.get(year, 0) + 1
lookups = 0
for year, count in by_year.items():
    with urllib.request.urlopen(f"{kobis}/movie/searchMovieList.json?key=bench&openStartDt={year}&openEndDt={year}&itemPerPage=100") as r:
        total = int(json.load(r)["movieListResult"]["totCnt"])
    lookups += min(count, math.ceil(total / 100))
lookups += undated
print(daily + weekly + lookups, f"{daily}_daily_+_{weekly}_weekly_charts_+_{lookups}_nation_lookups_({len(films)}_films_of_{len(by_year)}_opening_years,_{undated}_undated)")
PY
)
  ideal_breakdown=${ideal_breakdown//_/ }
  read -r keyed_ideal_s keyed_ratio keyed_ratio_listening calls_ratio < <(python3 -c "
ideal = $ideal_calls * $LATENCY_MS / 1000 / $KEYED_CONCURRENCY
print(f'{ideal:.2f} {$keyed_total / ideal:.2f} {$keyed_listening / ideal:.2f} {$keyed_calls / $ideal_calls:.3f}')")
fi

# --- (d) the ledger inside a whole call: sync of a month, one call at a time, 0 ms simulator -----------
if ! skipped d; then
  "$bin" simulate-kobis --port 0 >"$work/simulator0.out" 2>&1 &
  pids+=($!)
  fast_url=$(wait_for_url "$work/simulator0.out" 'http://127\.0\.0\.1:[0-9]+/kobisopenapi/webservice/rest' "${pids[-1]}")
  fast_origin=${fast_url%/kobisopenapi/webservice/rest}
  month_from=$(python3 -c "import datetime as d; x = d.date.fromisoformat('$latest'); f = (x.replace(day=1) - d.timedelta(days=1)).replace(day=1); print(f)")
  month_to=$(python3 -c "import datetime as d; x = d.date.fromisoformat('$latest'); print(x.replace(day=1) - d.timedelta(days=1))")
  rows_d=()
  for backend in "${backends[@]}"; do
    per_call=(); inner_per_call=()
    for run in 1 2 3; do
      url=$(new_store "$backend" "month-$run")
      DATABASE_URL="$url" KOBIS_API_KEY=bench KOBIS_BASE_URL="$fast_url" "$bin" migrate >/dev/null 2>&1
      before=$(curl -fsS "$fast_origin/_simulator/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["calls"])')
      start=$(date +%s.%N)
      DATABASE_URL="$url" KOBIS_API_KEY=bench KOBIS_BASE_URL="$fast_url" env -u TMDB_API_KEY -u KAKAO_REST_API_KEY \
        "$bin" sync --from "$month_from" --to "$month_to" --concurrency 1 >"$work/month.out" 2>"$work/month.err" \
        || { cat "$work/month.out" "$work/month.err" >&2; die "month sync failed ($backend)"; }
      end=$(date +%s.%N)
      after=$(curl -fsS "$fast_origin/_simulator/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["calls"])')
      month_calls=$((after - before))
      inner=$(grep -E '^sync: [0-9]+/[0-9]+  100%' "$work/month.err" | grep -oE 'in [0-9.]+ s' | tail -1 | tr -dc '0-9.')
      per_call+=("$(python3 -c "print(f'{($end - $start) * 1000 / $month_calls:.3f}')")")
      [ -n "$inner" ] && inner_per_call+=("$(python3 -c "print(f'{$inner * 1000 / $month_calls:.3f}')")")
    done
    rows_d+=("| $backend | $month_calls | $(median "${per_call[@]}") ms (runs: $(spread "${per_call[@]}")) | ${inner_per_call[*]:+$(median "${inner_per_call[@]}") ms} |")
  done
  # The simulator's own time per call: the same number of chart requests, one at a time over one keep-alive
  # connection, from a client that decodes and stores nothing.
  floor_ms=$(python3 - "$fast_origin" "$month_calls" <<'PY'
import datetime, http.client, statistics, sys, time, urllib.parse
origin, calls = sys.argv[1], int(sys.argv[2])
host = urllib.parse.urlsplit(origin)
runs = []
for run in range(3):
    connection = http.client.HTTPConnection(host.hostname, host.port)
    start = time.monotonic()
    for i in range(calls):
        date = (datetime.date(2015 + run, 1, 1) + datetime.timedelta(days=i)).strftime("%Y%m%d")
        connection.request("GET", f"/kobisopenapi/webservice/rest/boxoffice/searchDailyBoxOfficeList.json?key=bench&targetDt={date}")
        connection.getresponse().read()
    runs.append((time.monotonic() - start) * 1000 / calls)
print(f"{statistics.median(runs):.3f}")
PY
)
fi

load_after=$(cut -d' ' -f1-3 /proc/loadavg)
if [ -n "${KEEP_LOGS:-}" ]; then mkdir -p "$KEEP_LOGS" && cp "$work"/serve-*.out "$work"/sync-*.out "$work"/sync-*.err "$KEEP_LOGS"/ 2>/dev/null || true; fi

# --- the report -----------------------------------------------------------------------------------
echo "Commit $commit; $(nproc) CPU cores ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)); load average $load_before before, $load_after after."
echo
if ! skipped a; then
  cat <<EOF
| sample mode: fill of | keeper (serve → current, median) | \`sync --weekly --concurrency 8\` (median) | keeper ÷ sync |
|---|---|---|---|
$(printf '%s\n' "${rows_a[@]}")

| store after the fill from $FROM_LONG | size |
|---|---|
$(printf '%s\n' "${sizes[@]}")

EOF
fi
if ! skipped c; then
  cat <<EOF
| against simulate-kobis at $LATENCY_MS ms, keeper fill of $days_1y days | result |
|---|---|
| KOBIS calls (the simulator's count) | **$keyed_calls** (ledger: $keyed_used, $keyed_purposes; $keyed_runs sync runs) |
| ideal calls | $ideal_calls = $ideal_breakdown; calls ÷ ideal **$calls_ratio** |
| wall time serve → current | **$keyed_total s** ($keyed_listening s after listening) |
| ÷ ideal ($ideal_calls × $LATENCY_MS ms ÷ $KEYED_CONCURRENCY = $keyed_ideal_s s) | **$keyed_ratio** ($keyed_ratio_listening after listening) |

EOF
fi
if ! skipped d; then
  cat <<EOF
| \`sync\` of $month_from…$month_to, one call at a time, 0 ms simulator | calls | whole process per call (median of 3) | the sync alone per call |
|---|---|---|---|
$(printf '%s\n' "${rows_d[@]}")
| a minimal Python client, the same requests | $month_calls | $floor_ms ms | |

EOF
fi
cat <<EOF
Method: $( [ -n "${BOXOFFICE_BIN:-}" ] && echo "the binary $bin" || echo "release build"), everything on 127.0.0.1. (a) \`boxoffice serve\` with BOXOFFICE_KEEPER=on and
BOXOFFICE_ARCHIVE_FROM on a fresh store, no KOBIS_API_KEY (sample mode); the time runs from launching the process
until /api/v1/archive/status (polled every ${POLL_INTERVAL} s) says \`current\` with 0 missing days; the morning run of today
(yesterday's chart and the last 8 days' weeks) is part of it when the KST hour is past BOXOFFICE_KEEPER_HOUR.
\`sync\` fetches the Mon–Sun weeks only; the keeper all three weekly ranges. (b) the long fill's store, the server
stopped. (c) the same keeper with KOBIS_API_KEY and KOBIS_BASE_URL at the simulator (31 days a run, 4 at once,
the ledger enforcing the default 3,000/500). (d) whole \`sync\` processes; "the sync alone" is its own final progress
time. Server lines above info during the fills: $( [ -s "$work/problems.txt" ] && echo "$(wc -l <"$work/problems.txt") (first: $(head -1 "$work/problems.txt" | cut -c1-200))" || echo none).
EOF
