#!/usr/bin/env python3
"""PostgreSQL restarted under load, then SIGTERM: every request ends, nothing acknowledged is lost, the process exits.

Runs the real `boxoffice serve` (sample mode, keeper on) against a PostgreSQL cluster of its own (scripts/dev-postgres.sh
with another directory and port, so the shared test server is never touched), for a number of cycles (20 by default).
In each cycle four writers post notes through the API with an `Idempotency-Key` (a failed post is sent again with the
same key until it is acknowledged) and two readers read the API and a page, while PostgreSQL is stopped with
`-m immediate` (clients cut off mid-query, as in a crash) and started again; then the server gets SIGTERM. Every
third cycle the server gets SIGTERM while PostgreSQL is still down instead, and PostgreSQL is started again once the
process has gone (for the check and the next cycle). The cycle passes when

- every request got an answer (each has a 20 s deadline; a request that hangs fails the test), and no answer was a
  5xx other than 503 (a 503 is the database being away, in JSON for the API);
- the process exited with status 0 within 10 s of SIGTERM;
- every acknowledged (201) note is in the database, exactly once.

No step waits for a time to pass: each waits for an event (the server's address printed, each writer acknowledged after
the restart, a request failed while the database is down, the process gone), with a deadline that only bounds failure.

Usage: Tests/lifecycle/restart_under_load.py [path/to/boxoffice] [--cycles N]
"""

import argparse
import glob
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
REQUEST_DEADLINE = 20.0  # a request without an answer by then has hung
RETRY_PAUSE = 0.02  # after a failed request, so clients do not spin while the database is away (never a sync point)
EXIT_DEADLINE = float(os.environ.get("RUL_EXIT_DEADLINE", "10"))  # the process must be gone this long after SIGTERM
EVENT_DEADLINE = 90.0  # bound for each awaited event (a busy CI machine builds nothing else meanwhile, but still)
WRITERS = 4
READERS = 2


class Failure(Exception):
    pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(condition, what, deadline=EVENT_DEADLINE, poll=0.05):
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(poll)
    raise Failure(f"timed out waiting for {what}")


