#!/usr/bin/env bash
# Diary benchmarks for issue 4, printed as a Markdown table (method below the table):
#   (a) a user with 5,000 notes: the notes list page (signed in, session cookie) ÷ /health, with wrk,
#       on the same server in the same run (also a filtered/sorted deep page and GET /api/v1/notes)
#   (b) importing a 5,000-row Letterboxd diary CSV (POST /api/v1/notes/import?format=letterboxd) into a fresh
#       account on a freshly started server: wall time, the server's peak RSS (VmHWM) and CPU time, and the
#       KOBIS calls it made (simulator's /_simulator/stats); then the same file again (no new notes, no calls)
# Everything runs on 127.0.0.1: a release `boxoffice serve` over a fresh SQLite file pointed at
# `boxoffice simulate-kobis --latency-ms ${LATENCY_MS}`.
#
# Usage: Benchmarks/diary.sh          (builds the release binary first; slow the first time)
#        Benchmarks/diary.sh scale    issue 18 instead: every diary route at 500 and 50,000 notes on SQLite and
#                                     PostgreSQL, one at a time and under wrk, and the server's RSS (diary_scale.py;
#                                     its environment: SMALL LARGE REPEAT WRK_DURATION FILE_ROWS POSTGRES_URL BACKENDS)
# Environment: BOXOFFICE_BIN=path     use this binary instead of building
#              LATENCY_MS=50          the simulator's latency (the Letterboxd import searches KOBIS)
#              WRK_DURATION=10s WRK_CONNECTIONS=32 WRK_THREADS=2   wrk settings
#              DIARY_NOTES=5000 LETTERBOXD_ROWS=5000 LETTERBOXD_TITLES=950   data sizes
set -euo pipefail
cd "$(dirname "$0")/.."

LATENCY_MS=${LATENCY_MS:-50}
WRK_DURATION=${WRK_DURATION:-10s}
WRK_CONNECTIONS=${WRK_CONNECTIONS:-32}
WRK_THREADS=${WRK_THREADS:-2}
DIARY_NOTES=${DIARY_NOTES:-5000}
LETTERBOXD_ROWS=${LETTERBOXD_ROWS:-5000}
LETTERBOXD_TITLES=${LETTERBOXD_TITLES:-950}
PASSWORD="correct horse battery"

# shellcheck source=Benchmarks/common.sh
source Benchmarks/common.sh  # the script has cd'd to the repository root

if [ "${1:-}" = "scale" ]; then
  python3 Benchmarks/diary_scale.py "$bin" "$kobis_url" "$work"
  exit 0
fi

db="$work/diary.sqlite"
start_server() {
  env -u KOBIS_API_KEY -u TMDB_API_KEY -u KAKAO_REST_API_KEY \
    KOBIS_API_KEY=any KOBIS_BASE_URL="$kobis_url" DATABASE_URL="sqlite://$db" LOG_LEVEL=warning \
    BOXOFFICE_KEEPER=off "$bin" serve --hostname 127.0.0.1 --port 0 >"$work/server$1.out" 2>&1 &
  server_pid=$!
  pids+=("$server_pid")
  base=$(wait_for_url "$work/server$1.out" 'http://127\.0\.0\.1:[0-9]+/' "$server_pid")
  base=${base%/}
}
stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; }
json_field() { python3 -c 'import json,sys; v=json.load(sys.stdin); [v := v[k] for k in sys.argv[1:]]; print(v)' "$@"; }
sign_up_with_token() {  # prints a bearer token for a new user $1
  curl -fsS -o /dev/null -X POST "$base/api/v1/users" -H 'Content-Type: application/json' \
    -d "{\"username\":\"$1\",\"password\":\"$PASSWORD\"}"
  curl -fsS -X POST "$base/api/v1/tokens" -H 'Content-Type: application/json' \
    -d "{\"username\":\"$1\",\"password\":\"$PASSWORD\",\"name\":\"bench\"}" | json_field token
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)

