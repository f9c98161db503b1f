#!/usr/bin/env python3
"""Boundary fuzzer: every route of a real `boxoffice serve`, pages and API alike, with boundary values.

Starts the built binary in sample mode on a free loopback port over a fresh SQLite file (the keeper off, then one
short pass with the keeper at its default), signs up an account (an API token and a page session with its CSRF
token, made an administrator through `boxoffice admin grant`), and sends every parameter of every route the values
that sit at or past an edge: dates and months past year 9999, impossible days, integers at and past Int64's bounds,
empty and 10,000-character values, invalid percent-encoding, NUL, repeated parameters, non-ASCII text. Requests go
anonymously and signed in, with `Accept-Language: ko` and `en` in turn.

After every request: no 5xx; the answer is an HTML page whose `<html lang>` is the reader's language, a JSON error
`{"error":{"message":…}}` in the reader's language, a redirect, or (2xx only) the route's own kind of document.
After every route: `/health` answers 200 (the process is alive). Exits 1 on any failure and prints the requests
that failed.

Routes are discovered, not listed by hand: the API's from `Sources/BoxOfficeWeb/Resources/openapi.json` (with its
parameters and JSON bodies), the pages' from the `get(…)`/`post(…)` registrations in `Sources/BoxOfficeWeb`. The
tables below only say what kind of value each page parameter takes; a page route or a query parameter name found in
the sources but missing from them fails the run, so a new route cannot escape the fuzzer.

Usage: Tests/fuzz/boundary.py [path/to/boxoffice] [--postgres ADMIN_URL]   (standard library only; takes seconds)

With `--postgres` it runs on PostgreSQL instead, on a fresh database made (and dropped) through that admin URL: one
pass, signed in, every route with the values that reach the database (each kind's, a long value, NUL), so they meet
PostgreSQL's own encoders and types (PostgresNIO trapped on a forged cursor's instant; PostgreSQL refuses NUL in text
where SQLite keeps it). The values refused before any query are left to the SQLite run; scripts/test.sh runs both.
"""

import argparse
import base64
import glob
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
import tempfile
import threading
import time
import urllib.parse

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WEB = os.path.join(ROOT, "Sources", "BoxOfficeWeb")
OPENAPI = os.path.join(WEB, "Resources", "openapi.json")

# --- values -------------------------------------------------------------------------------------------------
REPEAT = object()  # the parameter twice: a valid-looking value, then a boundary one
DATES = ["0001-01-01", "9999-12-31", "10000-01-01", "2023-02-29", "2024-02-30", "0000-00-00"]
MONTHS = ["0000-00", "9999-12", "10000-01", "2024-13", "0001-01"]
YEARS = ["0", "-1", "9999", "10000", "99999999999999999999"]
INTEGERS = ["0", "-1", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
            "99999999999999999999"]
LONG = "a" * 10_000
# Already percent-encoded (sent as written): empty, very long, invalid encodings, NUL, non-ASCII (not Hangul, so
# the language check cannot be fooled by an echoed value).
GENERIC = ["", LONG, "%", "%zz", "%C3%28", "%00", "%C3%A9%F0%9F%8E%AC", REPEAT]
# On PostgreSQL (`--postgres`) only what can reach the database besides each kind's values: a long value and NUL
# (which PostgreSQL's text refuses and SQLite keeps). The rest is refused before any query, as on SQLite.
DATABASE_GENERIC = [LONG, "%00"]


def forged_cursor(seconds):
    """A note-list cursor as a client could forge it, with `seconds` as the last note's instant."""
    text = '{"s":"watchedOn","a":false,"w":"2024-03-15","c":%s,"i":"8C4A6C2E-7B7A-4C39-9B3E-1D1B5E0F0A11"}' % seconds
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


KINDS = {
    "date": DATES,
    "month": MONTHS,
    "year": YEARS,
    "int": INTEGERS,
    "text": ["9223372036854775808", "9999-12-31", "-1"],
    "lang": ["en", "ko", "xx"],
    "language": [],  # `lang` on the other routes: only the repeated parameter and a broken encoding
    "cursor": [forged_cursor("1e300"), forged_cursor("-1e300"), forged_cursor("1e11"), "x" * 5000],
}


