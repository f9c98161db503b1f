#!/usr/bin/env python3
"""What one person's big import, and then their account's deletion, cost everyone else (the hardening issue):
while account A imports N notes through `POST /api/v1/notes/import?format=json` and then deletes itself through
`POST /api/v1/users/me/delete`, account B reads its first page of notes (`GET /api/v1/notes?limit=20`) one request
after another; printed: how long A's request took, and B's reads during it (count, median, p99, slowest), as Markdown.

Arguments: the boxoffice binary, a work directory. Environment: NOTES=100000, BACKENDS=sqlite,postgres,
POSTGRES_URL=postgres://postgres@127.0.0.1:54329/postgres (its server's `boxoffice_hold` database is made afresh).
Sample mode, keeper off; no KOBIS call is made.
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
import threading
import time
import uuid

BIN, WORK = sys.argv[1], sys.argv[2]
NOTES = int(os.environ.get("NOTES", "100000"))
BACKENDS = [b for b in os.environ.get("BACKENDS", "sqlite,postgres").split(",") if b]
POSTGRES_URL = os.environ.get("POSTGRES_URL", "postgres://postgres@127.0.0.1:54329/postgres")
PASSWORD = "correct horse battery"
GENRES = ["드라마", "코미디", "액션", "스릴러", "애니메이션", "다큐멘터리", "공포(호러)", "멜로/로맨스"]
NATIONS = ["한국", "미국", "일본", "프랑스", "영국", "중국"]


def log(text):
    print(f"==> {text}", file=sys.stderr, flush=True)


def diary(count, seed=7):
    """A BoxOffice JSON file of `count` valid notes of 2,000 made-up films over 2004–2024."""
    rng = random.Random(seed)
    notes = []
    for index in range(count):
        film = rng.randrange(2000)
        day = datetime.date(2004, 1, 1) + datetime.timedelta(days=rng.randrange(7300))
        notes.append({
            "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)), "movieCode": f"2{film:07d}",
            "title": f"영화 {film}", "watchedOn": day.isoformat(), "memo": "좋았다. " * rng.randrange(0, 8),
            "rating": rng.choice([None, 3.5, 4.0, 4.5, 5.0]), "place": rng.choice(["cinema", "home", None]),
            "createdAt": f"{day.isoformat()}T12:00:00.{index % 1000:03d}Z", "releaseYear": day.year,
            "titleEnglish": f"Film {film}", "genres": [GENRES[film % 8]], "nations": [NATIONS[film % 6]],
            "directors": [f"감독 {film % 300}"], "chartDate": None, "chartRank": None})
    return json.dumps({"format": "boxoffice-diary", "version": 1, "exportedAt": "2025-01-01T00:00:00.000Z",
                       "categories": [], "notes": notes}, ensure_ascii=False).encode()


class Server:
    def __init__(self, database_url, name):
        self.out_path = f"{WORK}/{name}.out"
        self.out = open(self.out_path, "w")
        env = {k: v for k, v in os.environ.items()
               if k not in ("KOBIS_API_KEY", "KOBIS_BASE_URL", "TMDB_API_KEY", "KAKAO_REST_API_KEY")}
        env.update(DATABASE_URL=database_url, LOG_LEVEL="warning", BOXOFFICE_KEEPER="off")
        self.process = subprocess.Popen([BIN, "serve", "--hostname", "127.0.0.1", "--port", "0"], env=env,
                                        stdout=self.out, stderr=subprocess.STDOUT)
        deadline = time.time() + 120
        while time.time() < deadline:
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", open(self.out_path).read())
            if found:
                self.port = int(found.group(1))
                return
            if self.process.poll() is not None:
                raise SystemExit(open(self.out_path).read())
            time.sleep(0.1)
        raise SystemExit(f"{name}: the server did not start")

    def request(self, method, path, body=None, headers=None, connection=None):
        own = connection is None
        connection = connection or http.client.HTTPConnection("127.0.0.1", self.port, timeout=900)
        started = time.perf_counter()
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        if own:
            connection.close()
        return response.status, data, time.perf_counter() - started

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=60)
        self.out.close()


def token(server, username):
    body = json.dumps({"username": username, "password": PASSWORD}).encode()
    status, data, _ = server.request("POST", "/api/v1/users", body, {"Content-Type": "application/json"})
    assert status == 201, data
    status, data, _ = server.request("POST", "/api/v1/tokens", body, {"Content-Type": "application/json"})
    assert status == 201, data
    return json.loads(data)["token"]


def while_running(server, bearer, work):
    """Runs `work` while B reads its notes, one request after another; (work's seconds, B's latencies in ms)."""
    done = threading.Event()
    latencies = []

    def probe():
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=900)
        while not done.is_set():
            status, data, seconds = server.request(
                "GET", "/api/v1/notes?limit=20", headers={"Authorization": f"Bearer {bearer}"},
                connection=connection)
            assert status == 200, data
            latencies.append(seconds * 1000)

    thread = threading.Thread(target=probe)
    thread.start()
    started = time.perf_counter()
    work()
    elapsed = time.perf_counter() - started
    done.set()
    thread.join(timeout=900)
    return elapsed, latencies


def row(label, elapsed, latencies):
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return (f"| {label} | {elapsed:.1f} | {len(ordered)} | {statistics.median(ordered):.1f} | {p99:.1f} | "
            f"{ordered[-1]:.1f} |")


def measure(backend, file):
    if backend == "sqlite":
        path = f"{WORK}/hold.sqlite"
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
        url = f"sqlite://{path}"
    else:
        server_url = POSTGRES_URL.rsplit("/", 1)[0] if POSTGRES_URL.count("/") > 2 else POSTGRES_URL
        admin = server_url + "/postgres"
        subprocess.run(["psql", admin, "-qc", "DROP DATABASE IF EXISTS boxoffice_hold"], check=True)
        subprocess.run(["psql", admin, "-qc", "CREATE DATABASE boxoffice_hold"], check=True)
        url = server_url + "/boxoffice_hold"
    server = Server(url, f"hold-{backend}")
    try:
        a, b = token(server, "importer"), token(server, "reader")
        # B's own twenty notes (an import: a note typed in would ask KOBIS about its film).
        status, data, _ = server.request(
            "POST", "/api/v1/notes/import?format=json", diary(20, seed=11),
            {"Authorization": f"Bearer {b}", "Content-Type": "application/json"})
        assert status == 200, data[:500]
        _, quiet = while_running(server, b, lambda: time.sleep(2))
        rows = [row("nothing else (2 s)", 2.0, quiet)]

        def import_file():
            status, data, _ = server.request(
                "POST", "/api/v1/notes/import?format=json", file,
                {"Authorization": f"Bearer {a}", "Content-Type": "application/json"})
            assert status == 200, data[:500]
            assert json.loads(data)["imported"] == NOTES, data[:500]

        rows.append(row(f"A imports {NOTES:,} notes", *while_running(server, b, import_file)))

        def delete_account():
            status, data, _ = server.request(
                "POST", "/api/v1/users/me/delete", json.dumps({"password": PASSWORD}).encode(),
                {"Authorization": f"Bearer {a}", "Content-Type": "application/json"})
            assert status == 204, data[:500]

        rows.append(row("A deletes its account", *while_running(server, b, delete_account)))
        return rows
    finally:
        server.stop()


def main():
    os.makedirs(WORK, exist_ok=True)
    log(f"making a file of {NOTES:,} notes")
    file = diary(NOTES)
    print(f"{NOTES:,} notes, a {len(file) / 1e6:.1f} MB JSON file; B reads `GET /api/v1/notes?limit=20` in a loop.\n")
    for backend in BACKENDS:
        log(f"{backend}")
        print(f"**{backend}**\n")
        print("| while | A's request s | B's reads | median ms | p99 ms | slowest ms |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for line in measure(backend, file):
            print(line, flush=True)
        print()


main()