# --- data: films from the simulator, a 5,000-note diary (JSON) and a Letterboxd CSV ----------------
log "generating $DIARY_NOTES notes and a $LETTERBOXD_ROWS-row Letterboxd diary from the simulator's films"
python3 - "$kobis_url" "$work" "$DIARY_NOTES" "$LETTERBOXD_ROWS" "$LETTERBOXD_TITLES" <<'PY'
import csv, datetime, json, random, sys, urllib.request, uuid
kobis, work, note_count, lb_rows, lb_titles = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
rng = random.Random(20240315)
today = datetime.date.today() - datetime.timedelta(days=1)
films = []
for year in range(2014, 2025):
    with urllib.request.urlopen(f"{kobis}/movie/searchMovieList.json?key=any&openStartDt={year}&openEndDt={year}&itemPerPage=100") as r:
        for m in json.load(r)["movieListResult"]["movieList"]:
            if len(m["openDt"]) == 8:
                films.append(m)
def open_date(m): return datetime.date(int(m["openDt"][:4]), int(m["openDt"][4:6]), int(m["openDt"][6:]))
phrases = ["연출이 좋았다.", "배우들의 연기가 훌륭했다.", "결말이 조금 아쉬웠다.", "음악이 오래 기억에 남는다.",
           "두 번 봐도 좋다.", "극장에서 보길 잘했다.", "친구와 함께 봤다.", "The pacing drags in the middle.",
           "촬영이 아름답다.", "기대보다 훨씬 재미있었다.", "원작과 비교하면 다르다.", "가족과 다시 보고 싶다."]
def memo():
    roll = rng.random()
    if roll < 0.3: return ""
    count = rng.randint(1, 6) if roll < 0.8 else rng.randint(20, 90)
    return " ".join(rng.choice(phrases) for _ in range(count))
def watched(m):
    day = open_date(m) + datetime.timedelta(days=rng.choice([rng.randint(0, 40), rng.randint(0, 900)]))
    return min(day, today)
def stamp(day, seconds):
    t = datetime.datetime(day.year, day.month, day.day, 12) + datetime.timedelta(seconds=seconds)
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{rng.randint(0, 999):03d}Z"
names = ["스릴러", "가족과 함께", "다시 볼 영화", "극장에서", "애니메이션", "다큐멘터리", "인생 영화", "Festival"]
categories = [{"id": str(uuid.uuid4()), "name": n, "visible": i != 7, "position": i} for i, n in enumerate(names)]
notes = []
for i in range(note_count):
    m = rng.choice(films)
    day = watched(m)
    rating = rng.choice([None] + [h / 2 for h in range(1, 11)] * 2)
    notes.append({
        "id": str(uuid.uuid4()), "movieCode": m["movieCd"], "title": m["movieNm"], "watchedOn": day.isoformat(),
        "memo": memo(), "rating": rating, "categoryId": rng.choice(categories)["id"] if rng.random() < 0.85 else None,
        "place": rng.choice(["cinema", "home", None]), "createdAt": stamp(day, rng.randint(0, 86_400 * 3)),
        "releaseYear": open_date(m).year, "titleEnglish": m["movieNmEn"],
        "genres": [g for g in m["genreAlt"].split(",") if g], "nations": [n for n in m["nationAlt"].split(",") if n],
        "directors": [d["peopleNm"] for d in m["directors"]], "chartDate": None, "chartRank": None})
json.dump({"format": "boxoffice-diary", "version": 1, "exportedAt": "2024-12-31T00:00:00.000Z",
           "categories": categories, "notes": notes}, open(f"{work}/notes.json", "w"), ensure_ascii=False)
with open(f"{work}/categories.txt", "w") as f:
    f.write("\n".join(c["name"] for c in categories))

