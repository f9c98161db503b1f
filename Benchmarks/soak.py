#!/usr/bin/env python3
"""Fault soak: concurrent load on every page and API route while simulate-kobis cycles its faults.

Driven by Benchmarks/soak.sh, which starts the simulator and the server. Prints a Markdown report and
exits non-zero when a goal is missed:
  - zero 500s (and zero connection errors) in every phase;
  - every chart (and movie) stored before the faults is still answered 200 during them (stale allowed);
  - after the faults stop, the first request of each kind succeeds again.
Standard library only.
"""
import argparse
import collections
import http.client
import json
import random
import sys
import threading
import time
import urllib.parse

FAULTS = ["latency", "http500", "malformed", "faultinfo", "timeout", "reset"]


class Client:
    """One keep-alive connection per worker thread; reconnects after errors."""

    def __init__(self, base, timeout):
        parsed = urllib.parse.urlsplit(base)
        self.host, self.port, self.timeout = parsed.hostname, parsed.port, timeout
        self.connection = None

    def request(self, method, path, body=None, headers=None):
        headers = dict(headers or {})
        if body is not None:
            headers.setdefault("Content-Type", "application/json")
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                data = response.read()
                if response.getheader("Connection", "").lower() == "close":
                    self.close()
                return response.status, data
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError) as error:
                # A keep-alive connection the server closed between requests: retry once on a new one.
                self.close()
                if attempt == 2:
                    return f"conn:{type(error).__name__}", b""
            except Exception as error:  # timeouts and anything else count as failures
                self.close()
                return f"conn:{type(error).__name__}", b""

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def simulator(origin, path):
    connection = http.client.HTTPConnection(urllib.parse.urlsplit(origin).hostname, urllib.parse.urlsplit(origin).port, timeout=10)
    connection.request("POST", path)
    response = connection.getresponse()
    response.read()
    connection.close()
    if response.status != 200:
        raise SystemExit(f"simulator {path} answered {response.status}")


def set_fault(origin, mode, latency_ms):
    if mode == "latency":
        simulator(origin, "/_simulator/fault?mode=none")
        simulator(origin, f"/_simulator/latency?ms={latency_ms}")
    else:
        simulator(origin, "/_simulator/latency?ms=0")
        simulator(origin, f"/_simulator/fault?mode={mode}")


