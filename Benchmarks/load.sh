#!/usr/bin/env bash
# Load (issue 6): 64 concurrent connections for 60 s on a mix of pages and API calls against a release
# `boxoffice serve` (fresh SQLite file, sample data from `simulate-kobis` at 20 ms latency, posters on).
# Prints a Markdown table: requests, errors (socket errors and non-2xx/3xx answers), p50, p99, RSS.
#
# Usage: Benchmarks/load.sh
# Environment: BOXOFFICE_BIN=path     use this binary instead of building
#              LOAD_DURATION=60s LOAD_CONNECTIONS=64 LOAD_THREADS=2
set -euo pipefail
cd "$(dirname "$0")/.."

LATENCY_MS=20
LOAD_DURATION=${LOAD_DURATION:-60s}
LOAD_CONNECTIONS=${LOAD_CONNECTIONS:-64}
LOAD_THREADS=${LOAD_THREADS:-2}
# shellcheck source=Benchmarks/common.sh
source Benchmarks/common.sh

log "starting boxoffice serve"
env -u KAKAO_REST_API_KEY KOBIS_API_KEY=any KOBIS_BASE_URL="$kobis_url" TMDB_API_KEY=any TMDB_BASE_URL="$sim_origin/3" \
  DATABASE_URL="sqlite://$work/load.sqlite" LOG_LEVEL=warning \
  BOXOFFICE_KEEPER=off "$bin" serve --hostname 127.0.0.1 --port 0 >"$work/server.out" 2>&1 &
server_pid=$!
pids+=("$server_pid")
base=$(wait_for_url "$work/server.out" 'http://127\.0\.0\.1:[0-9]+/' "$server_pid")
base=${base%/}

# The mix: chart pages and JSON for 30 days (warmed first) and 30 never-requested days (fetched during the
# run), weekly charts, movie pages and JSON, search, period charts, trends, posters and /health.
log "warming the archive and building the request mix"
python3 - "$base" "$work/paths.txt" <<'PY'
import datetime, json, sys, urllib.parse, urllib.request
base, out = sys.argv[1], sys.argv[2]
def get(path):
    with urllib.request.urlopen(base + path, timeout=60) as response:
        return response.read()
warm = [datetime.date(2024, 3, 15) - datetime.timedelta(days=i) for i in range(30)]
cold = [datetime.date(2022, 6, 30) - datetime.timedelta(days=i) for i in range(30)]
codes, words = set(), set()
for day in warm:
    chart = json.loads(get(f"/api/v1/daily?date={day}"))
    for entry in chart["entries"][:4]:
        codes.add(entry["movieCode"])
        words.add(entry["title"].split()[0])
codes, words = sorted(codes)[:20], sorted(words)[:10]
paths = []
for day in warm:
    paths += [f"/daily?date={day}", f"/api/v1/daily?date={day}", f"/daily?date={day}&view=grid",
              f"/api/v1/daily?date={day}&nation=K", f"/weekly?date={day}&range=weekend", f"/api/v1/weekly?date={day}"]
for day in cold:
    paths += [f"/daily?date={day}", f"/api/v1/daily?date={day}"]
for code in codes:
    paths += [f"/movies/{code}", f"/api/v1/movies/{code}", f"/api/v1/movies/{code}/trend", f"/movies/{code}/poster"]
for word in words:
    q = urllib.parse.quote(word)
    paths += [f"/movies?q={q}", f"/api/v1/movies?q={q}"]
paths += ["/charts/period?from=2024-02-15&to=2024-03-15", "/api/v1/charts/period?from=2024-03-01&to=2024-03-15"] * 5
paths += ["/health"] * 20
for path in paths:
    if "date=2022" in path or path.endswith("/poster"):
        continue  # cold on purpose; posters redirect off this machine
    get(path)
open(out, "w").write("\n".join(paths) + "\n")
print(len(paths), file=sys.stderr)
PY

log "wrk -t$LOAD_THREADS -c$LOAD_CONNECTIONS -d$LOAD_DURATION on $(wc -l <"$work/paths.txt") paths"
LOAD_PATHS="$work/paths.txt" wrk -t"$LOAD_THREADS" -c"$LOAD_CONNECTIONS" -d"$LOAD_DURATION" --timeout 10s --latency \
  -s Benchmarks/load.lua "$base" >"$work/wrk.out"
kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.out" >&2; die "the server died under load"; }
cat "$work/wrk.out" >&2

requests=$(awk '/requests in/ {print $1}' "$work/wrk.out")
rps=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.out")
p50=$(awk '$1 == "50%" {print $2}' "$work/wrk.out")
p99=$(awk '$1 == "99%" {print $2}' "$work/wrk.out")
socket_errors=$(awk -F'[ ,]+' '/Socket errors/ {print $4 + $6 + $8 + $10}' "$work/wrk.out")
non2xx=$(awk '/Non-2xx or 3xx/ {print $NF}' "$work/wrk.out")
errors=$(( ${socket_errors:-0} + ${non2xx:-0} ))
rss_kb=$(awk '/^VmRSS/ {print $2}' "/proc/$server_pid/status")
hwm_kb=$(awk '/^VmHWM/ {print $2}' "/proc/$server_pid/status")

cat <<MD
| load | requests | req/s | errors | p50 | p99 | RSS after (peak) |
|---|---|---|---|---|---|---|
| $LOAD_CONNECTIONS connections, $LOAD_DURATION, mixed | $requests | $rps | **$errors** | $p50 | $p99 | $(python3 -c "print(f'{$rss_kb/1024:.1f} MB ({$hwm_kb/1024:.1f} MB)')") |

Method: release build on $(nproc) cores, everything on 127.0.0.1 (wrk shares the cores with the server);
\`boxoffice serve\` over a fresh SQLite file against \`simulate-kobis --latency-ms $LATENCY_MS\` with posters on its
fake TMDB; \`wrk -t$LOAD_THREADS -c$LOAD_CONNECTIONS -d$LOAD_DURATION --latency -s Benchmarks/load.lua\` picking a random path per request from
$(wc -l <"$work/paths.txt") paths: daily/weekly pages (list and grid) and JSON for 30 warmed days, 30 never-requested days
(fetched from the simulator during the run), movie pages, JSON, trends and posters for 20 films, search pages
and JSON, period charts, /health. Errors = socket errors + non-2xx/3xx answers.
MD
[ "$errors" -eq 0 ] || exit 1