class Postgres:
    """A cluster of this test's own, driven through scripts/dev-postgres.sh."""

    def __init__(self, directory):
        self.env = dict(os.environ, BOXOFFICE_PG_DIR=directory, BOXOFFICE_PG_PORT=str(free_port()))
        self.port = self.env["BOXOFFICE_PG_PORT"]

    def run(self, command):
        result = subprocess.run([os.path.join(ROOT, "scripts", "dev-postgres.sh"), command], env=self.env,
                                capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise Failure(f"dev-postgres.sh {command} failed: {result.stderr.strip()}")
        return result.stdout.strip()

    def psql(self, sql):
        candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/psql")) or [shutil.which("psql")]
        result = subprocess.run([candidates[-1], "-h", "127.0.0.1", "-p", self.port, "-U", "postgres", "-d",
                                 "postgres", "-At", "-F", "\t", "-c", sql], capture_output=True, text=True, timeout=60)
        if result.returncode != 0:
            raise Failure(f"psql failed: {result.stderr.strip()}")
        return [line.split("\t") for line in result.stdout.splitlines() if line]


class Server:
    def __init__(self, binary, database_url, workdir):
        self.log_path = os.path.join(workdir, f"server-{time.monotonic_ns()}.out")
        self.log = open(self.log_path, "w")
        env = {k: v for k, v in os.environ.items()
               if k not in ("KOBIS_API_KEY", "KOBIS_BASE_URL", "TMDB_API_KEY", "KAKAO_REST_API_KEY", "PORT",
                            "BOXOFFICE_HOSTNAME", "BOXOFFICE_KEEPER")}
        env.update(DATABASE_URL=database_url, BOXOFFICE_BCRYPT_COST="4", LOG_LEVEL="warning")
        self.process = subprocess.Popen([binary, "serve", "--hostname", "127.0.0.1", "--port", "0"],
                                        stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=workdir)
        self.port = None

        def started():
            if self.process.poll() is not None:
                raise Failure("the server exited at start:\n" + self.output())
            match = re.search(r"http://127\.0\.0\.1:(\d+)/", self.output())
            if match:
                self.port = int(match.group(1))
            return self.port is not None

        wait_for(started, "the server to start")

    def output(self):
        if not self.log.closed:
            self.log.flush()
        with open(self.log_path) as f:
            return f.read()

    def stop(self):
        """SIGTERM; returns the exit status and the seconds it took."""
        began = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        try:
            status = self.process.wait(timeout=EXIT_DEADLINE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise Failure(f"the server was still running {EXIT_DEADLINE:.0f} s after SIGTERM:\n" + self.output()[-4000:])
        finally:
            self.log.close()
        return status, time.monotonic() - began


def call(port, method, path, body=None, headers=None, connection=None):
    """One request with a deadline. Returns (status, body bytes, connection to reuse or None).
    Raises TimeoutError when no answer came in time, ConnectionError (or OSError) when the connection failed."""
    connection = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=REQUEST_DEADLINE)
    data = None if body is None else json.dumps(body).encode()
    all_headers = {"Content-Type": "application/json", "Accept-Language": "en"}
    all_headers.update(headers or {})
    try:
        connection.request(method, path, body=data, headers=all_headers)
        response = connection.getresponse()
        payload = response.read()
    except (socket.timeout, TimeoutError):
        connection.close()
        raise TimeoutError(f"{method} {path}: no answer within {REQUEST_DEADLINE:.0f} s")
    except (OSError, http.client.HTTPException) as error:
        connection.close()
        raise ConnectionError(f"{method} {path}: {error!r}")
    return response.status, payload, (None if response.will_close else connection)


class Load:
    """Writers and readers against one server, with what they saw."""

    def __init__(self, port, token, cycle, codes):
        self.port, self.token, self.cycle, self.codes = port, token, cycle, codes
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.acknowledged = {}  # key -> note id
        self.acks_by_writer = [0] * WRITERS
        self.failures = 0  # answered 503 or a connection error
        self.problems = []  # hangs, unexpected statuses: each fails the test
        self.threads = [threading.Thread(target=self.writer, args=(i,), daemon=True) for i in range(WRITERS)]
        self.threads += [threading.Thread(target=self.reader, args=(i,), daemon=True) for i in range(READERS)]

    def start(self):
        for thread in self.threads:
            thread.start()

    def finish(self):
        self.stopping.set()
        for thread in self.threads:
            thread.join(REQUEST_DEADLINE + 5)
            if thread.is_alive():
                self.problem("a client thread did not end")

    def problem(self, text):
        with self.lock:
            self.problems.append(text)

    def check_answer(self, method, path, status, payload):
        if status >= 500 and status != 503:
            self.problem(f"{method} {path} answered {status}: {payload[:300]!r}")
        if status == 503 and path.startswith("/api/"):
            try:
                message = json.loads(payload)["error"]["message"]
                assert isinstance(message, str) and message
            except Exception:
                self.problem(f"{method} {path} answered 503 without a JSON error: {payload[:300]!r}")
        if status >= 500:
            with self.lock:
                self.failures += 1

    def writer(self, index):
        connection = None
        headers = {"Authorization": "Bearer " + self.token}
        number = 0
        while not self.stopping.is_set():
            key = f"c{self.cycle}-w{index}-n{number}"
            body = {"movieCode": self.codes[number % len(self.codes)], "watchedOn": "2024-03-15", "memo": key}
            try:
                status, payload, connection = call(self.port, "POST", "/api/v1/notes", body,
                                                   dict(headers, **{"Idempotency-Key": key}), connection)
            except TimeoutError as error:
                self.problem(str(error))
                return
            except ConnectionError:
                connection = None
                with self.lock:
                    self.failures += 1
                time.sleep(RETRY_PAUSE)
                continue  # the same key again
            self.check_answer("POST", "/api/v1/notes", status, payload)
            if status == 201:
                note = json.loads(payload)
                with self.lock:
                    if self.acknowledged.get(key, note["id"]) != note["id"]:
                        self.problems.append(f"{key} acknowledged as two notes")
                    self.acknowledged[key] = note["id"]
                    self.acks_by_writer[index] += 1
                number += 1
            elif status == 503:
                time.sleep(RETRY_PAUSE)
            else:
                self.problem(f"POST /api/v1/notes answered {status}: {payload[:300]!r}")
                return

    def reader(self, index):
        connection = None
        paths = ["/api/v1/notes?perPage=20", "/daily", "/api/v1/daily?date=2024-03-15"]
        number = 0
        while not self.stopping.is_set():
            path = paths[(number + index) % len(paths)]
            number += 1
            headers = {"Authorization": "Bearer " + self.token} if path.startswith("/api/v1/notes") else {}
            try:
                status, payload, connection = call(self.port, "GET", path, None, headers, connection)
            except TimeoutError as error:
                self.problem(str(error))
                return
            except ConnectionError:
                connection = None
                with self.lock:
                    self.failures += 1
                time.sleep(RETRY_PAUSE)
                continue
            self.check_answer("GET", path, status, payload)
            if status == 503:
                time.sleep(RETRY_PAUSE)

    def snapshot(self):
        with self.lock:
            return list(self.acks_by_writer), self.failures, list(self.problems)


def stops_while_down(number):
    """Whether cycle `number` sends SIGTERM while PostgreSQL is down (every third: 3, 6, 9, …)."""
    return number % 3 == 0


def cycle(number, binary, postgres, database_url, workdir, account):
    down = stops_while_down(number)
    server = Server(binary, database_url, workdir)
    try:
        if account.get("token") is None:
            credentials = {"username": "restarter", "password": "restart correct horse battery"}
            status, payload, _ = call(server.port, "POST", "/api/v1/users", credentials)
            if status != 201:
                raise Failure(f"sign-up answered {status}: {payload!r}")
            status, payload, _ = call(server.port, "POST", "/api/v1/tokens", dict(credentials, name="lifecycle"))
            account["token"] = json.loads(payload)["token"]
            status, payload, _ = call(server.port, "GET", "/api/v1/daily?date=2024-03-15")
            account["codes"] = [entry["movieCode"] for entry in json.loads(payload)["entries"]][:5]
        load = Load(server.port, account["token"], number, account["codes"])
        load.start()
        # Every writer acknowledged once: the load is on.
        wait_for(lambda: min(load.snapshot()[0]) >= 1 or load.snapshot()[2], "a first write from every writer")
        before, failures_before, _ = load.snapshot()
        postgres.run("kill")
        # The database is away: some request has failed (a 503 or a cut connection) before it comes back.
        wait_for(lambda: load.snapshot()[1] > failures_before or load.snapshot()[2], "a failure while PostgreSQL is down")
        if down:
            # SIGTERM with the database still away: the requests in flight are answered (503 at worst) and the
            # process exits in time; PostgreSQL comes back only after, for the check below and the next cycle.
            load.stopping.set()
            try:
                status, seconds = server.stop()
            finally:
                load.finish()
                postgres.run("start")
        else:
            postgres.run("start")
            # Every writer acknowledged again after the restart.
            wait_for(lambda: all(after > was for after, was in zip(load.snapshot()[0], before)) or load.snapshot()[2],
                     "a write from every writer after the restart")
            # No new requests from here; those in flight must still be answered.
            load.stopping.set()
            status, seconds = server.stop()
            load.finish()
        acks, failures, problems = load.snapshot()
        if problems:
            warnings = [line for line in server.output().splitlines() if "deadline" in line or "error" in line]
            raise Failure("; ".join(problems[:5]) + "\nthe server's warnings:\n" + "\n".join(warnings[-20:]))
        if status != 0:
            raise Failure(f"the server exited with status {status}:\n" + server.output()[-4000:])
        rows = postgres.psql(f"SELECT memo, count(*) FROM diary_notes WHERE memo LIKE 'c{number}-%' GROUP BY memo")
        stored = {memo: int(count) for memo, count in rows}
        missing = [key for key in load.acknowledged if key not in stored]
        doubled = [memo for memo, count in stored.items() if count != 1]
        if missing or doubled:
            raise Failure(f"acknowledged but missing: {missing[:5]}; stored more than once: {doubled[:5]}")
        print(f"cycle {number}{' (SIGTERM while PostgreSQL is down)' if down else ''}: {sum(acks)} notes acknowledged "
              f"({len(stored)} stored), {failures} failed requests (503 or cut off) retried, exit 0 in {seconds:.2f} s",
              flush=True)
    finally:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build", "debug", "boxoffice"))
    parser.add_argument("--cycles", type=int, default=20)
    arguments = parser.parse_args()
    if not os.access(arguments.binary, os.X_OK):
        sys.exit(f"restart_under_load: {arguments.binary} not found; run swift build first")
    workdir = tempfile.mkdtemp(prefix="boxoffice-lifecycle-")
    if os.geteuid() == 0:
        shutil.chown(workdir, "postgres")  # the cluster's directory lives inside and belongs to postgres
    postgres = Postgres(os.path.join(workdir, "pg"))
    try:
        url = postgres.run("start")
        account = {}
        for number in range(1, arguments.cycles + 1):
            cycle(number, os.path.abspath(arguments.binary), postgres, url, workdir, account)
        print(f"restart_under_load: {arguments.cycles} cycles passed")
    except Failure as failure:
        sys.exit(f"restart_under_load: FAILED: {failure}")
    finally:
        try:
            postgres.run("stop")
        except Failure:
            pass
        if not os.environ.get("RUL_KEEP"):
            shutil.rmtree(workdir, ignore_errors=True)
        else:
            print("kept", workdir)


if __name__ == "__main__":
    main()
