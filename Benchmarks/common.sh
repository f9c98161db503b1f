# Shared by the benchmark scripts (sourced, not run): tools, the release binary, cleanup, and a
# `boxoffice simulate-kobis` at ${LATENCY_MS} ms latency. Sets: bin, work, pids, kobis_url, sim_origin,
# and defines log, die, wait_for_url, stats_calls.
log() { printf '==> %s\n' "$*" >&2; }
die() { printf '%s: %s\n' "$(basename "$0")" "$*" >&2; exit 1; }

if ! command -v wrk >/dev/null; then
  log "installing wrk"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq wrk >/dev/null
fi
command -v curl >/dev/null || die "curl is needed"
command -v python3 >/dev/null || die "python3 is needed"

if [ -n "${BOXOFFICE_BIN:-}" ]; then
  bin=$BOXOFFICE_BIN
else
  log "building the release binary (swift build -c release --product boxoffice)"
  swift build -c release --product boxoffice >&2
  bin="$(swift build -c release --show-bin-path)/boxoffice"
fi
[ -x "$bin" ] || die "$bin is not an executable"

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# Waits for a line matching $2 in file $1 from process $3 and prints the first match.
wait_for_url() {
  local file=$1 pattern=$2 pid=$3 url=
  for _ in $(seq 1 600); do
    url=$(grep -soE "$pattern" "$file" | head -1 || true)
    if [ -n "$url" ]; then printf '%s\n' "$url"; return 0; fi
    kill -0 "$pid" 2>/dev/null || { cat "$file" >&2; die "process $pid exited"; }
    sleep 0.1
  done
  cat "$file" >&2
  die "timed out waiting for $pattern"
}

log "starting simulate-kobis with ${LATENCY_MS} ms latency"
"$bin" simulate-kobis --port 0 --latency-ms "$LATENCY_MS" >"$work/simulator.out" 2>&1 &
pids+=($!)
kobis_url=$(wait_for_url "$work/simulator.out" 'http://127\.0\.0\.1:[0-9]+/kobisopenapi/webservice/rest' "${pids[0]}")
sim_origin=${kobis_url%/kobisopenapi/webservice/rest}
stats_calls() { curl -fsS "$sim_origin/_simulator/stats" | python3 -c 'import json,sys; print(json.load(sys.stdin)["calls"])'; }
