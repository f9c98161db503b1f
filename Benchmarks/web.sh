#!/usr/bin/env bash
# Web benchmarks for issue 3, printed as a Markdown table (method below the table):
#   (a) warm /daily throughput ÷ /health throughput on the same server, with wrk   (target ≥ 0.8)
#   (b) cold /api/v1/daily response time ÷ the simulator's 200 ms latency, over several cold dates (target ≤ 1.2)
#   (c) 100 concurrent cold requests for one date → upstream KOBIS calls               (target = 1)
#   (d) server RSS after the load                                                      (target ≤ 64 MB)
# Everything runs on 127.0.0.1: a release `boxoffice serve` over a fresh SQLite file, pointed at
# `boxoffice simulate-kobis --latency-ms 200` (and at its fake TMDB when the simulator serves one).
#
# Usage: Benchmarks/web.sh            (builds the release binary first; slow the first time)
# Environment: BOXOFFICE_BIN=path     use this binary instead of building
#              WRK_DURATION=10s WRK_CONNECTIONS=32 WRK_THREADS=2   wrk settings
#              LOG_LEVEL=info         the server's log level (its log goes to a file in the work directory)
set -euo pipefail
cd "$(dirname "$0")/.."

LATENCY_MS=200
WRK_DURATION=${WRK_DURATION:-10s}
WRK_CONNECTIONS=${WRK_CONNECTIONS:-32}
WRK_THREADS=${WRK_THREADS:-2}
WARM_DATE=2024-03-15
COLD_DATES=(2023-01-10 2023-02-14 2023-03-21 2023-04-18 2023-05-23 2023-06-13 2023-07-11 2023-08-08)
HERD_DATE=2023-09-12
WARMUP_DATE=2022-12-06
HERD_SIZE=100

# shellcheck source=Benchmarks/common.sh
source Benchmarks/common.sh  # the script has cd'd to the repository root

# Posters on when the simulator answers TMDB's search; otherwise run without and say so.
poster_env=()
posters="off (the simulator has no fake TMDB /3/search/movie)"
tmdb_status=$(curl -s -o /dev/null -w '%{http_code}' "$sim_origin/3/search/movie?query=x&api_key=any" || true)
if [ "$tmdb_status" = 200 ]; then
  poster_env=(TMDB_API_KEY=any "TMDB_BASE_URL=$sim_origin/3")
  posters="on (TMDB_BASE_URL=$sim_origin/3 on the simulator)"
fi

log "starting boxoffice serve (posters: $posters)"
env -u KOBIS_API_KEY -u TMDB_API_KEY -u KAKAO_REST_API_KEY \
  KOBIS_API_KEY=any KOBIS_BASE_URL="$kobis_url" DATABASE_URL="sqlite://$work/bench.sqlite" \
  LOG_LEVEL="${LOG_LEVEL:-info}" "${poster_env[@]}" \
  BOXOFFICE_KEEPER=off "$bin" serve --hostname 127.0.0.1 --port 0 >"$work/server.out" 2>&1 &
server_pid=$!
pids+=("$server_pid")
base=$(wait_for_url "$work/server.out" 'http://127\.0\.0\.1:[0-9]+/' "$server_pid")
base=${base%/}

# --- (b) cold /api/v1/daily: one request per never-seen date --------------------------------------
# One uncounted cold request first, so one-off process costs (first upstream connection, first write)
# are not charged to the first measured date.
curl -fsS -o /dev/null "$base/api/v1/daily?date=$WARMUP_DATE"
log "cold /api/v1/daily for ${#COLD_DATES[@]} dates"
cold_times=()
for date in "${COLD_DATES[@]}"; do
  read -r code seconds < <(curl -s -o /dev/null -w '%{http_code} %{time_total}\n' "$base/api/v1/daily?date=$date")
  [ "$code" = 200 ] || die "cold /api/v1/daily?date=$date answered $code"
  cold_times+=("$seconds")
done
cold_summary=$(python3 - "$LATENCY_MS" "${cold_times[@]}" <<'PY'
import statistics, sys
latency = float(sys.argv[1]) / 1000
times = [float(t) for t in sys.argv[2:]]
ratios = [t / latency for t in times]
print(f"{statistics.median(ratios):.2f} {max(ratios):.2f} {statistics.median(times)*1000:.0f} {max(times)*1000:.0f}")
PY
)
read -r cold_median cold_max cold_median_ms cold_max_ms <<<"$cold_summary"

