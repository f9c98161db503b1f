#!/usr/bin/env python3
"""The diary at scale (issue 18), run by `Benchmarks/diary.sh scale`: every diary route at 500 and at 50,000 notes, on
SQLite and on PostgreSQL, printed as Markdown.

For each database: a fresh release `boxoffice serve`; two accounts, one with SMALL notes and one with LARGE notes,
both imported through `POST /api/v1/notes/import?format=json` (one file each, or files of FILE_ROWS rows); then, for
each account, every diary route one request at a time (REPEAT times: median and p99 of the wall time seen by the
client, keep-alive), and the non-export routes under `wrk -c16` for WRK_DURATION each, divided by `/health` under the
same wrk in the same run. RSS (VmRSS of the server) idle, after the imports, after one round of every route, after
wrk.

Arguments: the boxoffice binary, the simulator's KOBIS URL, a work directory. Environment: SMALL=500 LARGE=50000
REPEAT=30 EXPORT_REPEAT=5 WRK_DURATION=10s WRK_CONNECTIONS=16 FILE_ROWS=0 (0: one file) PAGE_NOTES=5000 (a third
account, for the notes page alone: issue 18's figure; 0: none)
POSTGRES_URL=postgres://postgres@127.0.0.1:54329/ (empty: SQLite only) BACKENDS=sqlite,postgres.
"""
import datetime
import http.client
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
import urllib.parse
import urllib.request
import uuid

BIN, KOBIS, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
SMALL = int(os.environ.get("SMALL", "500"))
LARGE = int(os.environ.get("LARGE", "50000"))
REPEAT = int(os.environ.get("REPEAT", "30"))
EXPORT_REPEAT = int(os.environ.get("EXPORT_REPEAT", "5"))
WRK_DURATION = os.environ.get("WRK_DURATION", "10s")
WRK_CONNECTIONS = int(os.environ.get("WRK_CONNECTIONS", "16"))
FILE_ROWS = int(os.environ.get("FILE_ROWS", "0"))
PAGE_NOTES = int(os.environ.get("PAGE_NOTES", "5000"))
POSTGRES_URL = os.environ.get("POSTGRES_URL", "postgres://postgres@127.0.0.1:54329/")
BACKENDS = [b for b in os.environ.get("BACKENDS", "sqlite,postgres").split(",") if b]
PASSWORD = "correct horse battery"


def log(text):
    print(f"==> {text}", file=sys.stderr, flush=True)


# --- data -------------------------------------------------------------------------------------------------------
def films():
    found = []
    for year in range(2004, 2025):
        url = f"{KOBIS}/movie/searchMovieList.json?key=any&openStartDt={year}&openEndDt={year}&itemPerPage=100"
        with urllib.request.urlopen(url) as response:
            for movie in json.load(response)["movieListResult"]["movieList"]:
                if len(movie["openDt"]) == 8:
                    found.append(movie)
    return found


PHRASES = ["연출이 좋았다.", "배우들의 연기가 훌륭했다.", "결말이 조금 아쉬웠다.", "음악이 오래 기억에 남는다.",
           "두 번 봐도 좋다.", "극장에서 보길 잘했다.", "The pacing drags in the middle.", "촬영이 아름답다."]
CATEGORIES = ["스릴러", "가족과 함께", "다시 볼 영화", "극장에서", "애니메이션", "다큐멘터리", "인생 영화", "Festival"]