LANG_ROUTES = {"/daily", "/charts/period", "/notes", "/movies", "/account"}


def values_for(kind):
    if kind == "language":
        return ["xx", "%C3%28", REPEAT]
    return KINDS[kind] + GENERIC


def enc(value):
    """A value for the query or path: our boundary strings percent-encoded, the deliberately broken ones as they
    are (they are spelled already encoded)."""
    if value in GENERIC:
        return value
    return urllib.parse.quote(value, safe="")


# --- page routes and the parameters they read -------------------------------------------------------------------
CHART = {"date": "date", "nation": "text", "multi": "text", "area": "int"}
NOTE_LIST = {"sort": "text", "order": "text", "year": "year", "releaseYear": "year", "rating": "text",
             "minRating": "text", "category": "text", "movie": "text", "page": "int", "perPage": "int",
             "cursor": "cursor"}
PAGES = {
    "/": {},
    "/health": {},
    "/metrics": {},
    "/daily": CHART,
    "/weekly": {**CHART, "range": "text"},
    "/charts/period": {"from": "date", "to": "date", "month": "month", "year": "year", "limit": "int"},
    "/market": {},
    "/market/years": {},
    "/market/days": {"from": "date", "to": "date", "month": "month", "year": "year"},
    "/market/holidays": {"holiday": "text"},
    "/records": {},
    "/records/milestones": {"threshold": "int", "nation": "text", "since": "year", "limit": "int"},
    "/records/totals": {"by": "text", "year": "year", "nation": "text", "since": "year", "limit": "int"},
    "/records/streaks": {"nation": "text", "since": "year", "limit": "int"},
    "/records/legs": {"year": "year", "nation": "text", "since": "year", "limit": "int"},
    "/movies": {"q": "text", "director": "text", "year": "year", "page": "int"},
    "/movies/{code}": {"vs": "text", "find": "text"},
    "/movies/{code}/trend.csv": {},
    "/movies/{code}/poster": {},
    "/feeds/daily.atom": {},
    "/feeds/weekly.atom": {},
    "/feeds/u/{secret}/alerts.atom": {},
    "/feeds/u/{secret}/calendar.ics": {},
    "/account/feeds": {"done": "text"},
    "/watchlist": {"sort": "text"},
    "/watchlist/add": {"movie": "text", "next": "text"},
    "/watchlist/marks": {"codes": "text"},
    "/watchlist/import": {},
    "/notifications": {},
    "/admin/backfill": {"done": "text"},
    "/admin/backfill/{id}": {"done": "text"},
    "/admin/backfill/{id}.json": {},
    "/account/webhooks": {"done": "text"},
    "/stats": {},
    "/stats/{year}": {},
    "/notes": {**NOTE_LIST, "done": "text"},
    "/notes/new": {"movie": "text", "chartDate": "date", "rank": "int", "q": "text"},
    "/notes/{id}": {"done": "text"},
    "/notes/{id}/edit": {},
    "/notes/{id}/delete": {},
    "/categories": {"done": "text"},
    "/categories/{id}": {},
    "/categories/{id}/delete": {},
    "/account": {"done": "text"},
    "/signup": {"next": "text"},
    "/login": {"next": "text", "done": "text"},
    "/logout": {},
    "/session": {},
    "/import-export": {"done": "text"},
    "/export": {"format": "text"},
    "/manifest.webmanifest": {},
    "/sw.js": {},
    "/offline": {},
    "/static/**": {},
}
# Path parameters: the kind of value each takes.
PATH_KINDS = {"code": "text", "secret": "text", "id": "int", "year": "year", "movieCode": "text", "**": "text"}
# The fields of each page form (besides `csrf`). /logout is sent last (it ends the session).
FORMS = {
    "/admin/keeper/pause": {}, "/admin/keeper/resume": {}, "/admin/keeper/run": {},
    "/admin/backfill": {"from": "date", "to": "date", "weekly": "text"},
    "/admin/backfill/{id}/cancel": {}, "/admin/backfill/{id}/restart": {},
    "/account/password": {"currentPassword": "text", "newPassword": "text", "newPasswordConfirm": "text"},
    "/account/delete": {"password": "text", "confirm": "text"},
    "/account/tokens": {"name": "text"},
    "/account/tokens/{id}/revoke": {},
    "/account/watchlist": {"removal": "text"},
    "/account/feeds/rotate": {}, "/account/feeds/revoke": {},
    "/account/webhooks": {"url": "text", "format": "text"},
    "/account/webhooks/{id}/test": {}, "/account/webhooks/{id}/delete": {},
    "/categories": {"name": "text"},
    "/categories/{id}/rename": {"name": "text"},
    "/categories/{id}/move": {"direction": "text"},
    "/categories/{id}/visibility": {"visible": "text"},
    "/categories/{id}/delete": {"notes": "text", "target": "text"},
    "/notes": {"movie": "text", "watchedOn": "date", "rating": "text", "chartDate": "date", "chartRank": "int",
               "category": "text", "memo": "text", "place": "text", "title": "text"},
    "/notes/{id}/edit": {"watchedOn": "date", "rating": "text", "chartRank": "int", "chartDate": "date"},
    "/notes/{id}/delete": {},
    "/watchlist": {"movieCode": "text", "next": "text"},
    "/watchlist/{movieCode}/remove": {"next": "text"},
    "/watchlist/import": {"content": "text"},
    "/import-export": {"format": "text", "content": "text"},
    "/notifications/read": {},
    "/signup": {"username": "text", "password": "text", "passwordConfirm": "text", "next": "text"},
    "/login": {"username": "text", "password": "text", "next": "text"},
    "/logout": {},
}
# Query names read somewhere that are not page query parameters (path parameters, form fields read through the
# same helper, route names that look like reads).
NOT_QUERY = {"id", "code", "secret", "movieCode", "account", "login", "logout", "signup", "session", "stats",
             "watchlist", "notifications", "offline", "movies", "export", "categories", "lang", "records", "market"}


