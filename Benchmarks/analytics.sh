#!/usr/bin/env bash
# The analytics routes (issue 28) on the 22.9-year sample archive, a release `boxoffice serve`, the keeper off while
# measured. Prints, as Markdown:
#   - warm: each route's req/s ÷ /health on the same server (goal ≥ 0.5);
#   - cold: the first answer after a fresh start (nothing kept), median of 3 starts, ÷ a cold
#     /api/v1/charts/period?year=2019 (goal ≤ 3), and the run and records routes at 22.9 years ÷ at 1 year (goal ≤ 2);
#   - memory: RSS after every route once − RSS idle (goal ≤ 32 MB);
#   - upkeep: the keeper's sample fill of 2004→ (and BEFORE_BIN's, when given: goal ≤ 1.15).
#
# Usage: Benchmarks/analytics.sh      (builds the release binary first)
# Environment: BOXOFFICE_BIN=path, BEFORE_BIN=path (a build from before the issue, for the fill time),
#              WRK_DURATION=5s WRK_CONNECTIONS=16 WRK_THREADS=2
set -euo pipefail
cd "$(dirname "$0")/.."

LATENCY_MS=0
WRK_DURATION=${WRK_DURATION:-5s}
WRK_CONNECTIONS=${WRK_CONNECTIONS:-16}
WRK_THREADS=${WRK_THREADS:-2}

# shellcheck source=Benchmarks/common.sh
source Benchmarks/common.sh

fill() {  # binary store from → prints seconds; the keeper fills the range in sample mode
  local started ended state fill_pid fill_base
  started=$(date +%s.%N)
  env -u KOBIS_API_KEY -u KOBIS_BASE_URL "DATABASE_URL=sqlite://$2" BOXOFFICE_KEEPER=on BOXOFFICE_ARCHIVE_FROM="$3" \
    LOG_LEVEL=warning "$1" serve --hostname 127.0.0.1 --port 0 >"$work/fill.out" 2>&1 &
  fill_pid=$!
  pids+=("$fill_pid")
  fill_base=$(wait_for_url "$work/fill.out" 'http://127\.0\.0\.1:[0-9]+/' "$fill_pid")
  for _ in $(seq 1 4800); do
    state=$(curl -fsS "${fill_base}api/v1/archive/status" | python3 -c \
      'import json,sys; k=json.load(sys.stdin)["keeper"]; print(k["state"], k["missingDays"], k["archivedDays"])')
    case $state in "current 0 "*) break ;; esac
    sleep 0.25
  done
  case $state in "current 0 "*) ;; *) die "the keeper did not fill the range: $state" ;; esac
  ended=$(date +%s.%N)
  kill "$fill_pid"; wait "$fill_pid" 2>/dev/null || true
  python3 -c "print(f'{$ended - $started:.1f}')"
}

full="$work/full.sqlite"
year="$work/year.sqlite"
year_from=$(python3 -c 'import datetime as d; print((d.date.today() - d.timedelta(days=366)).isoformat())')
log "filling 2004-01-01 to the day before yesterday with the keeper (sample mode)"
fill_after=$(fill "$bin" "$full" 2004-01-01)
fill_before=
if [ -n "${BEFORE_BIN:-}" ]; then
  log "the same fill with $BEFORE_BIN"
  fill_before=$(fill "$BEFORE_BIN" "$work/before.sqlite" 2004-01-01)
fi
log "filling one year ($year_from →)"
fill "$bin" "$year" "$year_from" >/dev/null

start_server() {  # store → sets server_pid and base
  env -u TMDB_API_KEY -u KAKAO_REST_API_KEY -u KOBIS_API_KEY -u KOBIS_BASE_URL "DATABASE_URL=sqlite://$1" \
    BOXOFFICE_KEEPER=off LOG_LEVEL=warning "$bin" serve --hostname 127.0.0.1 --port 0 >"$work/server.out" 2>&1 &
  server_pid=$!
  pids+=("$server_pid")
  base=$(wait_for_url "$work/server.out" 'http://127\.0\.0\.1:[0-9]+/' "$server_pid")
  base=${base%/}
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; }

run_wrk() {  # url → requests per second
  wrk -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$WRK_DURATION" "$1" >"$work/wrk.out"
  grep -q 'Non-2xx' "$work/wrk.out" && { cat "$work/wrk.out" >&2; die "wrk saw non-2xx answers for $1"; }
  awk '/Requests/ && /sec/ { print $2 }' "$work/wrk.out"
}

