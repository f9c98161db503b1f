#!/usr/bin/env bash
# The API beside the pages it mirrors (issue 27): warm throughput of every public /api/v1 GET and of its page,
# each ÷ /health on the same server in the same run (goal: every API GET ≥ 0.5), printed as a Markdown table.
# A release `boxoffice serve` over a SQLite file holding a synced year (2019) of the simulator's charts; the keeper
# is off, so nothing but wrk asks anything of the server while it is measured.
#
# Usage: Benchmarks/api.sh          (builds the release binary first; slow the first time)
# Environment: BOXOFFICE_BIN=path    use this binary instead of building
#              WRK_DURATION=5s WRK_CONNECTIONS=16 WRK_THREADS=2   wrk settings (the issue measured -t2 -c16)
#              YEAR=2019             the year synced and asked for
set -euo pipefail
cd "$(dirname "$0")/.."

LATENCY_MS=0
WRK_DURATION=${WRK_DURATION:-5s}
WRK_CONNECTIONS=${WRK_CONNECTIONS:-16}
WRK_THREADS=${WRK_THREADS:-2}
YEAR=${YEAR:-2019}

# shellcheck source=Benchmarks/common.sh
source Benchmarks/common.sh

env_common=(KOBIS_API_KEY=any "KOBIS_BASE_URL=$kobis_url" "DATABASE_URL=sqlite://$work/api.sqlite" BOXOFFICE_KEEPER=off)
log "syncing $YEAR from the simulator"
sync_started=$(date +%s)
env -u TMDB_API_KEY -u KAKAO_REST_API_KEY "${env_common[@]}" "$bin" sync --from "$YEAR-01-01" --to "$YEAR-12-31" \
  >"$work/sync.out" 2>&1 || { cat "$work/sync.out" >&2; die "sync failed"; }
log "synced in $(( $(date +%s) - sync_started )) s"

env -u TMDB_API_KEY -u KAKAO_REST_API_KEY "${env_common[@]}" LOG_LEVEL=warning \
  "$bin" serve --hostname 127.0.0.1 --port 0 >"$work/server.out" 2>&1 &
server_pid=$!
pids+=("$server_pid")
base=$(wait_for_url "$work/server.out" 'http://127\.0\.0\.1:[0-9]+/' "$server_pid")
base=${base%/}

date="$YEAR-06-14"
code=$(curl -fsS "$base/api/v1/daily?date=$date" | python3 -c 'import json,sys; print(json.load(sys.stdin)["entries"][0]["movieCode"])')
title=$(curl -fsS "$base/api/v1/movies/$code" | python3 -c 'import json,sys,urllib.parse; print(urllib.parse.quote(json.load(sys.stdin)["title"][:2]))')

run_wrk() {  # url → requests per second
  wrk -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$WRK_DURATION" "$1" >"$work/wrk.out"
  grep -q 'Non-2xx' "$work/wrk.out" && { cat "$work/wrk.out" >&2; die "wrk saw non-2xx answers for $1"; }
  awk '/Requests\/sec/ { print $2 }' "$work/wrk.out"
}

routes=(
  "/health"
  "/daily?date=$date" "/api/v1/daily?date=$date"
  "/weekly?date=$date" "/api/v1/weekly?date=$date"
  "/movies/$code" "/api/v1/movies/$code" "/api/v1/movies/$code/trend"
  "/movies?q=$title" "/api/v1/movies?q=$title"
  "/charts/period?year=$YEAR" "/api/v1/charts/period?year=$YEAR"
  "/api/v1/archive/status"
)
declare -A rps
for route in "${routes[@]}"; do
  curl -fsS -o /dev/null "$base$route" || die "$route did not answer 200"
  curl -fsS -o /dev/null "$base$route"
  log "wrk $route"
  rps[$route]=$(run_wrk "$base$route")
done

health=${rps[/health]}
printf '| route | req/s | ÷ /health |\n| --- | ---: | ---: |\n'
for route in "${routes[@]}"; do
  python3 - "$route" "${rps[$route]}" "$health" <<'PY'
import sys
route, value, health = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
print(f"| `{route}` | {value:,.0f} | {value / health:.2f} |")
PY
done
printf '\nwrk -t%s -c%s -d%s on 127.0.0.1, release build, one year (%s) synced into SQLite, keeper off.\n' \
  "$WRK_THREADS" "$WRK_CONNECTIONS" "$WRK_DURATION" "$YEAR"
