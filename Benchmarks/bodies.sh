#!/usr/bin/env bash
# Memory per request body (issue 26): what a large post adds to a running server's resident memory.
#   (a) 128 MB posted to /import-export by a signed-in person: URL-encoded (`a&a&…`, the review's W3), multipart of
#       dashes (W7), multipart whose first part carries a wrong CSRF token. Goal: refused early, adds < 32 MB.
#   (b) an accepted 16 MB diary JSON import, through the import page (multipart, right token) and the API (streamed):
#       the peak resident memory it adds ÷ the file's size. Goal: ≤ 4.
# `boxoffice serve` (release build, or BOXOFFICE_BIN) runs in sample mode over a fresh SQLite file on 127.0.0.1;
# resident memory is `ps -o rss=` every 20 ms while curl sends; "adds" is the peak less the figure just before.
#
# Usage: Benchmarks/bodies.sh            Environment: BOXOFFICE_BIN=path (no build), IMPORT_MB=16
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '==> %s\n' "$*" >&2; }
die() { printf 'bodies.sh: %s\n' "$*" >&2; exit 1; }
IMPORT_MB=${IMPORT_MB:-16}

if [ -n "${BOXOFFICE_BIN:-}" ]; then
  bin=$BOXOFFICE_BIN
else
  log "building the release binary"
  flock /tmp/swift.lock swift build -c release --product boxoffice >&2
  bin="$(swift build -c release --show-bin-path)/boxoffice"
fi
[ -x "$bin" ] || die "$bin is not an executable"

work=$(mktemp -d)
server_pid=
cleanup() {
  [ -n "$server_pid" ] && { kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; }
  rm -rf "$work"
}
trap cleanup EXIT

log "starting boxoffice serve in sample mode"
env -u KOBIS_API_KEY -u KOBIS_BASE_URL -u TMDB_API_KEY -u KAKAO_REST_API_KEY DATABASE_URL="sqlite://$work/b.sqlite" \
  BOXOFFICE_KEEPER=off LOG_LEVEL=warning "$bin" serve --hostname 127.0.0.1 --port 0 >"$work/server.out" 2>&1 &
