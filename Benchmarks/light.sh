#!/usr/bin/env bash
# The phone app, light (issue 16), printed as Markdown tables (method below them):
#   (a) warm public pages on one sample-mode server, each as a ratio of /health's throughput in the same run, with
#       and without `Accept-Encoding: gzip`: a chart page (/daily), a film's page (/movies/CODE), a settled month's
#       period page (/charts/period?month=…)   (targets: chart ≥ 0.8, the others ≥ 0.5, with gzip too)
#   (b) bytes on the wire, plain and gzipped: /daily, style.css, app.js (and the film and period pages)
# Everything runs on 127.0.0.1 with a release build (or BOXOFFICE_BIN): `boxoffice serve` in sample mode (no
# KOBIS_API_KEY) with BOXOFFICE_KEEPER=off over a fresh SQLite file whose archive holds the month (a sample-mode
# `boxoffice sync` first).
#
# Usage: Benchmarks/light.sh          (builds the release binary first; slow the first time)
# Environment: BOXOFFICE_BIN=path     use this binary instead of building
#              WRK_DURATION=10s WRK_CONNECTIONS=32 WRK_THREADS=2   wrk settings
#              MONTH=2025-10          the settled month (archived first, then its period page measured)
set -euo pipefail
cd "$(dirname "$0")/.."

LATENCY_MS=0  # common.sh's simulator is not used here: the server runs in sample mode
WRK_DURATION=${WRK_DURATION:-10s}
WRK_CONNECTIONS=${WRK_CONNECTIONS:-32}
WRK_THREADS=${WRK_THREADS:-2}
MONTH=${MONTH:-2025-10}
DAY="$MONTH-15"

# shellcheck source=Benchmarks/common.sh
source Benchmarks/common.sh  # the script has cd'd to the repository root

sample_env=(env -u KOBIS_API_KEY -u KOBIS_BASE_URL -u TMDB_API_KEY -u KAKAO_REST_API_KEY
  DATABASE_URL="sqlite://$work/light.sqlite" BOXOFFICE_KEEPER=off LOG_LEVEL="${LOG_LEVEL:-info}")
last_day=$(python3 -c "import calendar; y, m = map(int, '$MONTH'.split('-')); print(f'$MONTH-{calendar.monthrange(y, m)[1]:02d}')")
log "archiving $MONTH in sample mode"
"${sample_env[@]}" "$bin" sync --from "$MONTH-01" --to "$last_day" >"$work/sync.out" 2>&1 || {
  cat "$work/sync.out" >&2
  die "sync failed"
}

log "starting boxoffice serve in sample mode"
"${sample_env[@]}" "$bin" serve --hostname 127.0.0.1 --port 0 >"$work/server.out" 2>&1 &
server_pid=$!
pids+=("$server_pid")
base=$(wait_for_url "$work/server.out" 'http://127\.0\.0\.1:[0-9]+/' "$server_pid")
base=${base%/}

code=$(curl -fsS "$base/api/v1/daily?date=$DAY" | python3 -c 'import json,sys; print(json.load(sys.stdin)["entries"][0]["movieCode"])')
daily="/daily?date=$DAY"
movie="/movies/$code"
period="/charts/period?month=$MONTH"
for path in "$daily" "$movie" "$period"; do
  for _ in 1 2 3; do
    curl -fsS -o /dev/null "$base$path"
    curl -fsS -o /dev/null -H 'Accept-Encoding: gzip' "$base$path"
  done
done

# --- (a) throughput ÷ /health, plain and gzip --------------------------------------------------------
run_wrk() {  # path [header]
  local args=(-t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$WRK_DURATION")
  [ -n "${2:-}" ] && args+=(-H "$2")
  wrk "${args[@]}" "$base$1" >"$work/wrk.out"
  grep -q 'Non-2xx' "$work/wrk.out" && { cat "$work/wrk.out" >&2; die "wrk saw non-2xx answers for $1"; }
  awk '/Requests\/sec/ {print $2}' "$work/wrk.out"
}
declare -A rps
for name in health daily movie period; do
  case $name in
    health) path=/health ;;
    daily) path=$daily ;;
    movie) path=$movie ;;
    period) path=$period ;;
  esac
  log "wrk $path ($WRK_DURATION, $WRK_CONNECTIONS connections), plain and gzip"
  rps[$name-plain]=$(run_wrk "$path")
  rps[$name-gzip]=$(run_wrk "$path" 'Accept-Encoding: gzip')
done
ratio() { python3 -c "print(f'{${rps[$1]} / ${rps[health-plain]}:.2f}')"; }
verdict() { python3 -c "print('✅' if $1 else '❌')"; }

# --- (b) bytes ---------------------------------------------------------------------------------------
bytes() {  # path [header]
  if [ -n "${2:-}" ]; then curl -fsS -o /dev/null -w '%{size_download}' -H "$2" "$base$1"; else curl -fsS -o /dev/null -w '%{size_download}' "$base$1"; fi
}
row() {  # label path
  local plain gz
  plain=$(bytes "$2")
  gz=$(bytes "$2" 'Accept-Encoding: gzip')
  printf '| %s | %s | %s | %s |\n' "$1" "$plain" "$gz" "$(python3 -c "print(f'{$gz / $plain:.2f}')")"
}

echo "| page (warm) | plain req/s | ÷ /health | gzip req/s | ÷ /health | target | |"
echo "|---|---|---|---|---|---|---|"
echo "| \`/health\` | ${rps[health-plain]} | 1.00 | ${rps[health-gzip]} | $(ratio health-gzip) | | |"
for name in daily movie period; do
  case $name in
    daily) label="chart \`$daily\`"; target=0.8 ;;
    movie) label="film \`$movie\`"; target=0.5 ;;
    period) label="settled period \`$period\`"; target=0.5 ;;
  esac
  plain_ratio=$(ratio "$name-plain")
  gzip_ratio=$(ratio "$name-gzip")
  echo "| $label | ${rps[$name-plain]} | **$plain_ratio** | ${rps[$name-gzip]} | **$gzip_ratio** | ≥ $target | $(verdict "$plain_ratio >= $target and $gzip_ratio >= $target") |"
done
echo
echo "| bytes | plain | gzip | ratio |"
echo "|---|---|---|---|"
row "\`$daily\`" "$daily"
row "\`$movie\`" "$movie"
row "\`$period\`" "$period"
for asset in style.css app.js archive.css; do row "\`/static/$asset\`" "/static/$asset"; done
cat <<EOF

Method: release build on $(nproc) CPU cores ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), everything on
127.0.0.1; \`boxoffice serve\` in sample mode (BOXOFFICE_KEEPER=off, LOG_LEVEL=${LOG_LEVEL:-info}, log to a file) over a
fresh SQLite file holding $MONTH (\`boxoffice sync\` in sample mode first). Each page requested three times plain and
three times with gzip first (kept rendered), then \`wrk -t$WRK_THREADS -c$WRK_CONNECTIONS -d$WRK_DURATION\` on each address in turn,
without and with \`-H 'Accept-Encoding: gzip'\` (wrk shares the two cores with the server); ratios are to /health
without gzip. Bytes: curl's size_download of the body, without and with \`Accept-Encoding: gzip\`.
EOF
