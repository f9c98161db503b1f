"""Checks the real server's answers against its own /openapi.json with openapi-core, a strict OpenAPI 3.0 validator.

Schemathesis (Tests/fuzz) reads `nullable` loosely; openapi-core does not: a `null` where the document allows it only
through `nullable` beside `allOf`, or an enum without `null`, fails here. The tour signs up, writes notes with and
without their optional fields, reads statistics with and without a year in review, the watchlist, the public charts,
films, records and market, and some refusals, and validates every answer (status, headers' types, body).
Usage: python responses.py BASE_URL (scripts/test.sh runs it from Tests/openapi/validate.sh in a venv of its own).
"""

from __future__ import annotations

import json
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

from openapi_core import OpenAPI
from openapi_core.testing import MockRequest, MockResponse

PASSWORD = "correct horse battery"


def main(base: str) -> int:
    base = base.rstrip("/")
    with urllib.request.urlopen(base + "/openapi.json", timeout=30) as response:
        api = OpenAPI.from_dict(json.load(response))
    problems: list[str] = []
    checked = 0

    def call(method: str, path: str, body: object | None = None, token: str | None = None) -> object | None:
        nonlocal checked
        headers = {"Accept-Language": "en"}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                status, raw, content_type = answer.status, answer.read(), answer.headers.get("Content-Type", "")
        except urllib.error.HTTPError as error:
            status, raw, content_type = error.code, error.read(), error.headers.get("Content-Type", "")
        route, _, query = path.partition("?")
        mock = MockRequest(base, method.lower(), route, args=dict(urllib.parse.parse_qsl(query)) or None)
        mock.headers = {"Authorization": "Bearer token"} if token else {}
        try:
            api.validate_response(mock, MockResponse(raw, status_code=status, content_type=content_type.split(";")[0]))
        except Exception as error:  # the validator's own error types differ by version; each names what failed
            cause = error.__cause__
            reasons = [e.message for e in getattr(cause, "schema_errors", None) or []] or [str(cause or error)]
            problems.append(f"{method} {path} → {status}: {'; '.join(reasons)[:600]}")
        checked += 1
        return json.loads(raw) if raw and "json" in content_type else None

    username = f"openapi{int(time.time() * 1000) % 10**9}"
    call("POST", "/api/v1/users", {"username": username, "password": PASSWORD})
    created = call("POST", "/api/v1/tokens", {"username": username, "password": PASSWORD})
    token = created["token"] if isinstance(created, dict) else None
    if not token:
        print(f"openapi responses: no token for {username}: {created}", file=sys.stderr)
        return 1

    category = call("POST", "/api/v1/categories", {"name": "극장"}, token)
    bare = call("POST", "/api/v1/notes", {"movieCode": "20231520", "watchedOn": "2024-03-01"}, token)
    full = call("POST", "/api/v1/notes", {
        "movieCode": "20231520", "watchedOn": "2024-03-02", "memo": "다시 봄", "rating": 4.5, "place": "cinema",
        "chartDate": "2024-03-01", "chartRank": 2,
        "categoryId": category.get("id") if isinstance(category, dict) else None}, token)
    for note in (bare, full):
        if isinstance(note, dict) and "id" in note:
            call("GET", f"/api/v1/notes/{note['id']}", token=token)
    if isinstance(full, dict) and "id" in full:
        call("PATCH", f"/api/v1/notes/{full['id']}", {"place": None, "chartDate": None, "rating": None}, token)
    for path in ("/api/v1/notes", "/api/v1/notes?perPage=1", "/api/v1/categories", "/api/v1/stats",
                 "/api/v1/stats?year=2024", "/api/v1/stats?year=2023", "/api/v1/notifications",
                 "/api/v1/notifications?unread=true", "/api/v1/webhooks"):
        call("GET", path, token=token)
    call("POST", "/api/v1/watchlist", {"movieCode": "20231520"}, token)
    call("GET", "/api/v1/watchlist", token=token)
    call("DELETE", "/api/v1/watchlist/20231520", token=token)
    call("GET", "/api/v1/notes/00000000-0000-0000-0000-000000000000", token=token)
    call("GET", "/api/v1/notes")

    # 2024-01-05's diversity chart lists a re-release the simulator gives a blank open date, as KOBIS does.
    for path in ("/api/v1/daily", "/api/v1/weekly", "/api/v1/weekly?weekGb=0", "/api/v1/daily?nation=K",
                 "/api/v1/daily?date=2024-01-05&multi=Y",
                 "/api/v1/daily?date=2099-01-01", "/api/v1/movies/20231520", "/api/v1/movies/20231520/run",
                 "/api/v1/movies/99999999", "/api/v1/movies?q=%EC%9D%98", "/api/v1/charts/period?year=2025",
                 "/api/v1/records/milestones?threshold=1000000", "/api/v1/records/totals", "/api/v1/records/streaks",
                 "/api/v1/records/legs", "/api/v1/records/totals?limit=0", "/api/v1/market/years",
                 "/api/v1/market/days?month=2025-09", "/api/v1/market/holidays?holiday=chuseok",
                 "/api/v1/archive/status"):
        call("GET", path)

    if problems:
        print(f"openapi responses: {len(problems)} of {checked} answers break the document:", file=sys.stderr)
        for problem in problems:
            print("  " + problem, file=sys.stderr)
        return 1
    print(f"openapi responses: {checked} answers match the document (openapi-core, strict OpenAPI 3.0)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