def discover_pages():
    """(method, path) of every route registered in Sources/BoxOfficeWeb, and every query name read there."""
    routes, names = set(), set()
    for folder, _, files in os.walk(WEB):
        for name in files:
            if not name.endswith(".swift") or os.sep + "API" + os.sep in os.path.join(folder, name):
                continue
            text = open(os.path.join(folder, name), encoding="utf-8").read()
            for method, path in re.findall(r'\b(?:group|router)\.(get|post)\("([^"]+)"', text):
                routes.add((method.upper(), "/" + path.lstrip("/")))
            if "enum Page: String" in text and "case daily, weekly" in text:
                routes.update({("GET", "/daily"), ("GET", "/weekly")})
            names.update(re.findall(r'(?:nonEmpty|queryParameters\.get|\.get)\("([A-Za-z]+)"', text))
    routes = {(m, p) for m, p in routes if not p.startswith("/api/")}
    return routes, names


def discover_api():
    doc = json.load(open(OPENAPI, encoding="utf-8"))
    components = doc.get("components", {})

    def resolve(node):
        while isinstance(node, dict) and "$ref" in node:
            kind, name = node["$ref"].split("/")[-2:]
            node = components[kind][name]
        return node

    operations = []
    for path, item in doc["paths"].items():
        shared = item.get("parameters", [])
        for method, op in item.items():
            if method == "parameters":
                continue
            params = [resolve(p) for p in shared + op.get("parameters", [])]
            body = None
            content = op.get("requestBody", {}).get("content", {})
            if "application/json" in content:
                schema = resolve(content["application/json"].get("schema", {}))
                body = {name: resolve(prop) for name, prop in schema.get("properties", {}).items()}
            operations.append({"method": method.upper(), "path": path, "id": op.get("operationId"),
                               "secured": bool(op.get("security", doc.get("security"))),
                               "query": [p for p in params if p.get("in") == "query"],
                               "pathParams": [p for p in params if p.get("in") == "path"], "body": body,
                               "raw": "*/*" in content})
    return operations


def kind_of(name, schema):
    schema = schema or {}
    fmt, typ = schema.get("format"), schema.get("type")
    if name in ("month",):
        return "month"
    if fmt == "date" or name in ("date", "from", "to", "watchedOn", "chartDate") or "date" in name.lower():
        return "date"
    if "year" in name.lower():
        return "year"
    if typ in ("integer", "number"):
        return "int"
    if name in ("lang", "cursor"):
        return name
    return "text"


