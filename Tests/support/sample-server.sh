# Sourced (not run) by the test scripts that drive a real `boxoffice serve`: Tests/openapi/validate.sh,
# Tests/feeds/validate.sh and Tests/fuzz/run.sh.
#
# start_sample_server NAME [VARIABLE=value …]
#   starts "$binary" serve in sample mode (no KOBIS key, no poster keys, the keeper off) on a free loopback port over
#   a new SQLite file "$workdir/NAME.sqlite", with the variables given, its output in "$workdir/server.out"; sets
#   server_pid, then url (http://127.0.0.1:PORT/) once the server has printed its address. The caller sets binary
#   and workdir and stops server_pid in its cleanup. A server that exits or says nothing for 30 s ends the script.
start_sample_server() {
  local name=$1 script
  shift
  script=$(basename "$(dirname "$0")")/$(basename "$0")
  # Port 0: the server picks a free port and prints its URL.
  env -u KOBIS_API_KEY -u KOBIS_BASE_URL -u TMDB_API_KEY -u KAKAO_REST_API_KEY -u PORT -u BOXOFFICE_HOSTNAME \
    DATABASE_URL="sqlite://$workdir/$name.sqlite" BOXOFFICE_KEEPER=off "$@" \
    "$binary" serve --hostname 127.0.0.1 --port 0 >"$workdir/server.out" 2>&1 &
  server_pid=$!
  url=
  for _ in $(seq 1 300); do
    url=$(grep -oE 'http://127\.0\.0\.1:[0-9]+/' "$workdir/server.out" | head -1 || true)
    [ -n "$url" ] && return 0
    kill -0 "$server_pid" 2>/dev/null || { cat "$workdir/server.out" >&2; echo "$script: the server exited" >&2; exit 1; }
    sleep 0.1
  done
  cat "$workdir/server.out" >&2
  echo "$script: the server did not start" >&2
  exit 1
}
