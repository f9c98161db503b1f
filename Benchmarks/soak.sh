#!/usr/bin/env bash
# Fault soak (issue 6): a release `boxoffice serve` on a fresh SQLite file against `simulate-kobis`,
# under concurrent load on every page and API route, while the simulator cycles its fault modes
# (latency, http500, malformed, faultinfo, timeout, reset). Prints a Markdown report; exits 1 when a
# goal is missed (any 500, any connection error, a stored chart not served, no recovery).
#
# Usage: Benchmarks/soak.sh
# Environment: BOXOFFICE_BIN=path          use this binary instead of building
#              SOAK_SECONDS=15 SOAK_WORKERS=16   seconds per phase, concurrent clients
set -euo pipefail
cd "$(dirname "$0")/.."

LATENCY_MS=0
# shellcheck source=Benchmarks/common.sh
source Benchmarks/common.sh

log "starting boxoffice serve (upstream timeout 2 s, provisional charts refetched after 1 s)"
env -u KAKAO_REST_API_KEY KOBIS_API_KEY=any KOBIS_BASE_URL="$kobis_url" TMDB_API_KEY=any TMDB_BASE_URL="$sim_origin/3" \
  DATABASE_URL="sqlite://$work/soak.sqlite" BOXOFFICE_UPSTREAM_TIMEOUT=2 BOXOFFICE_PROVISIONAL_TTL=1 \
  BOXOFFICE_BCRYPT_COST=4 LOG_LEVEL=warning \
  BOXOFFICE_KEEPER=off "$bin" serve --hostname 127.0.0.1 --port 0 >"$work/server.out" 2>&1 &
server_pid=$!
pids+=("$server_pid")
base=$(wait_for_url "$work/server.out" 'http://127\.0\.0\.1:[0-9]+/' "$server_pid")
yesterday=$(TZ=Asia/Seoul date -d yesterday +%F)

status=0
python3 Benchmarks/soak.py --base "${base%/}" --simulator "$sim_origin" --yesterday "$yesterday" \
  --seconds "${SOAK_SECONDS:-15}" --workers "${SOAK_WORKERS:-16}" --latency-ms 1500 || status=$?
kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.out" >&2; die "the server died during the soak"; }
rss_kb=$(awk '/^VmHWM/ {print $2}' "/proc/$server_pid/status")
echo
echo "Server peak RSS during the soak: $(python3 -c "print(f'{$rss_kb / 1024:.1f}')") MB. Method: release build, $(nproc) cores,"
echo "everything on 127.0.0.1; ${SOAK_WORKERS:-16} concurrent keep-alive clients for ${SOAK_SECONDS:-15} s per phase over a random mix of"
echo "17 kinds of request (chart pages and API, movie pages and API, search, posters, period and trend, diary API"
echo "with a Bearer token, bad input, /health /metrics /openapi.json /static); the simulator's fault switched between phases."
exit "$status"