# --- HTTP ---------------------------------------------------------------------------------------------------
# The runtime's own refusal: every parameter the generated code could refuse is read first, by the pages' rules.
VAGUE = {"The request is not valid.", "요청이 올바르지 않습니다."}
HANGUL = re.compile("[\uac00-\ud7a3]")
WORKERS = 3  # connections at once


class ServerDied(Exception):
    """The server process exited: nothing more to send."""


class Client:
    def __init__(self, port):
        self.port = port
        self.connection = None
        self.cookies = {}
        self.count = 0

    def request(self, method, target, headers=None, body=None):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers.setdefault("Content-Length", str(len(body)))
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            try:
                self.connection.putrequest(method, target, skip_accept_encoding=True)
                for key, value in headers.items():
                    self.connection.putheader(key, value)
                self.connection.endheaders(body)
                response = self.connection.getresponse()
                data = response.read()
                self.count += 1
                for value in response.headers.get_all("Set-Cookie") or []:
                    pair = value.split(";", 1)[0]
                    if "=" in pair:
                        key, val = pair.split("=", 1)
                        if val and "Max-Age=0" not in value:
                            self.cookies[key.strip()] = val
                        else:
                            self.cookies.pop(key.strip(), None)
                if response.headers.get("Connection", "").lower() == "close":
                    self.close()
                return response.status, response.headers, data
            except (http.client.HTTPException, OSError) as error:
                self.close()
                if attempt == 1:
                    return None, None, str(error).encode()
        return None, None, b""

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


