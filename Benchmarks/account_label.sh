#!/usr/bin/env bash
# A/B of the warm page path between two release builds: /health, a kept /daily anonymous and signed in (the page's
# X-BoxOffice-Account label). Both servers run at once in sample mode, keeper off, each over its own SQLite file;
# wrk -t2 -c16 -d5s, the two binaries interleaved in every round. Needs wrk and python3. BENCHMARKS.md, session 47.
# Usage: Benchmarks/account_label.sh OLD_BINARY NEW_BINARY [ROUNDS]
set -euo pipefail
old=$1 new=$2 rounds=${3:-3}
work=$(mktemp -d)
start() { # bin port store
  env -u KOBIS_API_KEY -u KOBIS_BASE_URL DATABASE_URL="sqlite://$work/$3.sqlite" BOXOFFICE_KEEPER=off LOG_LEVEL=warning \
    "$1" serve --hostname 127.0.0.1 --port "$2" > "$work/$3.out" 2>&1 &
  echo $!
}
cookie() { # port → session cookie value
  python3 - "$1" <<'PY'
import re, sys, urllib.request, urllib.parse, http.cookiejar, time
base = f"http://127.0.0.1:{sys.argv[1]}"
jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
page = opener.open(base + "/signup").read().decode()
token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
name = f"ab{int(time.time()*1000)%10**8}"
data = urllib.parse.urlencode({"csrf": token, "username": name, "password": "correct horse battery",
                               "passwordConfirm": "correct horse battery"}).encode()
opener.open(base + "/signup", data)
print(next(c.value for c in jar if c.name == "boxoffice_session"))
PY
}
pa=$(start "$old" 18481 old); pb=$(start "$new" 18482 new)
trap 'kill $pa $pb 2>/dev/null || true; rm -rf "$work"' EXIT
for p in 18481 18482; do for _ in $(seq 1 100); do curl -fs "127.0.0.1:$p/health" >/dev/null && break; sleep 0.2; done; curl -fs "127.0.0.1:$p/daily" >/dev/null; done
ca=$(cookie 18481); cb=$(cookie 18482)
rate() { wrk -t2 -c16 -d5s "$@" | awk '/Requests\/sec/ {print $2}'; }
for r in $(seq 1 "$rounds"); do
  for route in /health /daily; do
    a=$(rate "http://127.0.0.1:18481$route"); b=$(rate "http://127.0.0.1:18482$route")
    echo "round $r $route anonymous old $a new $b"
  done
  a=$(rate -H "Cookie: boxoffice_session=$ca" "http://127.0.0.1:18481/daily"); b=$(rate -H "Cookie: boxoffice_session=$cb" "http://127.0.0.1:18482/daily")
  echo "round $r /daily signed-in old $a new $b"
done
curl -s -o /dev/null -D - -H "Cookie: boxoffice_session=$cb" http://127.0.0.1:18482/daily | grep -i x-boxoffice-account
