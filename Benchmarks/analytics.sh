#!/usr/bin/env bash
# The analytics routes (issue 28) on the 22.9-year sample archive, a release `boxoffice serve`, the keeper off while
# measured. Prints, as Markdown:
#   - warm: each route's req/s ÷ /health on the same server, measured just before it (goal ≥ 0.5), as wrk asks (no
#     Accept-Encoding) and again with `Accept-Encoding: gzip` as browsers ask (both /health and the route), for
#     reference; WARM_ROUNDS pairs per route, the median ratio and the lowest and highest; beside it the server's own
#     CPU time per request (from /proc over each wrk run) and /health's ÷ the route's: what the server spends,
#     without wrk's reading of the answer, which shares the host's cores and grows with the answer's bytes;
#   - cold: the first answer after a fresh start (nothing kept), the median of COLD_ROUNDS starts, ÷ a cold
#     /api/v1/charts/period?year=2019 (goal ≤ 3), whose starts alternate with every route's (its median over all of
#     them); and the run and records routes at 22.9 years ÷ at 1 year (goal ≤ 2), the two stores' starts alternating;
#   - memory: RSS after every route once − RSS idle (goal ≤ 32 MB);
#   - upkeep: the keeper's sample fill of 2004→ (and BEFORE_BIN's, when given: goal ≤ 1.15).
# SQLite always; with BENCH_POSTGRES_URL, then the same on PostgreSQL, each set of tables headed by its database:
# fresh databases created for the run (the 22.9-year store, the 1-year store, BEFORE_BIN's store) and dropped at the
# end, also on failure. BEFORE_BIN's fill runs on both databases. On PostgreSQL a cold start restarts `boxoffice
# serve` only: the database server's own cache stays warm, and RSS is the boxoffice process's.
#
# Usage: Benchmarks/analytics.sh      (builds the release binary first)
# Environment: BOXOFFICE_BIN=path, BEFORE_BIN=path (a build from before the issue, for the fill time),
#              WRK_DURATION=5s WRK_CONNECTIONS=16 WRK_THREADS=2,
#              WARM_ROUNDS=3   pairs of /health and the route per route, interleaved (a 5 s pair on this 2-core host
#                moves by ±0.05 with the host's other load),
#              COLD_ROUNDS=5   cold starts of each route, each beside one of what it is divided by (one first answer
#                moves by ±30 % on this host, so a median of three starts measured at another time than the
#                reference's was as likely to miss the goal as to meet it),
#              BENCH_POSTGRES_URL=postgres://user@127.0.0.1:port/postgres   an admin URL (e.g. from
#                `scripts/dev-postgres.sh start`) to also measure PostgreSQL,
#              ANALYTICS_FROM=2004-01-01   the first day of the fill; a later day (e.g. 2025-06-01) makes a quick
#                check of the script (the tables then name its span, and the 1-year store starts no earlier);
#                figures for BENCHMARKS.md use the default (the archive's first day),
#              FILL_TIMEOUT=3600   seconds one fill may take,
#              FILL_RUNS=3   with BEFORE_BIN, the fills of both builds alternate this many times on each database
#                (fresh stores, dropped after each), and the goal compares their medians: one fill on this 2-core
#                host moves by 10–20 % with the host's other load.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck disable=SC2034  # read by common.sh
LATENCY_MS=0
WRK_DURATION=${WRK_DURATION:-5s}
WRK_CONNECTIONS=${WRK_CONNECTIONS:-16}
WRK_THREADS=${WRK_THREADS:-2}
WARM_ROUNDS=${WARM_ROUNDS:-3}
COLD_ROUNDS=${COLD_ROUNDS:-5}
ANALYTICS_FROM=${ANALYTICS_FROM:-2004-01-01}
FILL_TIMEOUT=${FILL_TIMEOUT:-3600}
FILL_RUNS=${FILL_RUNS:-3}
case $WARM_ROUNDS in '' | *[!0-9]* | 0) echo "analytics.sh: WARM_ROUNDS is not a positive number: $WARM_ROUNDS" >&2; exit 2 ;; esac
case $COLD_ROUNDS in '' | *[!0-9]* | 0) echo "analytics.sh: COLD_ROUNDS is not a positive number: $COLD_ROUNDS" >&2; exit 2 ;; esac
python3 -c 'import datetime as d, sys; d.date.fromisoformat(sys.argv[1])' "$ANALYTICS_FROM" 2>/dev/null ||
  { echo "analytics.sh: ANALYTICS_FROM is not a day (YYYY-MM-DD): $ANALYTICS_FROM" >&2; exit 2; }