# Letterboxd: English titles and production years (as Letterboxd has them); 5% titles KOBIS never listed.
known = rng.sample(films, min(len(films), lb_titles - lb_titles // 20))
unknown = [{"movieNmEn": f"Obscure Festival Short {i}", "prdtYear": str(2015 + i % 9), "openDt": f"{2015 + i % 9}0601"}
           for i in range(lb_titles // 20)]
titles = known + unknown
tags = ["thriller", "with family", "rewatch-worthy", "cinema", "animation", "documentary", "favorites", "festival"]
rows = [titles[i] for i in range(len(titles))] + [rng.choice(known) for _ in range(max(0, lb_rows - len(titles)))]
rng.shuffle(rows)
with open(f"{work}/letterboxd.csv", "w", newline="") as f:
    out = csv.writer(f, lineterminator="\n")
    out.writerow(["Date", "Name", "Year", "Letterboxd URI", "Rating", "Rewatch", "Tags", "Watched Date"])
    for m in rows:
        day = watched(m)
        logged = min(day + datetime.timedelta(days=rng.randint(0, 3)), today)
        rating = rng.choice(["", "0.5", "1", "1.5", "2", "2.5", "3", "3.5", "4", "4.5", "5", "4", "3.5"])
        tag = ", ".join(rng.sample(tags, rng.choice([0, 0, 1, 1, 1, 2])))
        out.writerow([logged.isoformat(), m["movieNmEn"], m["prdtYear"], "", rating, "", tag, day.isoformat()])
print(f"{len(films)} films; {len(notes)} notes; {len(rows)} Letterboxd rows over {len(titles)} titles", file=sys.stderr)
PY

# --- (a) the notes list page of a user with 5,000 notes ----------------------------------------
log "starting boxoffice serve"
start_server 1
token=$(sign_up_with_token minji)
calls_before=$(stats_calls)
json_import=$(curl -fsS -o "$work/json-report.json" -w '%{time_total}' -X POST "$base/api/v1/notes/import?format=json" \
  -H "Authorization: Bearer $token" -H 'Content-Type: application/json' --data-binary "@$work/notes.json")
json_calls=$(( $(stats_calls) - calls_before ))
json_imported=$(json_field imported <"$work/json-report.json")
[ "$json_imported" = "$DIARY_NOTES" ] || { cat "$work/json-report.json" >&2; die "the JSON import added $json_imported notes"; }

log "logging in through the page for a session cookie"
jar="$work/cookies.txt"
csrf=$(curl -fsS -c "$jar" "$base/login" | grep -oE 'name="csrf" value="[^"]+"' | head -1 | sed 's/.*value="//; s/"$//')
[ -n "$csrf" ] || die "no CSRF token on /login"
curl -fsS -o /dev/null -b "$jar" -c "$jar" -X POST "$base/login" \
  --data-urlencode "csrf=$csrf" --data-urlencode "username=minji" --data-urlencode "password=$PASSWORD"
session=$(awk '$6 == "boxoffice_session" {print $7}' "$jar")
[ -n "$session" ] || die "logging in set no session cookie"
cookie="Cookie: boxoffice_session=$session"

list_url="$base/notes"
category_id=$(curl -fsS "$base/api/v1/categories" -H "Authorization: Bearer $token" | python3 -c '
import json, sys
v = json.load(sys.stdin)
v = v if isinstance(v, list) else v["categories"]
print(next(c["id"] for c in v if c["name"] == "스릴러"))')
deep_url="$base/notes?category=$category_id&sort=rating&order=asc&year=2023&page=3"
api_url="$base/api/v1/notes"
curl -fsS -H "$cookie" -o "$work/list.html" "$list_url"
rows_shown=$(grep -c 'class="note-item"' "$work/list.html" || true)
page_bytes=$(stat -c %s "$work/list.html")
grep -q 'rel="next"' "$work/list.html" || die "the notes list has no next-page link"
summary_text=$(grep -oE 'class="notes-summary"[^>]*>[^<]+' "$work/list.html" | sed 's/.*>//')
curl -fsS -H "$cookie" -o "$work/deep.html" "$deep_url"
deep_rows=$(grep -c 'class="note-item"' "$work/deep.html" || true)

run_wrk() {  # url [header]
  local header=()
  [ $# -ge 2 ] && header=(-H "$2")
  wrk -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$WRK_DURATION" --latency "${header[@]}" "$1" >"$work/wrk.out"
  grep -q 'Non-2xx' "$work/wrk.out" && { cat "$work/wrk.out" >&2; die "wrk saw non-2xx answers for $1"; }
  awk '/Requests\/sec/ {print $2}' "$work/wrk.out"
}
p99() { awk '$1 == "99%" {print $2}' "$work/wrk.out"; }
for _ in 1 2 3; do curl -fsS -o /dev/null -H "$cookie" "$list_url"; done
# One request at a time (less sensitive to other load on the machine than wrk's throughput): median time_total.
median_ms() {  # url [header]
  local header=() times=()
  [ $# -ge 2 ] && header=(-H "$2")
  for _ in $(seq 1 50); do times+=("$(curl -fsS -o /dev/null -w '%{time_total}' "${header[@]}" "$1")"); done
  python3 -c "import statistics, sys; print(f'{statistics.median(float(t) for t in sys.argv[1:]) * 1000:.1f}')" "${times[@]}"
}
health_ms=$(median_ms "$base/health")
list_ms=$(median_ms "$list_url" "$cookie")
deep_ms=$(median_ms "$deep_url" "$cookie")
api_ms=$(median_ms "$api_url" "Authorization: Bearer $token")
log "wrk /health ($WRK_DURATION, $WRK_CONNECTIONS connections)"
health_rps=$(run_wrk "$base/health")
log "wrk /notes (signed in)"
list_rps=$(run_wrk "$list_url" "$cookie"); list_p99=$(p99)
log "wrk /notes?category=…&sort=rating&order=asc&year=2023&page=3"
deep_rps=$(run_wrk "$deep_url" "$cookie"); deep_p99=$(p99)
log "wrk /api/v1/notes (Bearer)"
api_rps=$(run_wrk "$api_url" "Authorization: Bearer $token"); api_p99=$(p99)
ratio() { python3 -c "print(f'{$1 / $2:.3f}')"; }
list_ratio=$(ratio "$list_rps" "$health_rps")
deep_ratio=$(ratio "$deep_rps" "$health_rps")
api_ratio=$(ratio "$api_rps" "$health_rps")
list_rss_mb=$(awk '/^VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$server_pid/status")
stop_server

# --- (b) a 5,000-row Letterboxd import on a fresh server process --------------------------------
log "restarting boxoffice serve for the Letterboxd import"
start_server 2
token_b=$(sign_up_with_token seoyeon)
rss_before_mb=$(awk '/^VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$server_pid/status")
calls_before=$(stats_calls)
cpu_before=$(cpu_ticks "$server_pid")
log "importing letterboxd.csv ($(wc -l <"$work/letterboxd.csv") lines)"
lb_seconds=$(curl -fsS -o "$work/lb-report.json" -w '%{time_total}' -X POST "$base/api/v1/notes/import?format=letterboxd" \
  -H "Authorization: Bearer $token_b" -H 'Content-Type: text/csv' --data-binary "@$work/letterboxd.csv")
cpu_after=$(cpu_ticks "$server_pid")
lb_calls=$(( $(stats_calls) - calls_before ))
hwm_mb=$(awk '/^VmHWM/ {printf "%.1f", $2 / 1024}' "/proc/$server_pid/status")
rss_after_mb=$(awk '/^VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$server_pid/status")
read -r lb_rows_read lb_imported lb_skipped lb_searches lb_reasons < <(python3 - "$work/lb-report.json" <<'PY'
import collections, json, sys
r = json.load(open(sys.argv[1]))
reasons = collections.Counter(s["reason"].split(";")[0].split(" (")[0][:40] for s in r["skipped"])
print(r["rows"], r["imported"], len(r["skipped"]), r["kobisSearches"], "; ".join(f"{n}× {k}" for k, n in reasons.most_common(3)).replace(" ", "_"))
PY
)
lb_cpu=$(python3 -c "print(f'{($cpu_after - $cpu_before) / $(getconf CLK_TCK):.2f}')")
# The import looks titles up 4 at a time (DiaryService.Settings.importLookupConcurrency): its floor is the calls' latency.
lb_floor=$(python3 -c "print(f'{$lb_calls * $LATENCY_MS / 1000 / 4:.2f}')")

calls_before=$(stats_calls)
lb2_seconds=$(curl -fsS -o "$work/lb-report2.json" -w '%{time_total}' -X POST "$base/api/v1/notes/import?format=letterboxd" \
  -H "Authorization: Bearer $token_b" -H 'Content-Type: text/csv' --data-binary "@$work/letterboxd.csv")
lb2_calls=$(( $(stats_calls) - calls_before ))
lb2_imported=$(json_field imported <"$work/lb-report2.json")
lb2_searches=$(json_field kobisSearches <"$work/lb-report2.json")
hwm2_mb=$(awk '/^VmHWM/ {printf "%.1f", $2 / 1024}' "/proc/$server_pid/status")
stop_server

seconds() { python3 -c "print(f'{float(\"$1\"):.2f}')"; }
lb_seconds=$(seconds "$lb_seconds"); lb2_seconds=$(seconds "$lb2_seconds"); json_import=$(seconds "$json_import")

cat <<EOF
| benchmark | result |
|---|---|
| (a) notes list \`/notes\` (signed in, $DIARY_NOTES notes, $rows_shown a page) ÷ \`/health\` (wrk) | $list_rps ÷ $health_rps req/s = **$list_ratio** (p99 $list_p99); one at a time: median $list_ms ms (\`/health\` $health_ms ms) |
| (a) filtered deep page \`/notes?category=…&sort=rating&order=asc&year=2023&page=3\` ÷ \`/health\` | $deep_rps req/s = **$deep_ratio** (p99 $deep_p99; $deep_rows rows); median $deep_ms ms |
| (a) \`GET /api/v1/notes\` (Bearer, 50 a page) ÷ \`/health\` | $api_rps req/s = **$api_ratio** (p99 $api_p99); median $api_ms ms |
| (b) import of a $LETTERBOXD_ROWS-row Letterboxd CSV ($LETTERBOXD_TITLES titles) | **${lb_seconds} s** wall (KOBIS-bound floor: $lb_calls calls × ${LATENCY_MS} ms ÷ 4 at once = ${lb_floor} s), ${lb_cpu} s server CPU; peak RSS **${hwm_mb} MB** (${rss_before_mb} MB before, ${rss_after_mb} MB after) |
| (b) … KOBIS calls | **$lb_calls** ($lb_searches searches reported); $lb_imported imported, $lb_skipped skipped (${lb_reasons//_/ }) |
| (b) the same file again | ${lb2_seconds} s, **$lb2_calls** KOBIS calls, $lb2_imported imported ($lb2_searches searches reported); peak RSS ${hwm2_mb} MB |
| JSON import of the $DIARY_NOTES notes (seeding) | ${json_import} s, $json_calls KOBIS calls |

Method: release build on $(nproc) CPU cores ($(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)), everything on
127.0.0.1; \`boxoffice serve\` (LOG_LEVEL=warning) over a fresh SQLite file against \`boxoffice simulate-kobis --latency-ms $LATENCY_MS\`.
Data: films of 2014–2024 from the simulator's movie list; $DIARY_NOTES notes with memos (30 % empty, some long), ratings,
places, 8 categories (85 % filed), watched over 2014–today, imported through \`POST /api/v1/notes/import?format=json\`.
(a) session cookie from the real log-in form; the list shows "$summary_text", page 1 is $page_bytes bytes; \`wrk -t$WRK_THREADS
-c$WRK_CONNECTIONS -d$WRK_DURATION\` on \`/health\`, then each page in turn, same server, same run (wrk shares the cores with the
server); before that, 50 requests one at a time per address (median of curl's time_total); RSS after (a): $list_rss_mb MB. (b) a second account on a freshly started server (so VmHWM is the import's peak,
start-up included); the CSV uses English titles and production years, $LETTERBOXD_TITLES distinct titles (5 % unknown to
KOBIS), tags and ratings; wall time is curl's time_total; CPU is the server's utime+stime during the import; KOBIS calls
from the simulator's \`/_simulator/stats\`. Load average (1, 5, 15 min) before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg).
EOF
