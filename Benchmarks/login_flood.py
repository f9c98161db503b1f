#!/usr/bin/env python3
"""A flood of log-ins with fresh usernames (each costs a bcrypt check) against `boxoffice serve`, and what the rest of
the server does meanwhile: the latency of a chart's JSON and of an honest log-in, before and during the flood.

    python3 Benchmarks/login_flood.py BIN [BIN …] [--flood 64] [--seconds 20] [--cost 12] [--honest sign-up]
        [--flood-from 127.0.0.2 --per-address 256]

Each binary serves sample mode from a fresh SQLite file on 127.0.0.1 (keeper off). Idle: 200 chart requests and 3
honest log-ins (or, with `--honest sign-up`, sign-ups with fresh names) one after another. Then `--flood`
connections each send log-ins for unknown names as fast as they are answered; after 3 s, the same 200 chart requests
and 3 honest log-ins or sign-ups (each waits up to 120 s). Prints medians and 95th percentiles, and what the flood got
back (status counts). `--flood-from` sends the flood from another loopback address, and `--per-address` sets
`BOXOFFICE_CONNECTIONS_PER_ADDRESS`, which makes the server tell addresses apart on loopback (one address's places in
the line of password checks, its sign-ups).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

CHART = "/api/v1/daily?date=2024-03-01"
HONEST = {"username": "honest", "password": "correct horse battery"}


def start(binary: str, directory: str, cost: int, per_address: int | None) -> tuple[subprocess.Popen, int]:
    env = dict(os.environ, DATABASE_URL=f"sqlite://{directory}/store.sqlite", BOXOFFICE_KEEPER="off",
               LOG_LEVEL="warning", BOXOFFICE_BCRYPT_COST=str(cost))
    env.pop("KOBIS_API_KEY", None)
    env.pop("BOXOFFICE_CONNECTIONS_PER_ADDRESS", None)
    if per_address is not None:
        env["BOXOFFICE_CONNECTIONS_PER_ADDRESS"] = str(per_address)
        # The honest client's seven sign-ups are more than one address's five a quarter-hour; the places are measured.
        env["BOXOFFICE_SIGNUPS_PER_ADDRESS"] = "100"
    log = open(os.path.join(directory, "server.log"), "w+")
    process = subprocess.Popen([binary, "serve", "--hostname", "127.0.0.1", "--port", "0"], env=env, stdout=log,
                               stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        log.seek(0)
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", log.read())
        if found:
            return process, int(found.group(1))
        if process.poll() is not None:
            sys.exit(f"{binary} exited")
        time.sleep(0.1)
    process.kill()
    sys.exit(f"{binary} did not start")


def request(port: int, method: str, path: str, body: dict | None = None, timeout: float = 120,
            source: str | None = None) -> tuple[int, float]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                            source_address=(source, 0) if source else None)
    started = time.monotonic()
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status, time.monotonic() - started
    except (OSError, http.client.HTTPException):
        return 0, time.monotonic() - started
    finally:
        connection.close()


def sample(port: int, honest: str, label: str) -> dict:
    charts = [request(port, "GET", CHART)[1] for _ in range(200)]
    if honest == "sign-up":
        logins = [request(port, "POST", "/api/v1/users", {"username": f"{label}{n}", "password": HONEST["password"]})
                  for n in range(3)]
    else:
        logins = [request(port, "POST", "/api/v1/tokens", HONEST) for _ in range(3)]
    return {"chart_ms": [1000 * t for t in charts], "logins": [(s, round(t, 2)) for s, t in logins]}


def flood(port: int, stop: threading.Event, counts: dict, lock: threading.Lock, number: int,
          source: str | None) -> None:
    sequence = 0
    while not stop.is_set():
        sequence += 1
        status, _ = request(port, "POST", "/api/v1/tokens",
                            {"username": f"nobody{number}x{sequence}", "password": "wrong password"}, timeout=300,
                            source=source)
        with lock:
            counts[status] = counts.get(status, 0) + 1


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(binary: str, connections: int, seconds: float, cost: int, honest: str, source: str | None,
            per_address: int | None) -> None:
    with tempfile.TemporaryDirectory() as directory:
        process, port = start(binary, directory, cost, per_address)
        try:
            status, _ = request(port, "POST", "/api/v1/users", HONEST)
            if status != 201:
                sys.exit(f"sign-up answered {status}")
            request(port, "GET", CHART)
            idle = sample(port, honest, "idle")
            stop, lock, counts = threading.Event(), threading.Lock(), {}
            threads = [threading.Thread(target=flood, args=(port, stop, counts, lock, n, source), daemon=True)
                       for n in range(connections)]
            for thread in threads:
                thread.start()
            time.sleep(3)
            began = time.monotonic()
            busy = sample(port, honest, "busy")
            remaining = seconds - (time.monotonic() - began)
            if remaining > 0:
                time.sleep(remaining)
            stop.set()
            for thread in threads:
                thread.join(timeout=330)
        finally:
            process.terminate()
            process.wait(timeout=30)
    name = os.path.basename(os.path.dirname(os.path.dirname(binary))) + "/" + os.path.basename(os.path.dirname(binary))
    print(f"\n{binary} ({name}), bcrypt cost {cost}, {connections} flooding connections"
          f" from {source or '127.0.0.1'}, BOXOFFICE_CONNECTIONS_PER_ADDRESS={per_address}")
    for label, result in (("idle", idle), ("during the flood", busy)):
        charts = result["chart_ms"]
        print(f"  {label:17} chart JSON median {statistics.median(charts):7.1f} ms, p95 {percentile(charts, 0.95):7.1f} ms;"
              f" honest {honest}s {result['logins']} (status, s)")
    print(f"  the flood's answers: {dict(sorted(counts.items()))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--flood", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--cost", type=int, default=12)
    parser.add_argument("--honest", choices=["log-in", "sign-up"], default="log-in")
    parser.add_argument("--flood-from", default=None)
    parser.add_argument("--per-address", type=int, default=None)
    arguments = parser.parse_args()
    for binary in arguments.binaries:
        measure(binary, arguments.flood, arguments.seconds, arguments.cost, arguments.honest, arguments.flood_from,
                arguments.per_address)


if __name__ == "__main__":
    main()