# A film of the last month, and two others of its day, present in both stores.
day=$(python3 -c 'import datetime as d; print((d.date.today() - d.timedelta(days=30)).isoformat())')
start_server "$full"
read -r code vs1 vs2 < <(curl -fsS "$base/api/v1/daily?date=$day" | python3 -c \
  'import json,sys; e=json.load(sys.stdin)["entries"]; print(e[0]["movieCode"], e[1]["movieCode"], e[2]["movieCode"])')
stop_server

routes=(
  "/health"
  "/movies/$code?vs=$vs1&vs=$vs2" "/api/v1/movies/$code/run?vs=$vs1&vs=$vs2"
  "/records/milestones?threshold=10000000" "/api/v1/records/milestones?threshold=10000000"
  "/records/totals" "/api/v1/records/totals"
  "/market/years" "/api/v1/market/years"
  "/market/days?year=2019" "/api/v1/market/days?year=2019"
  "/market/holidays?holiday=chuseok" "/api/v1/market/holidays?holiday=chuseok"
)
scaled=("/api/v1/movies/$code/run?vs=$vs1&vs=$vs2" "/api/v1/records/milestones?threshold=10000000"
  "/api/v1/records/totals" "/api/v1/records/streaks" "/api/v1/records/legs")
reference="/api/v1/charts/period?year=2019"

: >"$work/warm"
start_server "$full"
rss() { awk '/VmRSS/ { print $2 }' "/proc/$server_pid/status"; }
curl -fsS -o /dev/null "$base/health"
idle=$(rss)
for route in "${routes[@]}"; do
  curl -fsS -o /dev/null "$base$route" || die "$route did not answer 200"
done
after_routes=$(rss)
for route in "${routes[@]}"; do
  log "wrk $route"
  printf '%s\t%s\n' "$route" "$(run_wrk "$base$route")" >>"$work/warm"
done
stop_server

cold() {  # store route → seconds of the first answer on a fresh server, median of 3
  local times=()
  for _ in 1 2 3; do
    start_server "$1"
    curl -fsS -o /dev/null "$base/health"
    times+=("$(curl -fsS -o /dev/null -w '%{time_total}' "$base$2")")
    stop_server
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 2p
}
: >"$work/cold"
for route in "$reference" "${routes[@]:1}"; do
  log "cold $route"
  printf '%s\t%s\n' "$route" "$(cold "$full" "$route")" >>"$work/cold"
done
: >"$work/scale"
for route in "${scaled[@]}"; do
  log "cold at one year $route"
  printf '%s\t%s\t%s\n' "$route" "$(cold "$full" "$route")" "$(cold "$year" "$route")" >>"$work/scale"
done

python3 - "$work" "$reference" "$idle" "$after_routes" "$fill_after" "$fill_before" <<'PY'
import sys
work, reference, idle, after, fill_after, fill_before = sys.argv[1:]
warm = [l.rstrip("\n").split("\t") for l in open(f"{work}/warm")]
health = float(warm[0][1])
print("| route | warm req/s | ÷ /health | cold ms | cold ÷ period |")
print("| --- | ---: | ---: | ---: | ---: |")
cold = {r: float(s) for r, s in (l.rstrip("\n").split("\t") for l in open(f"{work}/cold"))}
for route, rps in warm:
    c = cold.get(route)
    cells = f"{c * 1000:.1f} | **{c / cold[reference]:.2f}**" if c is not None else "– | –"
    print(f"| `{route}` | {float(rps):,.0f} | **{float(rps) / health:.2f}** | {cells} |")
print(f"| `{reference}` (reference) | | | {cold[reference] * 1000:.1f} | 1.00 |")
print()
print("| route (cold) | 22.9 years ms | 1 year ms | ratio |")
print("| --- | ---: | ---: | ---: |")
for line in open(f"{work}/scale"):
    route, full, year = line.rstrip("\n").split("\t")
    print(f"| `{route}` | {float(full) * 1000:.1f} | {float(year) * 1000:.1f} | **{float(full) / float(year):.2f}** |")
print()
print(f"RSS idle {int(idle) / 1024:.1f} MB, after every route once {int(after) / 1024:.1f} MB: "
      f"**+{(int(after) - int(idle)) / 1024:.1f} MB**.")
line = f"Keeper's sample fill of 2004→: {fill_after} s"
if fill_before:
    line += f", before the issue {fill_before} s: **{float(fill_after) / float(fill_before):.2f}**"
print(line + ".")
PY
printf '\nwrk -t%s -c%s -d%s on 127.0.0.1, a release build, sample mode, keeper off while measured.\n' \
  "$WRK_THREADS" "$WRK_CONNECTIONS" "$WRK_DURATION"