server_pid=$!
base=
for _ in $(seq 1 600); do
  base=$(grep -soE 'http://127\.0\.0\.1:[0-9]+' "$work/server.out" | head -1 || true)
  [ -n "$base" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.out" >&2; die "serve exited"; }
  sleep 0.1
done
[ -n "$base" ] || die "serve did not start"

log "signing in"
jar=$work/jar
password="correct horse battery"
curl -fsS -o /dev/null -X POST "$base/api/v1/users" -H 'Content-Type: application/json' \
  -d "{\"username\":\"bench\",\"password\":\"$password\"}"
api_token=$(curl -fsS -X POST "$base/api/v1/tokens" -H 'Content-Type: application/json' \
  -d "{\"username\":\"bench\",\"password\":\"$password\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
csrf_of() { grep -oE 'name="csrf" value="[^"]+"' | head -1 | sed -E 's/.*value="([^"]+)"/\1/'; }
login_token=$(curl -fsS -c "$jar" -b "$jar" "$base/login" | csrf_of)
curl -fsS -o /dev/null -c "$jar" -b "$jar" --data-urlencode "csrf=$login_token" --data-urlencode "username=bench" \
  --data-urlencode "password=$password" "$base/login"
token=$(curl -fsS -c "$jar" -b "$jar" "$base/account" | csrf_of)
[ -n "$token" ] || die "could not sign in"

log "writing the bodies"
python3 - "$work" "$token" "$IMPORT_MB" <<'EOF'
import sys, json, uuid
work, token, import_mb = sys.argv[1], sys.argv[2], int(sys.argv[3])
size = 128 << 20
b = "BenchBoundary"
with open(f"{work}/urlencoded.bin", "wb") as f:
    f.write((b"a&" * (size // 2))[: size - 16])
dashes = "-" * 70
with open(f"{work}/dashes.bin", "wb") as f:
    f.write(b"-" * (size - 1024))
def part(name, value):
    return f"--{b}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n".encode()
def file_head(name):
    return f"--{b}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/json\r\n\r\n".encode()
with open(f"{work}/wrong.bin", "wb") as f:
    head = part("csrf", "wrong") + part("format", "json") + file_head("d.json")
    f.write(head); f.write(b"x" * (size - len(head) - 64)); f.write(f"\r\n--{b}--\r\n".encode())
# A diary of distinct notes (no two about one film on one day) of about import_mb MB.
notes, index, total = [], 0, 0
while total < (import_mb << 20) - 2048:
    day = 16436 + index % 3300  # days since 1970 from 2015-01-01
    import datetime
    watched = (datetime.date(1970, 1, 1) + datetime.timedelta(days=day)).isoformat()
    note = {"id": str(uuid.UUID(int=index + 1)).upper(), "movieCode": "2019%04d" % (index // 3300), "title": "기생충",
            "titleEnglish": "Parasite", "watchedOn": watched, "rating": (index % 10 + 1) / 2, "categoryId": None,
            "place": "cinema", "memo": "좋았다 " * 20, "chartDate": None, "chartRank": None, "directors": ["봉준호"],
            "genres": ["드라마"], "nations": ["한국"], "releaseYear": 2019,
            "createdAt": "2024-03-01T00:00:00.000Z", "updatedAt": "2024-03-01T00:00:00.000Z"}
    text = json.dumps(note, ensure_ascii=False, separators=(",", ":"))
    notes.append(text); total += len(text.encode()) + 1; index += 1
diary = ('{"format":"boxoffice-diary","version":1,"exportedAt":"2024-03-20T03:00:00.000Z","categories":[],"notes":['
         + ",".join(notes) + "]}").encode()
with open(f"{work}/diary.json", "wb") as f:
    f.write(diary)
with open(f"{work}/import.bin", "wb") as f:
    f.write(part("csrf", token) + part("format", "json") + file_head("diary.json") + diary + f"\r\n--{b}--\r\n".encode())
print(index, file=open(f"{work}/notes.count", "w"))
EOF

rss() { ps -o rss= -p "$server_pid" | tr -d ' '; }
# Sends one request with curl while sampling the server's RSS; prints "status seconds before_kb peak_kb".
measure() {
  local before peak now status_file=$work/status
  sleep 1
  before=$(rss)
  peak=$before
  curl -s -o "$work/answer" -w '%{http_code} %{time_total}' --max-time 600 "$@" >"$status_file" &
  local curl_pid=$!
  while kill -0 "$curl_pid" 2>/dev/null; do
    now=$(rss)
    [ "$now" -gt "$peak" ] && peak=$now
    sleep 0.02
  done
  wait "$curl_pid" || true
  now=$(rss)
  [ "$now" -gt "$peak" ] && peak=$now
  echo "$(cat "$status_file") $before $peak"
}
mb() { python3 -c "print(f'{$1 / 1024:.1f}')"; }

multipart="Content-Type: multipart/form-data; boundary=BenchBoundary"
echo
echo "| request (128 MB unless said) | answer | time | RSS before | adds (peak − before) |"
echo "|---|---|---|---|---|"
row() {
  local label=$1; shift
  read -r status seconds before peak < <(measure "$@")
  printf '| %s | %s | %s s | %s MB | %s MB |\n' "$label" "$status" "$seconds" "$(mb "$before")" "$(mb $((peak - before)))"
}
row "URL-encoded \`a&a&…\` to /import-export" -b "$jar" -H 'Content-Type: application/x-www-form-urlencoded' \
  --data-binary @"$work/urlencoded.bin" "$base/import-export"
row "multipart of dashes (boundary of 70 dashes) to /import-export" -b "$jar" \
  -H "Content-Type: multipart/form-data; boundary=$(printf -- '-%.0s' $(seq 1 70))" \
  --data-binary @"$work/dashes.bin" "$base/import-export"
row "multipart, wrong token in the first part, to /import-export" -b "$jar" -H "$multipart" \
  --data-binary @"$work/wrong.bin" "$base/import-export"
row "multipart, wrong \`X-CSRF-Token\`, to /import-export" -b "$jar" -H "$multipart" -H 'X-CSRF-Token: wrong' \
  --data-binary @"$work/wrong.bin" "$base/import-export"

size=$(stat -c %s "$work/diary.json")
notes=$(cat "$work/notes.count")
echo
echo "| accepted import ($(mb $((size / 1024))) MB JSON, $notes notes) | answer | time | RSS before | peak adds | ÷ file size |"
echo "|---|---|---|---|---|---|"
ratio_row() {
  local label=$1; shift
  read -r status seconds before peak < <(measure "$@")
  local added=$(((peak - before) * 1024))
  printf '| %s | %s | %s s | %s MB | %s MB | %s |\n' "$label" "$status" "$seconds" "$(mb "$before")" \
    "$(mb $((peak - before)))" "$(python3 -c "print(f'{$added / $size:.2f}')")"
}
ratio_row "import page (multipart, right token)" -b "$jar" -H "$multipart" --data-binary @"$work/import.bin" \
  "$base/import-export"
# The same notes again are all skipped as already in the diary: a second, fresh person imports through the API.
curl -fsS -o /dev/null -X POST "$base/api/v1/users" -H 'Content-Type: application/json' \
  -d "{\"username\":\"bench2\",\"password\":\"$password\"}"
api_token=$(curl -fsS -X POST "$base/api/v1/tokens" -H 'Content-Type: application/json' \
  -d "{\"username\":\"bench2\",\"password\":\"$password\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
ratio_row "API \`POST /api/v1/notes/import?format=json\` (streamed)" -H "Authorization: Bearer $api_token" \
  -H 'Content-Type: application/json' --data-binary @"$work/diary.json" "$base/api/v1/notes/import?format=json"
echo
echo "Release build ($bin), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); RSS of \`boxoffice serve\` by \`ps -o rss=\` every 20 ms."