class Fuzzer:
    def __init__(self, binary, workdir, keeper, database_url=None):
        self.binary, self.workdir, self.keeper = binary, workdir, keeper
        self.database_url = database_url or f"sqlite://{workdir}/fuzz.sqlite"
        # On PostgreSQL: signed in only, every route with the values that reach the database (see DATABASE_GENERIC).
        self.database_only = database_url is not None
        self.failures = []
        self.routes = set()
        self.public = set()  # page routes that answered without a session
        self.local = threading.local()
        self.main = None
        self.dead = False
        self.counted = 0
        self.lock = threading.Lock()
        self.flip = 0
        self.server = None

    @property
    def client(self):
        """This thread's connection (each worker of ``parallel`` has its own), else the main one."""
        return getattr(self.local, "client", None) or self.main

    @client.setter
    def client(self, value):
        self.main = value

    @property
    def count(self):
        return self.counted + (self.main.count if self.main else 0)

    def parallel(self, items, work):
        """Runs `work` on each item on WORKERS connections at once (the server answers in a few ms; most of the
        time is its work, so two or three connections keep both cores busy). False once the process is gone."""
        cookies = dict(self.main.cookies)

        def run(chunk):
            client = self.local.client = Client(self.main.port)
            client.cookies = dict(cookies)
            try:
                for item in chunk:
                    if self.dead:
                        return
                    work(item)
            finally:
                client.close()
                with self.lock:
                    self.counted += client.count
                self.local.client = None

        with ThreadPoolExecutor(WORKERS) as pool:
            list(pool.map(run, [items[index::WORKERS] for index in range(WORKERS)]))
        return not self.dead

    # server
    def start(self):
        env = {k: v for k, v in os.environ.items()
               if k not in ("KOBIS_API_KEY", "KOBIS_BASE_URL", "TMDB_API_KEY", "KAKAO_REST_API_KEY", "PORT",
                            "BOXOFFICE_HOSTNAME", "BOXOFFICE_KEEPER")}
        env.update(DATABASE_URL=self.database_url, BOXOFFICE_BCRYPT_COST="4", LOG_LEVEL="info")
        if not self.keeper:
            env["BOXOFFICE_KEEPER"] = "off"
        self.env = env
        self.log = open(os.path.join(self.workdir, "server.out"), "wb")
        self.server = subprocess.Popen([self.binary, "serve", "--hostname", "127.0.0.1", "--port", "0"], env=env,
                                       stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            text = open(os.path.join(self.workdir, "server.out"), encoding="utf-8", errors="replace").read()
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", text)
            if found:
                self.client = Client(int(found.group(1)))
                return
            if self.server.poll() is not None:
                break
            time.sleep(0.1)
        sys.stderr.write(open(os.path.join(self.workdir, "server.out"), errors="replace").read())
        raise SystemExit("boundary fuzz: the server did not start")

    def stop(self):
        if self.server and self.server.poll() is None:
            self.server.terminate()
            try:
                self.server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.server.kill()
        self.log.close()

    def server_tail(self):
        """The crash report's reason and first frames when there is one, else the log's last lines."""
        text = open(os.path.join(self.workdir, "server.out"), encoding="utf-8", errors="replace").read()
        lines = [line for line in text.splitlines() if not line.endswith("] request")]
        reasons = [line for line in lines if re.search(r"Fatal error|crashed|runtime failure|^\d+ .* in \S+", line)]
        return "\n".join(reasons[:14] or lines[-25:])

    # checks
    def language(self):
        self.flip += 1
        return "en" if self.flip % 2 else "ko"

    def send(self, route, method, target, headers=None, body=None, expect_language=True, auth=None):
        language = self.language()
        headers = {"Accept-Language": language, **(headers or {})}
        if auth:
            headers["Authorization"] = "Bearer " + auth
        self.routes.add(route)
        status, response_headers, data = self.client.request(method, target, headers, body)
        # A single valid `lang` in the query outranks Accept-Language, on pages and in API messages alike.
        asked = urllib.parse.parse_qs(urllib.parse.urlsplit(target).query).get("lang", [])
        expected = asked[0] if len(asked) == 1 and asked[0] in ("en", "ko") else language
        problem = self.judge(status, response_headers, data,
                             expected if expect_language or expected != language else None)
        if problem:
            shown = target if len(target) < 300 else target[:300] + f"…({len(target)} chars)"
            self.failures.append(f"{method} {shown} [Accept-Language: {language}"
                                 f"{', signed in' if auth or self.client.cookies else ''}]: {problem}")
            if status is None:
                time.sleep(0.2)
                if self.server.poll() is not None:
                    self.dead = True
                    self.failures.append(f"the process exited ({self.server.returncode}) on that request; its log "
                                         f"ends:\n{self.server_tail()}")
                    raise ServerDied()
        return status, response_headers, data

    def judge(self, status, headers, data, language):
        if status is None:
            return "no answer (" + data.decode(errors="replace") + ")"
        if status >= 500:
            return f"status {status}: {data[:200]!r}"
        kind = (headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if 300 <= status < 400 or status == 204 or status == 304:
            return None
        if kind == "text/html":
            found = re.search(rb'<html[^>]*\blang="([^"]*)"', data)
            if not found:
                return f"status {status}: an HTML answer without <html lang>"
            if language and found.group(1).decode() != language:
                return f"status {status}: a page in {found.group(1).decode()!r}, not the reader's {language!r}"
            return None
        if kind in ("application/json", "application/problem+json"):
            try:
                parsed = json.loads(data)
            except ValueError:
                return f"status {status}: JSON that does not parse"
            if status < 400:
                return None
            message = parsed.get("error", {}).get("message") if isinstance(parsed, dict) else None
            if not isinstance(message, str) or not message:
                return f"status {status}: a JSON error without error.message: {data[:200]!r}"
            if status == 400 and message in VAGUE:
                return f"status 400: a refusal that does not say what is wrong: {message!r}"
            if language == "ko" and not HANGUL.search(message):
                return f"status {status}: the error is not in Korean: {message[:160]!r}"
            if language == "en" and HANGUL.search(message):
                return f"status {status}: the error is not in English: {message[:160]!r}"
            return None
        if status < 400:
            return None  # a feed, a calendar, CSV, a script, an image, the health text: the route's own kind
        return f"status {status}: a {kind or 'typeless'} error answer, neither a page nor a JSON error"

    def alive(self, route):
        status, _, _ = self.client.request("GET", "/health")
        if self.server.poll() is not None or status != 200:
            self.dead = True
            self.failures.append(f"after {route}: the process is gone (health: {status})\n{self.server_tail()}")
            return False
        return True

    # set-up
    def sign_in(self):
        credentials = {"username": "boundary", "password": "boundary correct horse battery"}
        headers = {"Content-Type": "application/json", "Accept-Language": "en"}
        self.client.request("POST", "/api/v1/users", headers, json.dumps(credentials).encode())
        status, _, data = self.client.request("POST", "/api/v1/tokens", headers,
                                              json.dumps({**credentials, "name": "fuzz"}).encode())
        if status != 201 and status != 200:
            raise SystemExit(f"boundary fuzz: no token ({status}): {data[:300]!r}")
        self.token = json.loads(data)["token"]
        subprocess.run([self.binary, "admin", "grant", "boundary"], env=self.env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # A page session: the log-in form's pre-session CSRF token, then the session's own.
        _, _, page = self.client.request("GET", "/login")
        pre = re.search(rb'name="csrf" value="([^"]*)"', page).group(1).decode()
        form = urllib.parse.urlencode({"csrf": pre, **credentials}).encode()
        status, _, _ = self.client.request("POST", "/login", {"Content-Type": "application/x-www-form-urlencoded"},
                                           form)
        _, _, data = self.client.request("GET", "/session")
        self.csrf = json.loads(data).get("csrfToken")
        if status != 303 or not self.csrf:
            raise SystemExit(f"boundary fuzz: the page log-in failed ({status})")
        # Real things for path parameters to hit next to the junk ones.
        auth = {"Authorization": "Bearer " + self.token, "Content-Type": "application/json"}
        _, _, data = self.client.request("GET", "/api/v1/daily?date=2024-03-15", {"Accept-Language": "en"})
        self.codes = [entry["movieCode"] for entry in json.loads(data)["entries"][:2]]
        _, _, data = self.client.request("POST", "/api/v1/categories", auth, json.dumps({"name": "fuzz"}).encode())
        self.category = json.loads(data).get("id", "")
        _, _, data = self.client.request("POST", "/api/v1/notes", auth, json.dumps(
            {"movieCode": self.codes[0], "watchedOn": "2024-03-15", "rating": 3.5}).encode())
        self.note = json.loads(data).get("id", "")

    # sweeps
    def values(self, kind):
        """The values a parameter of `kind` is sent."""
        if self.database_only:
            return [] if kind == "language" else KINDS[kind] + DATABASE_GENERIC
        return values_for(kind)

    def path_values(self, name):
        real = {"code": self.codes[0], "movieCode": self.codes[0], "id": self.note, "year": "2024",
                "secret": "x" * 43, "**": "app.css"}.get(name, "x")
        return [real] + [v for v in self.values(PATH_KINDS.get(name, "text")) if v not in ("", REPEAT)]

    def targets(self, path, params, combos=(), light=False, real=True):
        """Each path parameter and each query parameter with each of its values; `light`: only the values of its
        kind (a route already swept with every value in the other pass)."""
        holes = re.findall(r"\{(\w+)\}|(\*\*)", path)
        holes = [a or b for a, b in holes]

        def fill(overrides):
            out = path
            for hole in holes:
                value = overrides.get(hole, self.path_values(hole)[0 if real else 1])
                out = out.replace("{" + hole + "}" if hole != "**" else "**", enc(value), 1)
            return out

        base = fill({})
        yield base
        for hole in holes:
            for value in self.path_values(hole)[1:]:
                yield fill({hole: value})
        for name, kind in params.items():
            for value in (KINDS[kind] if light else self.values(kind)):
                if value is REPEAT:
                    yield f"{base}?{name}=1&{name}={enc((KINDS[kind] or ['xx'])[0])}"
                else:
                    yield f"{base}?{name}={enc(value)}"
        for combo in combos:
            yield f"{base}?{combo}"

    def sweep_pages(self, pages, signed_in):
        """Every GET route with every value. Signed out, a route that sends the reader to log in is tried with a
        few values only (it reads nothing before that); signed in, a public route already swept signed out gets
        the values of each parameter's kind only."""
        combos = {"/charts/period": [f"from={a}&to={b}" for a in DATES[:3] for b in DATES[:3]]
                  + ["month=9999-12&year=9999", "from=2024-01-01", "to=9999-12-31", "limit=0&month=9999-12"]}
        def one(path):
            # `lang` is read by one function for every page: every value on a few routes, its own values elsewhere.
            params = {**pages[path], "lang": "lang" if path in LANG_ROUTES else "language"}
            route = "GET " + path
            light = signed_in and path in self.public
            targets = self.targets(path, params, combos.get(path, ()), light=light)
            status, headers, _ = self.send(route, "GET", next(targets))
            if not signed_in:
                location = (headers.get("Location") or "") if headers else ""
                if status in (401, 403) or (status in (302, 303) and location.startswith("/login")):
                    targets = list(targets)[:2]
                else:
                    with self.lock:
                        self.public.add(path)
            for target in targets:
                self.send(route, "GET", target, expect_language="lang=" not in target)
            self.alive(route)

        return self.parallel(sorted(pages), one)

    def sweep_forms(self):
        """Every page form, signed in with the session's CSRF token, each field with each value; /logout last."""
        def one(path):
            route = "POST " + path
            holes = [a or b for a, b in re.findall(r"\{(\w+)\}|(\*\*)", path)]
            fill = path
            for hole in holes:
                fill = fill.replace("{" + hole + "}", enc(self.path_values(hole)[1]))
            bodies = [""]
            for name, kind in FORMS[path].items():
                for value in self.values(kind):
                    bodies.append(f"{name}=1&{name}={enc(KINDS[kind][0])}" if value is REPEAT
                                  else f"{name}={enc(value)}")
            for body in bodies:
                text = "csrf=" + urllib.parse.quote(self.csrf) + ("&" + body if body else "")
                self.send(route, "POST", fill, {"Content-Type": "application/x-www-form-urlencoded"},
                          text.encode())
            self.alive(route)

        return self.parallel(sorted(p for p in FORMS if p != "/logout"), one) and self.parallel(["/logout"], one)

    def sweep_api(self, operations, token):
        """Every operation: signed out, a secured one with a few values (it answers 401 before reading anything);
        signed in, a public one with the values of each parameter's kind only (the signed-out pass sent them all).
        Webhook URLs are only ever junk that is not a URL, so the SSRF check never resolves a name off this host."""
        def one(op):
            route = f"{op['method']} {op['path']}"
            light = bool(token) and not op["secured"] and not self.database_only
            if not token and op["secured"]:
                target = next(self.targets(op["path"].replace("{", "").replace("}", ""), {}))
                for suffix in ("", "?x=%zz"):
                    self.send(route, op["method"], target + suffix, {"Content-Length": "0"}, b"")
                self.alive(route)
                return
            params = {p["name"]: kind_of(p["name"], p.get("schema")) for p in op["query"]}
            path = op["path"]
            for p in op["pathParams"]:
                path = path.replace("{" + p["name"] + "}", "{" + ("id" if p["name"] == "id" else
                                                                  "code" if "ode" in p["name"] else "x") + "}")
            if op["method"] in ("GET", "DELETE"):
                # A DELETE never names the real note or category (the other routes still need them).
                for target in self.targets(path, params, light=light, real=op["method"] == "GET"):
                    self.send(route, op["method"], target, auth=token)
            elif op["body"] is not None:
                target = next(self.targets(path, {}))
                bodies = [b"", b"{", b"[]", b"null", json.dumps({"x": LONG}).encode()]
                for name, schema in op["body"].items():
                    kind = kind_of(name, schema)
                    for value in KINDS[kind] + ([] if light else ["", LONG, "\u0000", "é🎬"]):
                        bodies.append(json.dumps({name: value}).encode())
                        if kind in ("int",) or schema.get("type") in ("number", "integer"):
                            bodies.append(b'{"' + name.encode() + b'":' + value.encode() + b"}"
                                          if re.fullmatch(r"-?\d+(e\d+)?", value) else b"{}")
                for body in bodies:
                    self.send(route, op["method"], target, {"Content-Type": "application/json"}, body, auth=token)
            elif op["raw"]:
                for target in self.targets(path, params):
                    self.send(route, op["method"], target, {"Content-Type": "text/csv"}, b"a,b\n", auth=token)
            else:
                for target in self.targets(path, params):
                    self.send(route, op["method"], target, {"Content-Length": "0"}, b"", auth=token)
            self.alive(route)

        return self.parallel(operations, one)


def check_tables(pages, names, operations):
    problems = []
    for method, path in sorted(pages):
        if method == "GET" and path not in PAGES:
            problems.append(f"GET {path} is registered but has no entry in PAGES (say which parameters it reads)")
        if method == "POST" and path not in FORMS:
            problems.append(f"POST {path} is registered but has no entry in FORMS (say which fields it reads)")
    known = {n for params in PAGES.values() for n in params} | {n for f in FORMS.values() for n in f}
    known |= {p["name"] for op in operations for p in op["query"] + op["pathParams"]} | NOT_QUERY
    for name in sorted(names - known):
        problems.append(f"the sources read a parameter {name!r} that no table names a route for")
    return problems


class FreshPostgres:
    """A fresh database for each pass on the PostgreSQL server an admin URL names, dropped afterwards."""

    def __init__(self, admin_url):
        self.admin_url = admin_url
        candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/psql")) or [shutil.which("psql")]
        if not candidates[-1]:
            raise SystemExit("boundary fuzz: psql not found (needed to create the PostgreSQL database)")
        self.psql = candidates[-1]

    def run(self, statement):
        result = subprocess.run([self.psql, self.admin_url, "-q", "-v", "ON_ERROR_STOP=1", "-c", statement],
                                capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise SystemExit(f"boundary fuzz: psql failed: {result.stderr.strip()}")

    def create(self):
        """A new database's name and URL."""
        name = f"boundary_fuzz_{os.getpid()}_{time.monotonic_ns()}"
        self.run(f'CREATE DATABASE "{name}"')
        return name, urllib.parse.urlsplit(self.admin_url)._replace(path="/" + name).geturl()

    def drop(self, name):
        self.run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary", nargs="?", default=os.path.join(ROOT, ".build", "debug", "boxoffice"))
    parser.add_argument("--postgres", metavar="ADMIN_URL",
                        help="run on PostgreSQL, on a fresh database made through this admin URL")
    arguments = parser.parse_args()
    binary = arguments.binary
    if not os.access(binary, os.X_OK):
        raise SystemExit(f"boundary fuzz: {binary} not found; run swift build first")
    postgres = FreshPostgres(arguments.postgres) if arguments.postgres else None
    pages, names = discover_pages()
    operations = discover_api()
    problems = check_tables(pages, names, operations)
    if problems:
        print("\n".join("boundary fuzz: " + p for p in problems), file=sys.stderr)
        return 1
    started = time.monotonic()
    total_requests, failures, routes = 0, [], set()
    # On PostgreSQL one pass, the keeper off: the keeper's pass tries the archive's states, the same on both.
    for keeper in (False,) if postgres else (False, True):
        workdir = tempfile.mkdtemp(prefix="boxoffice-boundary-")
        database, database_url = postgres.create() if postgres else (None, None)
        fuzzer = Fuzzer(binary, workdir, keeper, database_url)
        try:
            fuzzer.start()
            fuzzer.sign_in()
            session = dict(fuzzer.client.cookies)
            if keeper:
                # The keeper's pass: the archive's routes only (the ones its state changes), signed out.
                fuzzer.client.cookies = {}
                ok = fuzzer.sweep_pages({p: PAGES[p] for p in ("/charts/period", "/movies/{code}/trend.csv")}, False)
                ok = ok and fuzzer.sweep_api([o for o in operations if "/charts/period" in o["path"]], None)
            else:
                ok = True
                if not postgres:
                    fuzzer.client.cookies = {}
                    ok = fuzzer.sweep_pages(PAGES, False) and fuzzer.sweep_api(operations, None)
                if ok:
                    fuzzer.client.cookies = session
                    ok = fuzzer.sweep_pages(PAGES, True) and fuzzer.sweep_api(operations, fuzzer.token)
                    ok = ok and fuzzer.sweep_forms()
        except ServerDied:
            ok = False
        finally:
            fuzzer.stop()
            total_requests += fuzzer.count
            failures += [("keeper on: " if keeper else "") + f for f in fuzzer.failures]
            routes |= fuzzer.routes
            shutil.rmtree(workdir, ignore_errors=True)
            if database:
                postgres.drop(database)
        if not ok:
            break
    seconds = time.monotonic() - started
    print(f"boundary fuzz{' on PostgreSQL' if postgres else ''}: {total_requests} requests over {len(routes)} routes,"
          f" {len(failures)} failures ({seconds:.1f} s)")
    for failure in failures[:40]:
        print("  FAILED " + failure, file=sys.stderr)
    if len(failures) > 40:
        print(f"  … and {len(failures) - 40} more", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