def diary(count, movies, seed):
    """A BoxOffice JSON file of `count` notes (as diary.sh's issue-4 data: memos, ratings, places, 8 categories)."""
    rng = random.Random(seed)
    today = datetime.date.today() - datetime.timedelta(days=1)
    categories = [{"id": str(uuid.UUID(int=rng.getrandbits(128), version=4)), "name": name, "visible": i != 7,
                   "position": i} for i, name in enumerate(CATEGORIES)]
    notes = []
    for _ in range(count):
        movie = rng.choice(movies)
        opened = datetime.date(int(movie["openDt"][:4]), int(movie["openDt"][4:6]), int(movie["openDt"][6:]))
        day = min(opened + datetime.timedelta(days=rng.choice([rng.randint(0, 40), rng.randint(0, 3000)])), today)
        roll = rng.random()
        memo = "" if roll < 0.3 else " ".join(rng.choice(PHRASES) for _ in range(rng.randint(1, 6) if roll < 0.9 else 40))
        created = datetime.datetime(day.year, day.month, day.day, 12) + datetime.timedelta(seconds=rng.randint(0, 250_000))
        notes.append({
            "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)), "movieCode": movie["movieCd"],
            "title": movie["movieNm"], "watchedOn": day.isoformat(), "memo": memo,
            "rating": rng.choice([None] + [h / 2 for h in range(1, 11)] * 2),
            "categoryId": rng.choice(categories)["id"] if rng.random() < 0.85 else None,
            "place": rng.choice(["cinema", "home", None]),
            "createdAt": created.strftime("%Y-%m-%dT%H:%M:%S.") + f"{rng.randint(0, 999):03d}Z",
            "releaseYear": opened.year, "titleEnglish": movie["movieNmEn"],
            "genres": [g for g in movie["genreAlt"].split(",") if g],
            "nations": [n for n in movie["nationAlt"].split(",") if n],
            "directors": [d["peopleNm"] for d in movie["directors"]], "chartDate": None, "chartRank": None})
    return categories, notes


def files(categories, notes):
    size = FILE_ROWS or len(notes)
    for start in range(0, len(notes), size):
        yield json.dumps({"format": "boxoffice-diary", "version": 1, "exportedAt": "2025-01-01T00:00:00.000Z",
                          "categories": categories, "notes": notes[start:start + size]},
                         ensure_ascii=False).encode()


