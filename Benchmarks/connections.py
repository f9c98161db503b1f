#!/usr/bin/env python3
"""One address holding idle connections, against `boxoffice serve` started as systemd starts services (a soft
open-file limit of 1,024).

For each build given: a fresh SQLite store, sample mode, keeper off, 256 connections per address (the default of a
server others reach directly; on loopback there is none by default). A second loopback address (127.0.0.2) opens
HOLD connections to the server as fast as it can and keeps them; meanwhile an honest client on 127.0.0.1 asks for
/health and a chart JSON, ROUNDS times, each with a deadline of DEADLINE seconds. Prints, as Markdown, per build:
how many of the held connections the server accepted (its descriptors), its resident memory idle and while held,
and how many honest requests were answered and how fast.

Usage: Benchmarks/connections.py BIN [BIN...]   (e.g. a build from before the connection limits, then this one)
Environment: HOLD=3000, ROUNDS=20, DEADLINE=5, SOFT_LIMIT=1024.
"""
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

HOLD = int(os.environ.get("HOLD", "3000"))
ROUNDS = int(os.environ.get("ROUNDS", "20"))
DEADLINE = float(os.environ.get("DEADLINE", "5"))
SOFT_LIMIT = int(os.environ.get("SOFT_LIMIT", "1024"))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def descriptors(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


def get(port, path):
    started = time.monotonic()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=DEADLINE) as answer:
            answer.read()
            return answer.status == 200, time.monotonic() - started
    except Exception:
        return False, time.monotonic() - started


def hold(port, count):
    held = []
    for _ in range(count):
        connection = socket.socket()
        connection.bind(("127.0.0.2", 0))
        connection.setblocking(False)
        try:
            connection.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        except OSError:
            connection.close()
            break
        held.append(connection)
    return held


def measure(binary):
    port = free_port()
    work = tempfile.mkdtemp(prefix="boxoffice-connections-")
    environment = dict(os.environ)
    environment.update({
        "DATABASE_URL": f"sqlite://{work}/store.sqlite", "BOXOFFICE_KEEPER": "off", "LOG_LEVEL": "error",
        "BOXOFFICE_IDLE_TIMEOUT": "600",
    })
    for name in ("KOBIS_API_KEY", "BOXOFFICE_MAX_CONNECTIONS"):
        environment.pop(name, None)
    # On loopback a server has no per-address limit by default (only a proxy can reach it); 256 is the default of a
    # server others reach directly, which this stands for. Builds before the limit ignore the variable.
    environment["BOXOFFICE_CONNECTIONS_PER_ADDRESS"] = "256"
    # `exec` replaces the shell, so the shell's pid is the server's.
    process = subprocess.Popen(
        ["/bin/sh", "-c", f'ulimit -S -n {SOFT_LIMIT} && exec "$0" serve --port {port}', os.path.abspath(binary)],
        env=environment, cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not get(port, "/health")[0]:
            if time.monotonic() > deadline or process.poll() is not None:
                raise SystemExit(f"{binary} did not start")
            time.sleep(0.2)
        get(port, "/api/v1/daily")  # stores yesterday's chart: the rounds read it kept
        idle_rss = rss_kb(process.pid)
        idle_fds = descriptors(process.pid)
        held = hold(port, HOLD)
        # The server accepts as fast as it can; wait until its descriptors stop growing (at most 30 s).
        settle = time.monotonic() + 30
        last = -1
        while time.monotonic() < settle:
            now = descriptors(process.pid)
            if now == last:
                break
            last = now
            time.sleep(1)
        accepted = descriptors(process.pid) - idle_fds
        held_rss = rss_kb(process.pid)
        answered, times = 0, []
        for index in range(ROUNDS):
            ok, took = get(port, "/health" if index % 2 == 0 else "/api/v1/daily")
            if ok:
                answered += 1
                times.append(took * 1000)
        for connection in held:
            connection.close()
        return {
            "accepted": accepted, "idle_rss": idle_rss / 1024, "held_rss": held_rss / 1024,
            "answered": answered, "median_ms": statistics.median(times) if times else None,
        }
    finally:
        process.terminate()
        process.wait(timeout=15)


def main():
    binaries = sys.argv[1:]
    if not binaries:
        raise SystemExit(__doc__)
    print(f"| build | held connections accepted (of {HOLD}) | RSS idle → held, MB "
          f"| honest requests answered (of {ROUNDS}, {DEADLINE:g} s each) | their median, ms |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for binary in binaries:
        result = measure(binary)
        median = "–" if result["median_ms"] is None else f"{result['median_ms']:.1f}"
        print(f"| `{binary}` | {result['accepted']:,} | {result['idle_rss']:.1f} → {result['held_rss']:.1f} "
              f"| {result['answered']} | {median} |")
    print(f"\nsoft open-file limit {SOFT_LIMIT} at start (`ulimit -S -n`), hard {os.sysconf('SC_OPEN_MAX')} "
          f"(this script's); the held connections from 127.0.0.2, the honest client on 127.0.0.1.")


if __name__ == "__main__":
    main()