# shellcheck source=Benchmarks/common.sh disable=SC1091  # followed with shellcheck -x
source Benchmarks/common.sh
bin=${bin:?} work=${work:?}  # set by common.sh (named here for shellcheck without -x)

# --- PostgreSQL: fresh databases, dropped on exit -----------------------------------------------------------------
pg_databases=()
pg_admin() { "$psql" "$BENCH_POSTGRES_URL" -v ON_ERROR_STOP=1 -qAtc "$1"; }
analytics_cleanup() {
  cleanup  # common.sh: the servers and the simulator stopped, the work directory removed
  local name
  for name in "${pg_databases[@]}"; do
    pg_admin "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null 2>&1 || log "could not drop the database $name"
  done
}
trap analytics_cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

pg_version=
if [ -n "${BENCH_POSTGRES_URL:-}" ]; then
  psql=$(find /usr/lib/postgresql/*/bin/psql 2>/dev/null | sort -V | tail -1 || true)
  [ -n "$psql" ] || psql=$(command -v psql || true)
  [ -n "$psql" ] || die "BENCH_POSTGRES_URL is set but psql is missing"
  pg_version=$(pg_admin "SHOW server_version") || die "cannot connect to BENCH_POSTGRES_URL"
  pg_version=${pg_version%% *}
fi
pg_create() {  # name → creates the database and sets pg_url to it (the admin URL with the database's name)
  local admin=$BENCH_POSTGRES_URL query=
  case $admin in *\?*) query="?${admin#*\?}"; admin=${admin%%\?*} ;; esac
  pg_databases+=("$1")
  pg_admin "CREATE DATABASE $1" >/dev/null
  pg_url="${admin%/*}/$1$query"
}

# --- measuring one database --------------------------------------------------------------------------------------
fill() {  # binary store-url from → sets fill_seconds; the keeper fills the range in sample mode
  local started ended state="" fill_pid fill_base deadline
  started=$(date +%s.%N)
  env -u KOBIS_API_KEY -u KOBIS_BASE_URL "DATABASE_URL=$2" BOXOFFICE_KEEPER=on BOXOFFICE_ARCHIVE_FROM="$3" \
    LOG_LEVEL=warning "$1" serve --hostname 127.0.0.1 --port 0 >"$work/fill.out" 2>&1 &
  fill_pid=$!
  pids+=("$fill_pid")
  fill_base=$(wait_for_url "$work/fill.out" 'http://127\.0\.0\.1:[0-9]+/' "$fill_pid")
  deadline=$((SECONDS + FILL_TIMEOUT))
  while [ "$SECONDS" -lt "$deadline" ]; do
    state=$(curl -fsS "${fill_base}api/v1/archive/status" | python3 -c \
      'import json,sys; k=json.load(sys.stdin)["keeper"]; print(k["state"], k["missingDays"], k["archivedDays"])')
    case $state in "current 0 "*) break ;; esac
    sleep 0.25
  done
  case $state in "current 0 "*) ;; *) die "the keeper did not fill the range in $FILL_TIMEOUT s: $state" ;; esac
  ended=$(date +%s.%N)
  kill "$fill_pid"; wait "$fill_pid" 2>/dev/null || true
  fill_seconds=$(python3 -c "print(f'{$ended - $started:.1f}')")
}

spare_fill() {  # name binary run → fill with binary into a fresh store of database name, then remove it
  local store=$work/spare-$3.sqlite
  local database=boxoffice_analytics_$$_spare_$3_$RANDOM
  if [ "$1" = postgres ]; then
    pg_create "$database"
    fill "$2" "$pg_url" "$ANALYTICS_FROM"
    pg_admin "DROP DATABASE $database" >/dev/null
  else
    fill "$2" "sqlite://$store" "$ANALYTICS_FROM"
    rm -f "$store" "$store-wal" "$store-shm"
  fi
}

start_server() {  # store-url → sets server_pid and base
  env -u TMDB_API_KEY -u KAKAO_REST_API_KEY -u KOBIS_API_KEY -u KOBIS_BASE_URL "DATABASE_URL=$1" \
    BOXOFFICE_KEEPER=off LOG_LEVEL=warning "$bin" serve --hostname 127.0.0.1 --port 0 >"$work/server.out" 2>&1 &
  server_pid=$!
  pids+=("$server_pid")
  base=$(wait_for_url "$work/server.out" 'http://127\.0\.0\.1:[0-9]+/' "$server_pid")
  base=${base%/}
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; }
rss() { awk '/VmRSS/ { print $2 }' "/proc/$server_pid/status"; }

clock_ticks=$(getconf CLK_TCK)
server_ticks() { awk '{ print $14 + $15 }' "/proc/$server_pid/stat"; }  # the server's user and system CPU
run_wrk() {  # url [wrk option…] → requests per second, a tab, the server's CPU µs per request over the run
  local before after
  before=$(server_ticks)
  wrk -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$WRK_DURATION" "$@" >"$work/wrk.out"
  after=$(server_ticks)
  grep -q 'Non-2xx' "$work/wrk.out" && { cat "$work/wrk.out" >&2; die "wrk saw non-2xx answers for $1"; }
  awk -v ticks=$((after - before)) -v hz="$clock_ticks" '/Requests/ && /sec/ { rate = $2 }
    / requests in / { count = $1 } END { printf "%s\t%.1f\n", rate, ticks * 1e6 / hz / count }' "$work/wrk.out"
}

first_answer() {  # store-url route → sets first_seconds: the first answer on a fresh server
  start_server "$1"
  curl -fsS -o /dev/null "$base/health" || { cat "$work/server.out" >&2; die "the server did not answer /health"; }
  first_seconds=$(curl -fsS -o /dev/null -w '%{time_total}' "$base$2") ||
    { cat "$work/server.out" >&2; die "$2 did not answer 200"; }
  stop_server
}
cold_pairs() {  # store-url route store-url route → sets cold_first and cold_second (each a list of COLD_ROUNDS
  # first answers, in seconds), the two starting by turns so that a slow or quick spell of the host weighs on both
  local round
  cold_first="" cold_second=""
  for ((round = 1; round <= COLD_ROUNDS; round++)); do
    first_answer "$1" "$2"
    cold_first+=" $first_seconds"
    first_answer "$3" "$4"
    cold_second+=" $first_seconds"
  done
}

# The 1-year store: the last 366 days before today (no earlier than ANALYTICS_FROM, for a quick check).
year_from=$(python3 -c 'import datetime as d, sys
print(max(d.date.today() - d.timedelta(days=366), d.date.fromisoformat(sys.argv[1])).isoformat())' "$ANALYTICS_FROM")
# A film of the last month, and two others of its day, present in both stores.
day=$(python3 -c 'import datetime as d; print((d.date.today() - d.timedelta(days=30)).isoformat())')
reference="/api/v1/charts/period?year=2019"

measure() {  # name full-store-url year-store-url [before-store-url] → writes $work/name.md
  local name=$1 full=$2 year=$3 before=${4:-} out="$work/$1" fill_after fill_before="" code vs1 vs2 idle after_routes
  local route
  mkdir -p "$out"
  log "$name: filling $ANALYTICS_FROM to the day before yesterday with the keeper (sample mode)"
  fill "$bin" "$full" "$ANALYTICS_FROM"
  fill_after=$fill_seconds
  if [ -n "$before" ]; then
    log "$name: the same fill with $BEFORE_BIN"
    fill "$BEFORE_BIN" "$before" "$ANALYTICS_FROM"
    fill_before=$fill_seconds
    local run
    for ((run = 2; run <= FILL_RUNS; run++)); do
      log "$name: fill $run of $FILL_RUNS, both builds"
      spare_fill "$name" "$bin" "$run"
      fill_after+=" $fill_seconds"
      spare_fill "$name" "$BEFORE_BIN" "$run"
      fill_before+=" $fill_seconds"
    done
  fi
  log "$name: filling one year ($year_from →)"
  fill "$bin" "$year" "$year_from"

  start_server "$full"
  read -r code vs1 vs2 < <(curl -fsS "$base/api/v1/daily?date=$day" | python3 -c \
    'import json,sys; e=json.load(sys.stdin)["entries"]; print(e[0]["movieCode"], e[1]["movieCode"], e[2]["movieCode"])')
  stop_server
  [ -n "${vs2:-}" ] || die "no three films on $day in the $name store"

  local routes=(
    "/health"
    "/movies/$code?vs=$vs1&vs=$vs2" "/api/v1/movies/$code/run?vs=$vs1&vs=$vs2"
    "/records/milestones?threshold=10000000" "/api/v1/records/milestones?threshold=10000000"
    "/records/totals" "/api/v1/records/totals"
    "/market/years" "/api/v1/market/years"
    "/market/days?year=2019" "/api/v1/market/days?year=2019"
    "/market/holidays?holiday=chuseok" "/api/v1/market/holidays?holiday=chuseok"
  )
  local scaled=("/api/v1/movies/$code/run?vs=$vs1&vs=$vs2" "/api/v1/records/milestones?threshold=10000000"
    "/api/v1/records/totals" "/api/v1/records/streaks" "/api/v1/records/legs")

  : >"$out/warm"
  start_server "$full"
  curl -fsS -o /dev/null "$base/health"
  idle=$(rss)
  for route in "${routes[@]}"; do
    curl -fsS -o /dev/null "$base$route" || die "$route did not answer 200"
  done
  after_routes=$(rss)
  # Each route beside a /health measured just before it, asked the same way: on a shared 2-core host the rate of
  # both moves by 10–30 % within minutes, so a ratio to one /health measured at the start says more about the moment.
  local health health_gzip round
  for route in "${routes[@]}"; do
    for ((round = 1; round <= WARM_ROUNDS; round++)); do
      log "$name: wrk $route ($round of $WARM_ROUNDS)"
      health=$(run_wrk "$base/health")
      printf '%s\t%s\t%s' "$route" "$(run_wrk "$base$route")" "$health" >>"$out/warm"
      health_gzip=$(run_wrk "$base/health" -H 'Accept-Encoding: gzip')
      printf '\t%s\t%s\n' "$(run_wrk "$base$route" -H 'Accept-Encoding: gzip')" "$health_gzip" >>"$out/warm"
    done
  done
  stop_server

  : >"$out/cold"
  for route in "${routes[@]:1}"; do
    log "$name: cold $route, beside $reference"
    cold_pairs "$full" "$reference" "$full" "$route"
    printf '%s\t%s\n' "$reference" "$cold_first" >>"$out/cold"
    printf '%s\t%s\n' "$route" "$cold_second" >>"$out/cold"
  done
  : >"$out/scale"
  for route in "${scaled[@]}"; do
    log "$name: cold on the whole store and on one year, $route"
    cold_pairs "$full" "$route" "$year" "$route"
    printf '%s\t%s\t%s\n' "$route" "$cold_first" "$cold_second" >>"$out/scale"
  done

  python3 - "$out" "$reference" "$idle" "$after_routes" "$fill_after" "$fill_before" "$ANALYTICS_FROM" "$year_from" \
    >"$work/$name.md" <<'PY'
import datetime as d, sys
out, reference, idle, after, fill_after, fill_before, first, year_first = sys.argv[1:]
last = d.date.today() - d.timedelta(days=2)  # the keeper fills to the day before yesterday
def span(first):
    days = (last - d.date.fromisoformat(first)).days + 1
    return "1 year" if days == 365 else f"{days / 365.25:.1f} years"
def middle(values):
    values = sorted(values)
    return (values[(len(values) - 1) // 2] + values[len(values) // 2]) / 2
rounds = {}  # route → [(req/s, /health, gzip req/s, gzip /health, server µs, /health's server µs)], as measured
for l in open(f"{out}/warm"):
    route, rate, cpu, health, health_cpu, gzip, _, gzip_health, _ = l.rstrip("\n").split("\t")
    rounds.setdefault(route, []).append([float(v) for v in (rate, health, gzip, gzip_health, cpu, health_cpu)])
print("| route | warm req/s | /health just before | ÷ /health (lowest–highest) | with gzip ÷ /health "
      "| server µs/request (/health's ÷ it) | cold ms | cold ÷ period |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
starts = {}  # route → every first answer of it, in seconds (the reference's from beside every route)
for l in open(f"{out}/cold"):
    route, times = l.rstrip("\n").split("\t")
    starts.setdefault(route, []).extend(float(t) for t in times.split())
cold = {route: middle(times) for route, times in starts.items()}
for route, pairs in rounds.items():
    c = cold.get(route)
    cells = f"{c * 1000:.1f} | **{c / cold[reference]:.2f}**" if c is not None else "– | –"
    plain = [p[0] / p[1] for p in pairs]
    spread = f" ({min(plain):.2f}–{max(plain):.2f})" if len(pairs) > 1 else ""
    cpu = f"{middle(p[4] for p in pairs):.0f} ({middle(p[5] / p[4] for p in pairs):.2f})"
    print(f"| `{route}` | {middle(p[0] for p in pairs):,.0f} | {middle(p[1] for p in pairs):,.0f} | "
          f"**{middle(plain):.2f}**{spread} | {middle(p[2] / p[3] for p in pairs):.2f} | {cpu} | {cells} |")
print(f"| `{reference}` (reference, {len(starts[reference])} starts) | | | | | | {cold[reference] * 1000:.1f} | 1.00 |")
print()
print(f"| route (cold) | {span(first)} ms | {span(year_first)} ms | ratio |")
print("| --- | ---: | ---: | ---: |")
for line in open(f"{out}/scale"):
    route, full, year = line.rstrip("\n").split("\t")
    full, year = middle(float(t) for t in full.split()), middle(float(t) for t in year.split())
    print(f"| `{route}` | {full * 1000:.1f} | {year * 1000:.1f} | **{full / year:.2f}** |")
print()
print(f"RSS idle {int(idle) / 1024:.1f} MB, after every route once {int(after) / 1024:.1f} MB: "
      f"**+{(int(after) - int(idle)) / 1024:.1f} MB**.")
def median(runs):
    times = sorted(float(t) for t in runs.split())
    return (times[(len(times) - 1) // 2] + times[len(times) // 2]) / 2
def listed(runs):
    return ", ".join(runs.split())
line = f"Keeper's sample fill of {first[:4] if first.endswith('-01-01') else first}→: "
if fill_before:
    after_median, before_median = median(fill_after), median(fill_before)
    count = len(fill_after.split())
    line += (f"{listed(fill_after)} s, before the issue {listed(fill_before)} s (alternating); "
             f"{'medians ' if count > 1 else ''}{after_median:.1f} ÷ {before_median:.1f} s: "
             f"**{after_median / before_median:.2f}**")
else:
    line += f"{fill_after} s"
print(line + ".")
PY
}

before_store=
[ -z "${BEFORE_BIN:-}" ] || before_store="sqlite://$work/before.sqlite"
measure sqlite "sqlite://$work/full.sqlite" "sqlite://$work/year.sqlite" "$before_store"

if [ -n "$pg_version" ]; then
  pg_create "boxoffice_analytics_$$_full"
  pg_full=$pg_url
  pg_create "boxoffice_analytics_$$_year"
  pg_year=$pg_url
  before_store=
  if [ -n "${BEFORE_BIN:-}" ]; then pg_create "boxoffice_analytics_$$_before"; before_store=$pg_url; fi
  measure postgres "$pg_full" "$pg_year" "$before_store"
  printf '**SQLite**\n\n'
  cat "$work/sqlite.md"
  printf '\n**PostgreSQL %s**\n\n' "$pg_version"
  cat "$work/postgres.md"
else
  cat "$work/sqlite.md"
fi
printf '\nwrk -t%s -c%s -d%s on 127.0.0.1, %s interleaved pairs per route (medians), a release build, sample mode, keeper off while measured.\n' \
  "$WRK_THREADS" "$WRK_CONNECTIONS" "$WRK_DURATION" "$WARM_ROUNDS"
printf 'Cold: medians of %s fresh starts per route, each beside a start of what it is divided by.\n' "$COLD_ROUNDS"
if [ -n "$pg_version" ]; then
  printf '%s\n' "PostgreSQL $pg_version on 127.0.0.1, a fresh database per store; a cold start restarts \`boxoffice serve\`" \
    "only (the database server's cache stays warm), and RSS is the boxoffice process's."
fi