# --- the server --------------------------------------------------------------------------------------------------
class Server:
    def __init__(self, database_url, name):
        self.out = open(f"{WORK}/{name}.out", "w")
        env = {k: v for k, v in os.environ.items() if k not in ("TMDB_API_KEY", "KAKAO_REST_API_KEY")}
        env.update(KOBIS_API_KEY="any", KOBIS_BASE_URL=KOBIS, DATABASE_URL=database_url, LOG_LEVEL="warning",
                   BOXOFFICE_KEEPER="off")
        self.process = subprocess.Popen([BIN, "serve", "--hostname", "127.0.0.1", "--port", "0"], env=env,
                                        stdout=self.out, stderr=subprocess.STDOUT)
        deadline = time.time() + 120
        while time.time() < deadline:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", open(f"{WORK}/{name}.out").read())
            if found:
                self.port = int(found.group(1))
                break
            if self.process.poll() is not None:
                raise SystemExit(open(f"{WORK}/{name}.out").read())
            time.sleep(0.1)
        else:
            raise SystemExit(f"{name}: the server did not start")
        self.base = f"http://127.0.0.1:{self.port}"
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)

    def rss_mb(self):
        for line in open(f"/proc/{self.process.pid}/status"):
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def peak_rss_mb(self):
        for line in open(f"/proc/{self.process.pid}/status"):
            if line.startswith("VmHWM"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def cpu_seconds(self):
        fields = open(f"/proc/{self.process.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def request(self, method, path, body=None, headers=None):
        """(status, headers, body bytes, seconds) over one kept-alive connection."""
        for attempt in range(2):
            try:
                started = time.perf_counter()
                self.connection.request(method, path, body=body, headers=headers or {})
                response = self.connection.getresponse()
                data = response.read()
                return response.status, dict(response.getheaders()), data, time.perf_counter() - started
            except (http.client.HTTPException, ConnectionError):
                self.connection.close()
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
                if attempt:
                    raise

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=60)
        self.out.close()


def account(server, username):
    """A bearer token and a session cookie for a new account."""
    body = json.dumps({"username": username, "password": PASSWORD}).encode()
    status, _, data, _ = server.request("POST", "/api/v1/users", body, {"Content-Type": "application/json"})
    assert status == 201, data
    status, _, data, _ = server.request("POST", "/api/v1/tokens", body, {"Content-Type": "application/json"})
    token = json.loads(data)["token"]
    # The log-in form: its CSRF token and pre-session cookie, then the session cookie.
    status, headers, data, _ = server.request("GET", "/login")
    csrf = re.search(rb'name="csrf" value="([^"]+)"', data).group(1).decode()
    pre = "; ".join(c.split(";")[0] for c in headers.get("Set-Cookie", "").split(", ") if "=" in c.split(";")[0])
    form = urllib.parse.urlencode({"csrf": csrf, "username": username, "password": PASSWORD}).encode()
    connection = http.client.HTTPConnection("127.0.0.1", server.port)
    connection.request("POST", "/login", form, {"Content-Type": "application/x-www-form-urlencoded", "Cookie": pre})
    response = connection.getresponse()
    response.read()
    cookies = [v for k, v in response.getheaders() if k.lower() == "set-cookie"]
    session = next(c.split(";")[0] for c in cookies if c.startswith("boxoffice_session="))
    return token, session


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def wrk(url, header=None):
    command = ["wrk", "-t2", f"-c{WRK_CONNECTIONS}", f"-d{WRK_DURATION}", "--latency"]
    if header:
        command += ["-H", header]
    output = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    if "Non-2xx" in output:
        raise SystemExit(f"wrk saw non-2xx answers for {url}:\n{output}")
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p99 = re.search(r"\s99%\s+(\S+)", output).group(1)
    return rate, p99


def routes(token, cookie):
    bearer = {"Authorization": f"Bearer {token}"}
    session = {"Cookie": cookie}
    return [
        ("GET /api/v1/notes", "/api/v1/notes", bearer, False),
        ("GET /api/v1/notes?sort=rating&page=50", "/api/v1/notes?sort=rating&page=50", bearer, False),
        ("GET /api/v1/notes?sort=title&page=900", "/api/v1/notes?sort=title&page=900", bearer, False),
        ("GET /api/v1/stats", "/api/v1/stats", bearer, False),
        ("GET /api/v1/stats?year=2019", "/api/v1/stats?year=2019", bearer, False),
        ("GET /notes (page)", "/notes", session, False),
        ("GET /stats (page)", "/stats", session, False),
        ("GET /api/v1/notes/export?format=csv", "/api/v1/notes/export?format=csv", bearer, True),
        ("GET /api/v1/notes/export?format=json", "/api/v1/notes/export?format=json", bearer, True),
        ("GET /api/v1/notes/export?format=letterboxd", "/api/v1/notes/export?format=letterboxd", bearer, True),
    ]


def measure(server, path, headers, times):
    seconds = []
    size = 0
    for _ in range(times):
        status, _, data, elapsed = server.request("GET", path, headers=headers)
        if status != 200:
            raise SystemExit(f"{path}: {status} {data[:300]!r}")
        seconds.append(elapsed * 1000)
        size = len(data)
    return statistics.median(seconds), percentile(seconds, 0.99), size


def run_backend(backend, movies):
    figures = {"backend": backend, "routes": {}, "imports": {}}
    database = None
    if backend == "sqlite":
        url = f"sqlite://{WORK}/diary-scale.sqlite"
    else:
        database = f"boxoffice_bench_{os.getpid()}"
        subprocess.run(["psql", POSTGRES_URL + "postgres", "-qc", f"CREATE DATABASE {database}"], check=True)
        url = POSTGRES_URL + database
    server = Server(url, f"server-{backend}")
    try:
        for _ in range(20):
            server.request("GET", "/health")
        time.sleep(1)
        figures["rss_idle"] = server.rss_mb()
        accounts = {}
        figures["peaks"] = {}
        sizes = ((SMALL, 18), (LARGE, 1818)) + (((PAGE_NOTES, 5050),) if PAGE_NOTES else ())
        for size, seed in sizes:
            token, cookie = account(server, f"scale{size}")
            categories, notes = diary(size, movies, seed)
            total = 0.0
            for file in files(categories, notes):
                status, _, data, elapsed = server.request(
                    "POST", "/api/v1/notes/import?format=json", file,
                    {"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
                if status != 200:
                    raise SystemExit(f"import: {status} {data[:500]!r}")
                total += elapsed
            figures["imports"][size] = (total, len(file) if FILE_ROWS == 0 else None)
            accounts[size] = (token, cookie)
            figures["peaks"][size] = server.peak_rss_mb()
            log(f"{backend}: imported {size} notes in {total:.1f} s; RSS {server.rss_mb():.0f} MB, "
                f"peak {figures['peaks'][size]:.0f} MB")
        figures["rss_import"] = server.rss_mb()
        for size in (SMALL, LARGE):
            token, cookie = accounts[size]
            for name, path, headers, is_export in routes(token, cookie):
                log(f"{backend} {size}: {name}")
                figures["routes"][(name, size)] = measure(server, path, headers, EXPORT_REPEAT if is_export else REPEAT)
        if PAGE_NOTES:
            token, cookie = accounts[PAGE_NOTES]
            figures["page"] = measure(server, "/notes", {"Cookie": cookie}, REPEAT)
        figures["rss_round"] = server.rss_mb()
        health, health_p99 = wrk(server.base + "/health")
        figures["health"] = (health, health_p99)
        if PAGE_NOTES:
            log(f"{backend} {PAGE_NOTES}: wrk GET /notes (page)")
            figures["page"] += wrk(server.base + "/notes", f"Cookie: {accounts[PAGE_NOTES][1]}")
        for size in (SMALL, LARGE):
            token, cookie = accounts[size]
            for name, path, headers, is_export in routes(token, cookie):
                if is_export:
                    continue
                log(f"{backend} {size}: wrk {name}")
                header = next(f"{k}: {v}" for k, v in headers.items())
                figures["routes"][(name, size)] += wrk(server.base + path, header)
        figures["rss_wrk"] = server.rss_mb()
        figures["cpu"] = server.cpu_seconds()
    finally:
        server.stop()
        if database:
            subprocess.run(["psql", POSTGRES_URL + "postgres", "-qc", f"DROP DATABASE IF EXISTS {database}"])
    return figures


def main():
    log("films from the simulator")
    movies = films()
    load_before = open("/proc/loadavg").read().split()[:3]
    results = [run_backend(backend, movies) for backend in BACKENDS]
    columns = " | ".join(f"{r['backend']} {SMALL:,} | {r['backend']} {LARGE:,}" for r in results)
    print(f"| route | {columns} |")
    print("|---|" + "---|" * (2 * len(results)))
    names = [name for name, _, _, _ in routes("", "")]
    for name in names:
        cells = []
        for r in results:
            for size in (SMALL, LARGE):
                figure = r["routes"][(name, size)]
                text = f"{figure[0]:.1f} / {figure[1]:.1f} ms"
                if name.startswith("GET /api/v1/notes/export"):
                    text += f" ({figure[2] / 1e6:.1f} MB)"
                if len(figure) > 3:
                    text += f"; **{figure[3] / r['health'][0]:.3f}** (p99 {figure[4]})"
                cells.append(text)
        print(f"| `{name}` | {' | '.join(cells)} |")
    for r in results:
        imports = ", ".join(f"{size:,} notes {seconds:.1f} s" + (f" ({length / 1e6:.1f} MB)" if length else "")
                            + f", peak RSS {r['peaks'][size]:.0f} MB"
                            for size, (seconds, length) in r["imports"].items())
        if PAGE_NOTES:
            page = r["page"]
            print(f"\n{r['backend']}: `GET /notes` (page) with {PAGE_NOTES:,} notes: {page[0]:.1f} / {page[1]:.1f} ms; "
                  f"**{page[3] / r['health'][0]:.3f}** of `/health` under wrk ({page[3]:.0f} req/s, p99 {page[4]}).")
        print(f"\n{r['backend']}: `/health` under wrk {r['health'][0]:.0f} req/s (p99 {r['health'][1]}); imports: {imports}; "
              f"RSS idle {r['rss_idle']:.0f} MB, after the imports {r['rss_import']:.0f} MB, after a round of every route "
              f"{r['rss_round']:.0f} MB, after wrk {r['rss_wrk']:.0f} MB; server CPU {r['cpu']:.0f} s.")
    print(f"\nCells: median / p99 of {REPEAT} requests one at a time ({EXPORT_REPEAT} for exports; keep-alive, wall time "
          f"at the client); then requests a second under `wrk -t2 -c{WRK_CONNECTIONS} -d{WRK_DURATION}` ÷ `/health` "
          f"under the same wrk in the same run (p99 of wrk). {os.cpu_count()} cores; load average before "
          f"{' '.join(load_before)}, after {' '.join(open('/proc/loadavg').read().split()[:3])}.")


main()
