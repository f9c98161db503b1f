#!/usr/bin/env bash
# The API beside the pages it mirrors (issue 27): warm throughput of every public /api/v1 GET and of its page,
# each ÷ /health on the same server in the same run (goal: every API GET ≥ 0.5), printed as a Markdown table.
# A release `boxoffice serve`, the keeper off, so nothing but wrk asks anything of the server while it is measured.
#
# Usage: Benchmarks/api.sh          (builds the release binary first; slow the first time)
# Environment: BOXOFFICE_BIN=path    use this binary instead of building
#              BEFORE_BIN=path       also measure this binary (an older build) on the same store, alternating
#                                    before, after, before, after: one table with both
#              STORE=year            a year (YEAR) synced from the simulator into SQLite (the default), or
#              STORE=full            sample mode with the keeper's whole range, 2004-01-01 to the day before
#                                    yesterday (22.9 years in 2026; the keeper fills it in about half a minute)
#              WRK_DURATION=5s WRK_CONNECTIONS=16 WRK_THREADS=2   wrk settings (the issue measured -t2 -c16)
#              YEAR=2019             the year asked for (and synced with STORE=year)
set -euo pipefail
cd "$(dirname "$0")/.."

LATENCY_MS=0
WRK_DURATION=${WRK_DURATION:-5s}
WRK_CONNECTIONS=${WRK_CONNECTIONS:-16}
WRK_THREADS=${WRK_THREADS:-2}
YEAR=${YEAR:-2019}
STORE=${STORE:-year}

# shellcheck source=Benchmarks/common.sh
source Benchmarks/common.sh

store="$work/api.sqlite"
if [ "$STORE" = full ]; then
  # Sample mode (no key): the built-in simulator answers and rows are the `sample` origin's, for every server below.
  server_env=(-u KOBIS_API_KEY -u KOBIS_BASE_URL "DATABASE_URL=sqlite://$store")
  filler=${BEFORE_BIN:-$bin}
  log "filling 2004-01-01 to the day before yesterday with the keeper (sample mode)"
  env "${server_env[@]}" BOXOFFICE_KEEPER=on BOXOFFICE_ARCHIVE_FROM=2004-01-01 LOG_LEVEL=warning \
    "$filler" serve --hostname 127.0.0.1 --port 0 >"$work/fill.out" 2>&1 &
  fill_pid=$!
  pids+=("$fill_pid")
  fill_base=$(wait_for_url "$work/fill.out" 'http://127\.0\.0\.1:[0-9]+/' "$fill_pid")
  for _ in $(seq 1 1200); do
    state=$(curl -fsS "${fill_base}api/v1/archive/status" | python3 -c \
      'import json,sys; k=json.load(sys.stdin)["keeper"]; print(k["state"], k["missingDays"], k["archivedDays"])')
    case $state in "current 0 "*) break ;; esac
    sleep 0.5
  done
  case $state in "current 0 "*) ;; *) die "the keeper did not fill the range: $state" ;; esac
  log "filled: ${state#current 0 } days"
  kill "$fill_pid"
  wait "$fill_pid" 2>/dev/null || true
  described="22.9 years (2004-01-01 to the day before yesterday, ${state#current 0 } days) filled by the keeper in sample mode"
else
  server_env=(-u TMDB_API_KEY KOBIS_API_KEY=any "KOBIS_BASE_URL=$kobis_url" "DATABASE_URL=sqlite://$store")
  log "syncing $YEAR from the simulator"
  env "${server_env[@]}" "$bin" sync --from "$YEAR-01-01" --to "$YEAR-12-31" >"$work/sync.out" 2>&1 ||
    { cat "$work/sync.out" >&2; die "sync failed"; }
  described="one year ($YEAR) synced into SQLite"
fi

start_server() {  # binary → sets server_pid and base
  env -u TMDB_API_KEY -u KAKAO_REST_API_KEY "${server_env[@]}" BOXOFFICE_KEEPER=off LOG_LEVEL=warning \
    "$1" serve --hostname 127.0.0.1 --port 0 >"$work/server.out" 2>&1 &
  server_pid=$!
  pids+=("$server_pid")
  base=$(wait_for_url "$work/server.out" 'http://127\.0\.0\.1:[0-9]+/' "$server_pid")
  base=${base%/}
}

run_wrk() {  # url → requests per second
  wrk -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$WRK_DURATION" "$1" >"$work/wrk.out"
  grep -q 'Non-2xx' "$work/wrk.out" && { cat "$work/wrk.out" >&2; die "wrk saw non-2xx answers for $1"; }
  awk '/Requests\/sec/ { print $2 }' "$work/wrk.out"
}

date="$YEAR-06-14"
start_server "$bin"
code=$(curl -fsS "$base/api/v1/daily?date=$date" | python3 -c 'import json,sys; print(json.load(sys.stdin)["entries"][0]["movieCode"])')
title=$(curl -fsS "$base/api/v1/movies/$code" | python3 -c 'import json,sys,urllib.parse; print(urllib.parse.quote(json.load(sys.stdin)["title"][:2]))')
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true

routes=(
  "/health"
  "/daily?date=$date" "/api/v1/daily?date=$date"
  "/weekly?date=$date" "/api/v1/weekly?date=$date"
  "/movies/$code" "/api/v1/movies/$code" "/api/v1/movies/$code/trend"
  "/movies?q=$title" "/api/v1/movies?q=$title"
  "/charts/period?year=$YEAR" "/api/v1/charts/period?year=$YEAR"
  "/api/v1/archive/status"
)

# One pass: a fresh server of the binary, every route warmed then measured; appends "label route rps" lines.
measure() {  # label binary
  start_server "$2"
  for route in "${routes[@]}"; do
    curl -fsS -o /dev/null "$base$route" || die "$route did not answer 200 ($1)"
    curl -fsS -o /dev/null "$base$route"
    log "wrk $1 $route"
    printf '%s\t%s\t%s\n' "$1" "$route" "$(run_wrk "$base$route")" >>"$work/results"
  done
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true
}

if [ -n "${BEFORE_BIN:-}" ]; then
  measure before "$BEFORE_BIN"; measure after "$bin"; measure before "$BEFORE_BIN"; measure after "$bin"
else
  measure now "$bin"
fi

python3 - "$work/results" "${routes[@]}" <<'PY'
import sys
from collections import defaultdict
results, routes = sys.argv[1], sys.argv[2:]
rps = defaultdict(list)
for line in open(results):
    label, route, value = line.rstrip("\n").split("\t")
    rps[label, route].append(float(value))
labels = [l for l in ("before", "after", "now") if (l, "/health") in rps]
head = " | ".join(f"{l} req/s | {l} ÷ /health" for l in labels)
print(f"| route | {head} |")
print("| --- |" + " ---: | ---: |" * len(labels))
for route in routes:
    cells = []
    for label in labels:
        values, health = rps[label, route], rps[label, "/health"]
        cells.append(", ".join(f"{v:,.0f}" for v in values))
        cells.append(", ".join(f"**{v / h:.2f}**" for v, h in zip(values, health)))
    print(f"| `{route}` | " + " | ".join(cells) + " |")
PY
printf '\nwrk -t%s -c%s -d%s on 127.0.0.1, release builds, %s, keeper off%s.\n' \
  "$WRK_THREADS" "$WRK_CONNECTIONS" "$WRK_DURATION" "$described" \
  "${BEFORE_BIN:+; before and after alternate (before, after, before, after), each pass on a fresh server}"