def is_stale(data):
    try:
        return json.loads(data).get("stale") is True
    except Exception:
        return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--simulator", required=True)
    parser.add_argument("--yesterday", required=True)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--workers", type=int, default=16)
    parser.add_argument("--latency-ms", type=int, default=1500)
    args = parser.parse_args()
    random.seed(7)
    setup = Client(args.base, 30)

    # --- prime the store (no faults) -------------------------------------------------------------------
    yesterday = args.yesterday
    settled = ["2024-03-15", "2024-02-10", "2023-12-25", "2023-08-15", "2023-05-05"]
    stored_charts = []
    for date in settled + [yesterday]:
        stored_charts += [f"/api/v1/daily?date={date}", f"/daily?date={date}", f"/api/v1/daily?date={date}&nation=K"]
    stored_charts += ["/api/v1/weekly?date=2024-03-06&range=week", "/weekly?date=2024-03-06&range=weekend"]
    codes, titles = [], []
    for path in stored_charts:
        status, data = setup.request("GET", path)
        if status != 200:
            raise SystemExit(f"priming {path} answered {status}")
        if path.startswith("/api/v1/daily") and "nation" not in path:
            for entry in json.loads(data)["entries"][:3]:
                codes.append(entry["movieCode"])
                titles.append(entry["title"])
    codes = sorted(set(codes))[:8]
    stored_movies = []
    for code in codes:
        stored_movies += [f"/api/v1/movies/{code}", f"/movies/{code}"]
    for path in stored_movies:
        status, _ = setup.request("GET", path)
        if status != 200:
            raise SystemExit(f"priming {path} answered {status}")
    user = f"soak{random.randint(0, 10**9)}"
    password = "soak-password-123"
    status, _ = setup.request("POST", "/api/v1/users", json.dumps({"username": user, "password": password}))
    if status != 201:
        raise SystemExit(f"creating the soak user answered {status}")
    status, data = setup.request("POST", "/api/v1/tokens", json.dumps({"username": user, "password": password}))
    if status != 201:
        raise SystemExit(f"creating the soak token answered {status}")
    bearer = {"Authorization": "Bearer " + json.loads(data)["token"]}

    def fresh_date():
        # A day from 2015–2022 that was never primed: it needs KOBIS.
        day = random.randint(0, 8 * 365)
        return time.strftime("%Y-%m-%d", time.gmtime(time.mktime((2015, 1, 1, 12, 0, 0, 0, 0, 0)) + day * 86400))

    word = (titles[0].split() or ["영화"])[0] if titles else "영화"
    # (kind, method, path maker, body maker, headers, is-stored)
    routes = [
        ("stored chart", "GET", lambda: random.choice(stored_charts), None, {}, True),
        ("stored movie", "GET", lambda: random.choice(stored_movies), None, {}, True),
        ("new daily page", "GET", lambda: f"/daily?date={fresh_date()}", None, {}, False),
        ("new daily API", "GET", lambda: f"/api/v1/daily?date={fresh_date()}&multi=Y", None, {}, False),
        ("new weekly API", "GET", lambda: f"/api/v1/weekly?date={fresh_date()}&range=weekend", None, {}, False),
        ("new movie API", "GET", lambda: f"/api/v1/movies/{random.randint(20150001, 20229999)}", None, {}, False),
        ("search page", "GET", lambda: "/movies?" + urllib.parse.urlencode({"q": word, "page": random.randint(1, 3)}), None, {}, False),
        ("search API", "GET", lambda: "/api/v1/movies?" + urllib.parse.urlencode({"q": random.choice(["사랑", "밤", word])}), None, {}, False),
        ("poster", "GET", lambda: f"/movies/{random.choice(codes)}/poster", None, {}, False),
        ("period page", "GET", lambda: "/charts/period?from=2024-03-01&to=2024-03-15", None, {}, False),
        ("period API", "GET", lambda: "/api/v1/charts/period?from=2023-01-01&to=2024-03-15", None, {}, False),
        ("trend API", "GET", lambda: f"/api/v1/movies/{random.choice(codes)}/trend", None, {}, False),
        ("diary notes", "GET", lambda: "/api/v1/notes", None, bearer, False),
        ("diary add", "POST", lambda: "/api/v1/notes",
         lambda: json.dumps({"movieCode": random.choice(codes), "title": "soak", "watchedOn": "2024-03-01", "rating": 4.5}), bearer, False),
        ("diary stats", "GET", lambda: "/api/v1/stats", None, bearer, False),
        ("bad input", "GET", lambda: random.choice(["/daily?date=2999-01-01", "/api/v1/daily?date=bogus", "/api/v1/movies/x"]), None, {}, False),
        ("operations", "GET", lambda: random.choice(["/health", "/metrics", "/openapi.json", "/static/app.js"]), None, {}, False),
    ]

    def run_phase(name, seconds):
        counts = collections.Counter()
        per_kind = collections.defaultdict(collections.Counter)
        stored_failures = collections.Counter()
        stale_served = [0]
        lock = threading.Lock()
        deadline = time.monotonic() + seconds

        def worker(index):
            client = Client(args.base, 30)
            rng = random.Random(index)
            while time.monotonic() < deadline:
                kind, method, path, body, headers, stored = routes[rng.randrange(len(routes))]
                target = path()
                status, data = client.request(method, target, body() if body else None, headers)
                with lock:
                    counts[status] += 1
                    per_kind[kind][status] += 1
                    if stored and status != 200:
                        stored_failures[target] += 1
                    if stored and status == 200 and target.startswith("/api/") and is_stale(data):
                        stale_served[0] += 1
            client.close()

        threads = [threading.Thread(target=worker, args=(i,)) for i in range(args.workers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return {"name": name, "counts": counts, "per_kind": per_kind, "stored_failures": stored_failures,
                "stale": stale_served[0]}

    phases = [run_phase("no fault", args.seconds)]
    for mode in FAULTS:
        set_fault(args.simulator, mode, args.latency_ms)
        phases.append(run_phase(mode if mode != "latency" else f"latency {args.latency_ms} ms", args.seconds))
    set_fault(args.simulator, "none", 0)
    simulator(args.simulator, "/_simulator/latency?ms=0")

    # --- recovery: the first request of each kind after the faults stop --------------------------------
    time.sleep(1.1)  # past the provisional TTL the soak runs with
    recovery = []
    probe = Client(args.base, 30)
    for path in [f"/api/v1/daily?date={yesterday}", f"/daily?date={yesterday}", f"/api/v1/daily?date={fresh_date()}",
                 f"/api/v1/movies/{random.randint(20150001, 20229999)}", "/api/v1/movies?q=" + urllib.parse.quote(word)]:
        status, data = probe.request("GET", path)
        ok = status in (200, 404) and not (path.startswith("/api/v1/daily") and is_stale(data))
        recovery.append((path, status, "fresh" if ok else "NOT RECOVERED"))

    # --- report ---------------------------------------------------------------------------------------
    failed = False
    print("| phase | requests | answers by status | 500s | stored charts/movies not 200 | stale answers (API) |")
    print("|---|---|---|---|---|---|")
    for phase in phases:
        counts = phase["counts"]
        total = sum(counts.values())
        fives = counts.get(500, 0)
        errors = sum(v for k, v in counts.items() if isinstance(k, str))
        stored_bad = sum(phase["stored_failures"].values())
        failed |= fives > 0 or errors > 0 or stored_bad > 0
        shown = ", ".join(f"{k}×{v}" for k, v in sorted(counts.items(), key=lambda kv: str(kv[0])))
        print(f"| {phase['name']} | {total} | {shown} | {fives} | {stored_bad} | {phase['stale']} |")
    print()
    print("Recovery (first request of each kind after the faults stop):")
    for path, status, verdict in recovery:
        failed |= verdict != "fresh"
        print(f"- `{path}` → {status} ({verdict})")
    for phase in phases:
        bad = {k: v for k, v in phase["per_kind"].items() if any(s == 500 or isinstance(s, str) for s in v)}
        if bad or phase["stored_failures"]:
            print(f"\nProblems in phase {phase['name']}:")
            for kind, counter in bad.items():
                print(f"- {kind}: {dict(counter)}")
            for target, n in phase["stored_failures"].most_common(5):
                print(f"- stored {target}: {n} non-200")
    print()
    print("Goal: zero 500s and connection errors, stored charts always 200, recovery on the first request: "
          + ("**missed**" if failed else "**met**"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
