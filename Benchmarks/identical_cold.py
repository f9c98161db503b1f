#!/usr/bin/env python3
"""N identical requests at once for an answer nothing has kept yet: the server's CPU, against one alone.

Each round starts `boxoffice serve` afresh on an existing store (nothing kept), sends one request alone or N at once
(released together by a barrier, plain HTTP/1.1 without Accept-Encoding), and reads the server's CPU time from /proc
around them. Rounds alternate one and N, ROUNDS of each; prints each round and the medians.

Usage: Benchmarks/identical_cold.py BIN STORE_URL PATH [N] [ROUNDS]
  e.g. Benchmarks/identical_cold.py .build/release/boxoffice sqlite:///tmp/store.sqlite \
       '/api/v1/market/days?year=2019' 30 3
The store is one the keeper filled in sample mode (Benchmarks/analytics.sh makes one); the keeper is off here.
"""
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.request


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def round_(binary, store, path, count):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("KOBIS_API_KEY", "KOBIS_BASE_URL")}
    env.update(DATABASE_URL=store, BOXOFFICE_KEEPER="off", LOG_LEVEL="warning")
    server = subprocess.Popen(
        [binary, "serve", "--hostname", "127.0.0.1", "--port", str(port)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(base + "/health", timeout=1).read()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    sys.exit("identical_cold.py: the server did not start")
                time.sleep(0.1)
        before = cpu_seconds(server.pid)
        barrier = threading.Barrier(count)
        statuses = []

        def one():
            barrier.wait()
            with urllib.request.urlopen(base + path, timeout=120) as response:
                response.read()
                statuses.append(response.status)

        threads = [threading.Thread(target=one) for _ in range(count)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if statuses != [200] * count:
            sys.exit(f"identical_cold.py: answers {statuses}")
        return cpu_seconds(server.pid) - before
    finally:
        server.terminate()
        server.wait()


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    binary, store, path = sys.argv[1:4]
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 30
    rounds = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    alone, together = [], []
    for _ in range(rounds):
        alone.append(round_(binary, store, path, 1))
        together.append(round_(binary, store, path, count))
        print(f"one: {alone[-1] * 1000:.0f} ms CPU; {count} at once: {together[-1] * 1000:.0f} ms CPU", flush=True)
    one, many = statistics.median(alone), statistics.median(together)
    print(f"medians: one {one * 1000:.0f} ms, {count} at once {many * 1000:.0f} ms: {many / one:.1f} x one")


if __name__ == "__main__":
    main()
