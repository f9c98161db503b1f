"""Checks the feeds the real server serves with real parsers: feedparser (Atom) and icalendar (RFC 5545).

Usage: python3 Tests/feeds/validate.py http://127.0.0.1:PORT/
Stores a few charts by reading chart pages, then fetches /feeds/daily.atom and /feeds/weekly.atom (in both
languages); signs up through the pages, makes a secret address on /account/feeds and fetches the person's
alerts.atom and calendar.ics from it. Fails on any parse error ("bozo"), a missing required element, or an id
that changes between two requests.
"""

import datetime
import json
import http.cookiejar
import re
import sys
import urllib.parse
import urllib.request

import feedparser
import icalendar

base = sys.argv[1].rstrip("/")
jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))


def fetch(path, data=None, expect=200):
    request = urllib.request.Request(base + path, data=data, headers={"Accept-Language": "en"})
    try:
        with opener.open(request, timeout=60) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        if error.code != expect:
            sys.exit(f"{path}: HTTP {error.code}")
        return error.code, error.headers, error.read()


def check_atom(path, minimum_entries):
    status, headers, body = fetch(path)
    content_type = headers.get("Content-Type", "")
    if content_type != "application/atom+xml; charset=utf-8":
        sys.exit(f"{path}: Content-Type {content_type!r}")
    feed = feedparser.parse(body)
    if feed.bozo:
        sys.exit(f"{path}: not a valid feed: {feed.bozo_exception}")
    if feed.version != "atom10":
        sys.exit(f"{path}: version {feed.version!r}, not Atom 1.0")
    for field in ("id", "title", "updated"):
        if not feed.feed.get(field):
            sys.exit(f"{path}: the feed has no {field}")
    if not any(link.get("rel") == "self" for link in feed.feed.get("links", [])):
        sys.exit(f"{path}: no link rel=self")
    if len(feed.entries) < minimum_entries:
        sys.exit(f"{path}: {len(feed.entries)} entries, expected at least {minimum_entries}")
    for entry in feed.entries:
        for field in ("id", "title", "updated"):
            if not entry.get(field):
                sys.exit(f"{path}: an entry has no {field}")
        if not entry.id.startswith("tag:"):
            sys.exit(f"{path}: entry id {entry.id!r} is not a tag: URI")
    again = feedparser.parse(fetch(path)[2])
    if [e.id for e in again.entries] != [e.id for e in feed.entries]:
        sys.exit(f"{path}: entry ids changed between two requests")
    print(f"feeds: {path} is valid Atom 1.0 ({len(feed.entries)} entries)")
    return feed


# Chart pages store the charts the feeds list (feeds themselves never fetch).
yesterday = datetime.date.today() - datetime.timedelta(days=1)
for back in range(3):
    fetch(f"/daily?date={(yesterday - datetime.timedelta(days=back)).isoformat()}")
fetch("/weekly")
daily = check_atom("/feeds/daily.atom", 2)
english = check_atom("/feeds/daily.atom?lang=en", 2)
if [e.id for e in daily.entries] != [e.id for e in english.entries]:
    sys.exit("/feeds/daily.atom: ids differ by language")
check_atom("/feeds/weekly.atom", 1)


def csrf(html):
    match = re.search(r'name="csrf" value="([^"]+)"', html)
    if not match:
        sys.exit("no CSRF token on the page")
    return match.group(1)


def post_form(path, fields):
    return fetch(path, urllib.parse.urlencode(fields).encode())


signup = fetch("/signup")[2].decode()
post_form("/signup", {"csrf": csrf(signup), "username": "feedcheck", "password": "correct horse battery",
                      "passwordConfirm": "correct horse battery"})
# A note with characters the calendar must escape, so the calendar has an event to check.
def api_post(path, body, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, method="POST", headers=headers, data=json.dumps(body).encode())
    with opener.open(request, timeout=60) as response:
        return json.loads(response.read())


login = api_post("/api/v1/tokens", {"username": "feedcheck", "password": "correct horse battery"})
chart = json.loads(fetch(f"/api/v1/daily?date={yesterday.isoformat()}")[2])
api_post("/api/v1/notes", {"movieCode": chart["entries"][0]["movieCode"], "watchedOn": yesterday.isoformat(),
                           "memo": "a; b, c"}, token=login["token"])
page = fetch("/account/feeds")[2].decode()
made = post_form("/account/feeds/rotate", {"csrf": csrf(page)})[2].decode()
match = re.search(r"/feeds/u/(bf_[A-Za-z0-9_-]{43})/calendar\.ics", made)
if not match:
    sys.exit("/account/feeds/rotate: no address shown")
secret = match.group(1)

alerts = check_atom(f"/feeds/u/{secret}/alerts.atom", 0)
status, headers, body = fetch(f"/feeds/u/{secret}/calendar.ics")
if not headers.get("Content-Type", "").startswith("text/calendar"):
    sys.exit(f"calendar.ics: Content-Type {headers.get('Content-Type')!r}")
if b"\n" in body.replace(b"\r\n", b""):
    sys.exit("calendar.ics: a line ends without CRLF")
if any(len(line) > 75 for line in body.split(b"\r\n")):
    sys.exit("calendar.ics: a line is longer than 75 octets")
calendar = icalendar.Calendar.from_ical(body)
for field in ("PRODID", "VERSION"):
    if field not in calendar:
        sys.exit(f"calendar.ics: no {field}")
for event in calendar.walk("VEVENT"):
    for field in ("UID", "DTSTAMP", "DTSTART", "SUMMARY"):
        if field not in event:
            sys.exit(f"calendar.ics: an event has no {field}")
if len(calendar.walk("VEVENT")) < 1:
    sys.exit("calendar.ics: the watched day is missing")
print(f"feeds: calendar.ics is valid iCalendar ({len(calendar.walk('VEVENT'))} events)")

post_form("/account/feeds/rotate", {"csrf": csrf(fetch("/account/feeds")[2].decode())})
status = fetch(f"/feeds/u/{secret}/calendar.ics", expect=404)[0]
if status != 404:
    sys.exit("a rotated address still answers")
print("feeds: a rotated address answers 404")