# --- (c) 100 concurrent cold requests for one date -------------------------------------------------
log "$HERD_SIZE concurrent cold requests for $HERD_DATE"
calls_before=$(stats_calls)
herd_urls=$(for _ in $(seq 1 "$HERD_SIZE"); do printf 'url = "%s/api/v1/daily?date=%s"\noutput = "/dev/null"\n' "$base" "$HERD_DATE"; done)
herd_codes=$(printf '%s\n' "$herd_urls" | curl -s --no-progress-meter --parallel --parallel-immediate \
  --parallel-max "$HERD_SIZE" -w '%{http_code}\n' -K - 2>/dev/null | sort | uniq -c | awk '{printf "%s×%s ", $1, $2}')
calls_after=$(stats_calls)
herd_calls=$((calls_after - calls_before))

# --- (a) warm /daily ÷ /health with wrk ----------------------------------------------------------
log "warming /daily?date=$WARM_DATE"
for _ in 1 2 3; do curl -fsS -o /dev/null "$base/daily?date=$WARM_DATE"; done
calls_before_wrk=$(stats_calls)
run_wrk() {
  wrk -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$WRK_DURATION" --latency "$1" >"$work/wrk.out"
  grep -q 'Non-2xx' "$work/wrk.out" && { cat "$work/wrk.out" >&2; die "wrk saw non-2xx answers for $1"; }
  awk '/Requests\/sec/ {print $2}' "$work/wrk.out"
}
log "wrk /health ($WRK_DURATION, $WRK_CONNECTIONS connections)"
health_rps=$(run_wrk "$base/health")
log "wrk /daily ($WRK_DURATION, $WRK_CONNECTIONS connections)"
daily_rps=$(run_wrk "$base/daily?date=$WARM_DATE")
daily_p99=$(awk '$1 == "99%" {print $2}' "$work/wrk.out")
wrk_calls=$(( $(stats_calls) - calls_before_wrk ))
warm_ratio=$(python3 -c "print(f'{$daily_rps / $health_rps:.2f}')")

# --- (d) RSS after the load ----------------------------------------------------------------------
rss_kb=$(awk '/^VmRSS/ {print $2}' "/proc/$server_pid/status")
hwm_kb=$(awk '/^VmHWM/ {print $2}' "/proc/$server_pid/status")
rss_mb=$(python3 -c "print(f'{$rss_kb / 1024:.1f}')")
hwm_mb=$(python3 -c "print(f'{$hwm_kb / 1024:.1f}')")

verdict() { python3 -c "print('✅' if $1 else '❌')"; }

cat <<EOF
| benchmark | result | target | |
|---|---|---|---|
| (a) warm \`/daily\` ÷ \`/health\` throughput (wrk) | $daily_rps ÷ $health_rps req/s = **$warm_ratio** | ≥ 0.8 | $(verdict "$warm_ratio >= 0.8") |
| (b) cold \`/api/v1/daily\` ÷ ${LATENCY_MS} ms upstream latency, ${#COLD_DATES[@]} dates | median **$cold_median** (${cold_median_ms} ms), max $cold_max (${cold_max_ms} ms) | ≤ 1.2 | $(verdict "$cold_max <= 1.2") |
| (c) $HERD_SIZE concurrent cold requests, one date → KOBIS calls | **$herd_calls** (answers: ${herd_codes% }) | = 1 | $(verdict "$herd_calls == 1") |
| (d) server RSS after the load | **$rss_mb MB** (peak $hwm_mb MB) | ≤ 64 MB | $(verdict "$rss_mb <= 64") |

Method: release build on $(nproc) CPU cores ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), everything on
127.0.0.1; \`boxoffice serve\` over a fresh SQLite file (LOG_LEVEL=${LOG_LEVEL:-info}, log to a file) against
\`boxoffice simulate-kobis --latency-ms $LATENCY_MS\`; posters $posters.
(a) \`/daily?date=$WARM_DATE\` warmed (settled, stored), then \`wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$WRK_DURATION\` on \`/health\` and
on that page in turn (wrk shares the two cores with the server); /daily p99 $daily_p99; KOBIS calls during wrk: $wrk_calls.
(b) after one uncounted cold request ($WARMUP_DATE), one \`curl\` per never-requested date (${COLD_DATES[*]});
time_total ÷ ${LATENCY_MS} ms; per date: ${cold_times[*]} s.
(c) $HERD_SIZE requests for $HERD_DATE started at once (\`curl --parallel --parallel-max $HERD_SIZE\`); KOBIS calls from the
simulator's \`/_simulator/stats\` before and after. (d) VmRSS (and VmHWM) from /proc/PID/status right after (a)–(c).
EOF
