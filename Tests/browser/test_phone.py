"""The phone app (issue 16) in real headless Chromium (hooked into run.py, which owns the server and the runner).

Installable (the manifest and its icons), offline (the service worker's copies, the /offline page, notes written
with no connection sent exactly once, private copies gone after signing out), light (gzip, immutable static files,
304 with the entity tag) and accessible (axe-core finds nothing on any page, in both languages, light and dark,
phone and desktop). The network is cut with CDP's Network.emulateNetworkConditions in the page and in the service
worker's own DevTools target (the page's emulation does not cover the worker's requests). Every wait has a
deadline.
"""

from __future__ import annotations

import json
import re
import struct
import time
import urllib.error
import urllib.parse
import urllib.request
from importlib import resources

import websocket  # websocket-client, which selenium itself depends on
from selenium.webdriver.common.action_chains import ActionChains

PASSWORD = "correct horse battery"
# axe-core 4 as PyPI's axe-playwright-python (pinned in scripts/test.sh) ships it; only its axe.min.js is used.
AXE_PACKAGE = "axe_playwright_python"
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
IPHONE_SAFARI = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
                 "Version/17.5 Mobile/15E148 Safari/604.1")
OFFLINE_CONSOLE = [
    re.compile(r"ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|FetchEvent"),
    re.compile(r"/sw\.js - Failed to load resource"),
]


# The offline helpers register() defines, for the other browser files (test_shared_device.py).
_HELPERS: dict = {}


def shared_helpers(r) -> dict:
    """The phone tests' helpers (network cut, app start, the device's stores); run.py registers this file first."""
    if not _HELPERS:
        raise RuntimeError("test_phone.register(r) must run before shared_helpers(r)")
    return _HELPERS


def axe_source() -> str:
    return resources.files(AXE_PACKAGE).joinpath("axe.min.js").read_text(encoding="utf-8")


_AXE: list[str] = []


def axe_violations(driver) -> list[str]:
    """axe-core 4's violations on the current page, one line each (rule, impact, count, first element); every
    browser test module audits its pages through this one."""
    if not _AXE:
        _AXE.append(axe_source())
    if not driver.execute_script("return typeof window.axe === 'object';"):
        driver.execute_script(_AXE[0])
    result = driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        axe.run(document, {resultTypes: ["violations"]})
          .then((results) => done(results.violations.map((v) => ({
            id: v.id, impact: v.impact, count: v.nodes.length,
            target: v.nodes[0] ? v.nodes[0].target.join(" ") : "",
            html: v.nodes[0] ? v.nodes[0].html.slice(0, 160) : "",
            summary: v.nodes[0] ? (v.nodes[0].failureSummary || "").slice(0, 200) : ""}))))
          .catch((error) => done([{id: "axe-error", impact: "", count: 0, target: String(error), html: "", summary: ""}]));
        """
    )
    return [f"{v['id']} ({v['impact']}, {v['count']}×) at {v['target']}: {v['html']} — {v['summary']}"
            for v in result]


def register(r) -> None:
    """Adds the phone-app tests to run.py's list; `r` is run.py's module (its helpers and `test` decorator)."""

    path_of = r.path_of

    def raw(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        """Status, headers (lower-case names) and the body as sent (urllib decompresses nothing)."""
        request = urllib.request.Request(url, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
        except urllib.error.HTTPError as error:
            return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()

    sign_up = r.sign_up

    def log_in(c, username: str) -> None:
        d = c.driver
        d.get(c.server.url("/login"))
        r.one(d, "#login-username").send_keys(username)
        r.one(d, "#login-password").send_keys(PASSWORD)
        r.one(d, "form.diary-form button[type=submit]").click()
        r.wait(d, lambda x: path_of(x) == "/notes", f"{username} logged in")

    def controlled(driver) -> bool:
        return driver.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller);")

    def precached(driver) -> bool:
        """The worker is active, controls the page and its shell cache holds /offline."""
        return driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return done(false);
            caches.keys().then((names) => {
              const shell = names.find((name) => name.startsWith("boxoffice-static-"));
              if (!shell) return done(false);
              return caches.open(shell).then((cache) => cache.match("/offline", {ignoreVary: true}))
                .then((found) => done(!!found));
            }).catch(() => done(false));
            """
        )

    def start_app(c, path: str = "/daily") -> None:
        """Opens `path` and waits until the service worker controls it with its shell saved."""
        c.driver.get(c.server.url(path))
        r.wait(c.driver, controlled, "the service worker controls the page", seconds=60)
        r.wait(c.driver, precached, "the shell is precached", seconds=60)

    worker_sessions: dict[int, list] = {}

    def worker_network(driver, offline: bool) -> None:
        """The same emulation in the service worker's own DevTools target: the page's does not reach the worker's
        requests. The emulation lasts while the connection to the target stays open, so it is kept until online."""
        sessions = worker_sessions.setdefault(id(driver), [])
        if not sessions:
            address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
            with urllib.request.urlopen(f"http://{address}/json/list", timeout=10) as response:
                targets = json.load(response)
            for target in targets:
                if target["type"] == "service_worker":
                    sessions.append(websocket.create_connection(
                        target["webSocketDebuggerUrl"], timeout=30, suppress_origin=True))
            r.check(sessions, "a service worker target to cut off")
        for connection in sessions:
            for number, (method, params) in enumerate((
                ("Network.enable", {}),
                ("Network.emulateNetworkConditions",
                 {"offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}),
            ), start=1):
                connection.send(json.dumps({"id": number, "method": method, "params": params}))
                while json.loads(connection.recv()).get("id") != number:
                    pass
        if not offline:
            for connection in sessions:
                connection.close()
            sessions.clear()

    def network(driver, offline: bool) -> None:
        """Cuts (or restores) the connection of the page and of its service worker."""
        if offline:
            worker_network(driver, True)
            r.network(driver, offline=True)
        else:
            # The worker first: the page's `online` event makes it send what waits.
            worker_network(driver, False)
            r.network(driver, offline=False)
        # The page's own view of the connection follows the emulation.
        r.wait(driver, lambda d: d.execute_script("return navigator.onLine;") is (not offline),
               f"navigator.onLine is {not offline}")

    def cache_entries(driver, prefix: str) -> list[str]:
        return driver.execute_async_script(
            """
            const [prefix, done] = [arguments[0], arguments[arguments.length - 1]];
            caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith(prefix))
              .map((n) => caches.open(n).then((cache) => cache.keys()))))
              .then((lists) => done(lists.flat().map((request) => new URL(request.url).pathname + new URL(request.url).search)))
              .catch((error) => done(["error: " + error]));
            """,
            prefix,
        )

    def waiting_notes(driver) -> int:
        return driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            const opening = indexedDB.open("boxoffice", 1);
            opening.onupgradeneeded = () => opening.result.createObjectStore("notes", {keyPath: "key"});
            opening.onsuccess = () => {
              const request = opening.result.transaction("notes").objectStore("notes").count();
              request.onsuccess = () => { opening.result.close(); done(request.result); };
              request.onerror = () => done(-1);
            };
            opening.onerror = () => done(-1);
            """
        )

    def server_notes_titled(c, title: str) -> int:
        """How many notes the server holds with `title`, read from the notes page with this browser's session."""
        session = c.driver.get_cookie("boxoffice_session")
        r.check(session is not None, "signed in")
        status, _, body = raw(c.server.url("/notes?perPage=100"), {"Cookie": f"boxoffice_session={session['value']}"})
        r.check(status == 200, f"the notes page answers {status}")
        return body.decode("utf-8").count(f">{title}</a>")

    _HELPERS.update(network=network, start_app=start_app, waiting_notes=waiting_notes, cache_entries=cache_entries,
                    log_in=log_in, server_notes_titled=server_notes_titled, controlled=controlled)

    def png_size(body: bytes) -> tuple[int, int]:
        r.check(body[:8] == b"\x89PNG\r\n\x1a\n", "a PNG file")
        return struct.unpack(">II", body[16:24])

    # ---- installable --------------------------------------------------------------------------------------------

    @r.test("phone app: the manifest parses, in the page's language, and names icons that exist")
    def manifest(c) -> None:
        d = c.driver
        for lang, name in (("ko", "박스오피스"), ("en", "Box Office")):
            d.get(c.server.url(f"/daily?lang={lang}"))
            href = r.one(d, "link[rel=manifest]").get_attribute("href")
            status, headers, body = raw(href)
            r.check(status == 200, f"{href} answers {status}")
            r.check(headers.get("content-type", "").startswith("application/manifest+json"),
                    f"manifest type {headers.get('content-type')}")
            manifest = json.loads(body)
            r.check(manifest["name"] == name and manifest["short_name"] == name, f"names in {lang}: {manifest}")
            r.check(manifest["lang"] == lang, f"lang {manifest['lang']}")
            r.check(urllib.parse.urlsplit(manifest["start_url"]).path == "/daily", f"start_url {manifest['start_url']}")
            r.check(manifest["display"] == "standalone" and manifest["scope"] == "/" and manifest["id"],
                    f"display, scope, id: {manifest}")
            r.check(re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"]) and manifest["background_color"],
                    "theme and background colours")
            purposes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
            r.check({("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes, f"icons {purposes}")
            for icon in manifest["icons"]:
                status, headers, body = raw(urllib.parse.urljoin(href, icon["src"]))
                r.check(status == 200 and headers.get("content-type") == "image/png", f"{icon['src']}: {status}")
                width, height = png_size(body)
                r.check(f"{width}x{height}" == icon["sizes"], f"{icon['src']} is {width}x{height}")
                r.check("immutable" in headers.get("cache-control", ""), f"{icon['src']}: {headers.get('cache-control')}")
            touch = r.one(d, "link[rel=apple-touch-icon]").get_attribute("href")
            status, _, body = raw(touch)
            r.check(status == 200 and png_size(body) == (180, 180), "a 180 apple-touch-icon")
            title = r.one(d, "meta[name=apple-mobile-web-app-title]").get_attribute("content")
            r.check(title == name, f"apple-mobile-web-app-title {title!r}")
            themes = {m.get_attribute("media"): m.get_attribute("content") for m in r.find(d, "meta[name=theme-color]")}
            r.check("(prefers-color-scheme: dark)" in themes and len(set(themes.values())) == 2,
                    f"light and dark theme colours: {themes}")

    @r.test("phone app: the add-to-home-screen hint shows on iOS Safari only, until closed", phone=True)
    def ios_hint(c) -> None:
        d = c.driver
        d.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": IPHONE_SAFARI, "platform": "iPhone"})
        d.get(c.server.url("/daily"))
        hint = r.one(d, "[data-ios-hint]")
        r.check(hint.is_displayed() and "홈 화면에 추가" in hint.text, f"the hint in Korean: {hint.text!r}")
        d.save_screenshot(str(r.ARTIFACTS / "phone_ios_hint.png"))
        d.get(c.server.url("/daily?lang=en"))
        hint = r.one(d, "[data-ios-hint]")
        r.check("Add to Home Screen" in hint.text, f"the hint in English: {hint.text!r}")
        close = r.one(d, "[data-ios-hint-close]")
        close.send_keys(r.Keys.ENTER)  # closed from the keyboard
        r.wait(d, lambda x: not r.find(x, "[data-ios-hint]"), "the hint is gone once closed")
        d.get(c.server.url("/weekly"))
        r.one(d, "h1")
        r.check(not r.find(d, "[data-ios-hint]"), "a closed hint stays closed")
        d.execute_script("localStorage.clear();")
        d.execute_cdp_cmd("Emulation.setUserAgentOverride", {
            "userAgent": IPHONE_SAFARI.replace("Version/17.5 Mobile/15E148 Safari/604.1", "CriOS/126.0 Mobile/15E148"),
        })
        d.get(c.server.url("/daily"))
        r.one(d, "h1")
        r.check(not r.find(d, "[data-ios-hint]"), "no hint in another iOS browser")

    # ---- offline ------------------------------------------------------------------------------------------------

    @r.test("phone app: offline, a seen chart and movie page come from the device with the notice; an unseen page shows /offline", phone=True)
    def offline_pages(c) -> None:
        d = c.driver
        c.expected_console.extend(OFFLINE_CONSOLE)
        start_app(c)
        d.get(c.server.url("/daily"))  # now through the worker, which keeps it
        first = r.rows(d)[0]
        title = first.find_element(r.By.CSS_SELECTOR, "a.movie-title").text.strip()
        movie_url = first.find_element(r.By.CSS_SELECTOR, "a.movie-title").get_attribute("href")
        d.get(movie_url)
        r.wait(d, lambda x: r.find(x, "h1.movie-title"), "the movie page opened")
        r.wait(d, lambda x: {"/daily", urllib.parse.urlsplit(movie_url).path} <= set(cache_entries(x, "boxoffice-pages-")),
               "both pages are kept on the device")

        network(d, offline=True)
        try:
            d.get(c.server.url("/daily"))
            notice = r.one(d, ".notice-offline")
            r.check(re.search(r"오프라인 — [0-9]{1,2}:[0-9]{2}", notice.text) or re.search(r"오프라인 — .*[0-9]{2}:[0-9]{2}", notice.text),
                    f"the offline notice with the time: {notice.text!r}")
            r.check(r.rows(d)[0].find_element(r.By.CSS_SELECTOR, "a.movie-title").text.strip() == title,
                    "the chart as it was seen")
            d.save_screenshot(str(r.ARTIFACTS / "phone_offline_chart.png"))
            d.get(movie_url)
            r.wait(d, lambda x: r.find(x, "h1.movie-title") and r.find(x, ".notice-offline"), "the movie page offline")
            d.get(c.server.url("/weekly?range=weekend"))
            heading = r.one(d, "h1").text
            r.check(heading == "오프라인입니다", f"an unseen page shows /offline: {heading!r}")
            d.get(c.server.url("/charts/period?lang=en"))
            heading = r.one(d, "h1").text
            r.check(heading == "You are offline", f"/offline in the page's language: {heading!r}")
            d.save_screenshot(str(r.ARTIFACTS / "phone_offline.png"))
        finally:
            network(d, offline=False)
        d.get(c.server.url("/daily"))
        r.rows(d)
        r.check(not r.find(d, ".notice-offline"), "back online, no offline notice")

    @r.test("phone app: a note written offline is saved exactly once after reconnecting, also when sent twice", phone=True)
    def offline_note(c) -> None:
        d = c.driver
        c.expected_console.extend(OFFLINE_CONSOLE)
        username = sign_up(c, "offline")
        start_app(c)
        d.get(c.server.url("/daily"))
        d.get(r.one(d, "ol.chart li.chart-row a.add-to-diary").get_attribute("href"))
        r.wait(d, lambda x: r.find(x, "form.note-form"), "the note form opened")
        r.check(controlled(d), "the form page runs under the worker")
        form_url = d.current_url

        def write(title: str) -> None:
            field = r.one(d, "#note-title")
            field.clear()
            field.send_keys(title)
            r.one(d, "#note-memo").send_keys("written underground")
            r.one(d, "form.note-form button[type=submit]").click()

        # 1. Written with no connection: kept on the device and listed as waiting; the server has nothing.
        first = f"Offline one {int(time.time())}"
        network(d, offline=True)
        try:
            write(first)
            r.wait(d, lambda x: any(first in li.text for li in r.find(x, "[data-waiting-list] li")),
                   "the note is listed as waiting")
            r.wait(d, lambda x: r.one(x, "#note-title").get_attribute("value") != first, "the form is ready again")
            r.check(waiting_notes(d) == 1, "one note kept on the device")
            d.save_screenshot(str(r.ARTIFACTS / "phone_note_waiting.png"))
            r.check(server_notes_titled(c, first) == 0, "the server has no such note yet")
        finally:
            network(d, offline=False)
        # Reconnecting sends it (the `online` event): nothing waits any more, and the server holds it once.
        r.wait(d, lambda x: waiting_notes(x) == 0 and not r.find(x, "[data-waiting-notes]"),
               "the note is sent and no longer listed", seconds=60)
        r.check(server_notes_titled(c, first) == 1, "the server holds the note once")

        # Written while online, a note goes at once and its page opens.
        d.get(form_url)
        online = f"Online {int(time.time())}"
        write(online)
        r.wait(d, lambda x: re.fullmatch(r"/notes/[0-9A-Fa-f-]{36}", path_of(x)), "the saved note opens")
        r.check(r.one(d, ".note-heading").text == online, "the note page shows the note")
        r.check(server_notes_titled(c, online) == 1, "the server holds it once")
        d.get(form_url + "&lang=en")
        write(f"{online} in English")
        r.wait(d, lambda x: re.fullmatch(r"/notes/[0-9A-Fa-f-]{36}", path_of(x)), "the English note opens")
        r.check(r.one(d, "html").get_attribute("lang") == "en", f"in the form's language: {d.current_url}")

        # 2. A reconnect that sends twice: a note kept on the device (as the form keeps it), then, at once, the
        # worker asked twice and two more posts with the note's key.
        second = f"Offline two {int(time.time())}"
        d.get(form_url)
        r.one(d, "#note-title").clear()
        r.one(d, "#note-title").send_keys(second)
        statuses = d.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            const form = document.querySelector("form.note-form");
            const fields = [];
            new FormData(form).forEach((value, name) => { if (name !== "csrf") fields.push([name, value]); });
            const note = {key: crypto.randomUUID(), fields, title: form.title.value, writtenAt: new Date().toISOString(),
              account: document.querySelector(".diary-nav").getAttribute("data-account")};
            const body = new URLSearchParams(fields);
            body.set("csrf", form.csrf.value);
            const post = () => fetch("/notes", {method: "POST", body: body.toString(), credentials: "same-origin",
              headers: {"Content-Type": "application/x-www-form-urlencoded", "Idempotency-Key": note.key}})
              .then((response) => response.status + " " + new URL(response.url).pathname);
            const opening = indexedDB.open("boxoffice", 1);
            opening.onsuccess = () => {
              const db = opening.result;
              const transaction = db.transaction("notes", "readwrite");
              transaction.objectStore("notes").put(note);
              transaction.oncomplete = () => {
                db.close();
                const worker = navigator.serviceWorker.controller;
                worker.postMessage({type: "send-notes"});
                worker.postMessage({type: "send-notes"});
                Promise.all([post(), post()]).then(done, (error) => done(["error " + error]));
              };
            };
            """
        )
        r.wait(d, lambda x: waiting_notes(x) == 0, "the worker has sent the second note", seconds=60)
        r.check(all(status.startswith("200 /notes/") for status in statuses), f"both posts land on a note: {statuses}")
        r.check(len(set(statuses)) == 1, f"every post of the same key answers with the same note: {statuses}")
        r.check(server_notes_titled(c, second) == 1, f"the server holds the second note once (posts: {statuses})")

        # 3. The session ended while offline: the note stays on the device until the reader logs in again.
        third = f"Offline three {int(time.time())}"
        d.get(form_url)
        network(d, offline=True)
        try:
            write(third)
            r.wait(d, lambda x: any(third in li.text for li in r.find(x, "[data-waiting-list] li")),
                   "the third note is waiting")
            d.delete_cookie("boxoffice_session")
        finally:
            network(d, offline=False)
        r.wait(d, lambda x: "다시 로그인" in (r.find(x, "[data-waiting-status]") or [None])[0].text,
               "the page says the note goes after logging in", seconds=60)
        r.check(waiting_notes(d) == 1, "the note is still on the device")
        log_in(c, username)
        r.wait(d, lambda x: waiting_notes(x) == 0, "sent after logging in", seconds=60)
        r.check(server_notes_titled(c, third) == 1, "the server holds the third note once")

        # 4. A kept note the server refuses (a watched date after today): listed as not saved, never sent again,
        # and discarded by the reader.
        refused = f"Refused {int(time.time())}"
        d.get(form_url)
        d.execute_async_script(
            """
            const [title, done] = [arguments[0], arguments[arguments.length - 1]];
            const form = document.querySelector("form.note-form");
            const fields = [];
            new FormData(form).forEach((value, name) => { if (name !== "csrf") fields.push([name, value]); });
            const note = {key: crypto.randomUUID(), title, writtenAt: new Date().toISOString(),
              account: document.querySelector(".diary-nav").getAttribute("data-account"),
              fields: fields.map(([name, value]) => [name, name === "watchedOn" ? "2999-01-01" :
                                                          name === "title" ? title : value])};
            const opening = indexedDB.open("boxoffice", 1);
            opening.onsuccess = () => {
              const transaction = opening.result.transaction("notes", "readwrite");
              transaction.objectStore("notes").put(note);
              transaction.oncomplete = () => {
                opening.result.close();
                navigator.serviceWorker.controller.postMessage({type: "send-notes"});
                done(true);
              };
            };
            """, refused)
        item = r.wait(d, lambda x: next((li for li in r.find(x, "[data-waiting-list] li")
                                         if refused in li.text and li.find_elements(r.By.TAG_NAME, "button")), None),
                      "the refused note is listed with a way to discard it", seconds=60)
        r.check("저장되지 않았습니다" in item.text, f"it says it was not saved: {item.text!r}")
        r.check(server_notes_titled(c, refused) == 0, "the server has no such note")
        item.find_element(r.By.TAG_NAME, "button").send_keys(r.Keys.ENTER)
        r.wait(d, lambda x: waiting_notes(x) == 0 and not r.find(x, "[data-waiting-notes]"), "discarded")

    @r.test("phone app: a new version waits until the reader agrees to reload", phone=True)
    def update(c) -> None:
        d = c.driver
        start_app(c)
        d.get(c.server.url("/daily"))
        r.rows(d)
        r.mark_page(d)
        # Another script address for the same scope is a new version to the browser (the server ignores the query).
        d.execute_script("navigator.serviceWorker.register('/sw.js?deployment=2', {scope: '/'});")
        banner = r.wait(d, lambda x: (r.find(x, "[data-update-banner]") or [None])[0], "the page offers the new version",
                        seconds=60)
        r.check("새 버전" in banner.text, f"the offer in the page's language: {banner.text!r}")
        state = d.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            navigator.serviceWorker.getRegistration().then((registration) => done([
              registration.waiting && registration.waiting.scriptURL,
              navigator.serviceWorker.controller.scriptURL]));
            """)
        r.check(state[0] and state[0].endswith("deployment=2") and not state[1].endswith("deployment=2"),
                f"the new worker waits while the old one keeps the page: {state}")
        r.check(r.page_is_marked(d), "nothing reloads by itself")
        r.rows(d)
        r.one(d, "[data-update-reload]").send_keys(r.Keys.ENTER)
        r.wait(d, lambda x: not r.page_is_marked(x), "the page reloads once the reader agrees", seconds=60)
        r.wait(d, lambda x: (x.execute_script(
            "return navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL;") or "")
            .endswith("deployment=2"), "the new version controls the page")
        r.rows(d)
        # The page registers /sw.js again as it loads, which to the browser is a version after this test's
        # ?deployment=2: that one may be offered in its turn, but never the version the reader just took.
        state = d.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            navigator.serviceWorker.getRegistration().then((registration) => done([
              registration.waiting && registration.waiting.scriptURL,
              registration.installing && registration.installing.scriptURL]));
            """)
        r.check(not any(url and url.endswith("deployment=2") for url in state),
                f"the version taken is not offered again after the reload: {state}")

    @r.test("phone app: after signing out, no private page is served from the device", phone=True)
    def private_pages(c) -> None:
        d = c.driver
        c.expected_console.extend(OFFLINE_CONSOLE)
        sign_up(c, "private")
        start_app(c, "/notes")
        status, headers, _ = raw(c.server.url("/notes"), {
            "Cookie": f"boxoffice_session={d.get_cookie('boxoffice_session')['value']}"})
        r.check(status == 200 and headers.get("cache-control") == "no-store", f"/notes is no-store: {headers}")
        r.check(re.fullmatch(r"[0-9a-f]{16}", headers.get("x-boxoffice-account", "")), f"labelled: {headers}")
        for path in ("/notes", "/stats", "/account"):
            d.get(c.server.url(path))
            r.one(d, "h1")
        r.wait(d, lambda x: {"/notes", "/stats", "/account"} <= set(cache_entries(x, "boxoffice-private-")),
               "the private pages are kept for this account")

        # Offline while signed in: the reader's own notes are readable.
        network(d, offline=True)
        try:
            d.get(c.server.url("/stats"))
            r.wait(d, lambda x: r.find(x, ".notice-offline") and path_of(x) == "/stats", "statistics offline")
        finally:
            network(d, offline=False)

        d.get(c.server.url("/notes"))
        r.one(d, "form.diary-logout button").click()
        r.wait(d, lambda x: path_of(x) == "/login", "logged out")
        r.wait(d, lambda x: not cache_entries(x, "boxoffice-private-"), "the private copies are gone")
        network(d, offline=True)
        try:
            for path in ("/notes", "/stats", "/account"):
                d.get(c.server.url(path))
                heading = r.one(d, "h1").text
                r.check(heading == "오프라인입니다", f"{path} offline after signing out shows /offline: {heading!r}")
                r.check(not r.find(d, ".diary-nav"), f"{path}: nothing of the diary")
        finally:
            network(d, offline=False)

        # Another account on the same device never sees the first one's pages.
        sign_up(c, "second")
        r.wait(d, lambda x: "/notes" in cache_entries(x, "boxoffice-private-"), "the second account's notes are kept")

    # ---- light --------------------------------------------------------------------------------------------------

    @r.test("light: gzip, immutable fingerprinted files, 304 with the entity tag, the worker never cached")
    def light(c) -> None:
        d = c.driver
        d.get(c.server.url("/daily"))
        r.rows(d)
        status, headers, body = raw(c.server.url("/daily"), {"Accept-Encoding": "gzip"})
        r.check(status == 200 and headers.get("content-encoding") == "gzip", f"/daily is gzipped: {headers}")
        r.check("accept-encoding" in headers.get("vary", "").lower(), f"Vary: {headers.get('vary')}")
        etag = headers.get("etag")
        r.check(etag, "/daily has an entity tag")
        status, _, body = raw(c.server.url("/daily"), {"Accept-Encoding": "gzip", "If-None-Match": etag})
        r.check(status == 304 and not body, f"a repeat with the tag answers 304: {status}")
        for selector, attribute in (("link[rel=stylesheet]", "href"), ("script[src]", "src")):
            url = r.one(d, selector).get_attribute(attribute)
            r.check(re.search(r"\.[0-9a-f]{12}\.(css|js)$", url), f"a fingerprinted address: {url}")
            status, headers, _ = raw(url, {"Accept-Encoding": "gzip"})
            r.check(status == 200 and headers.get("content-encoding") == "gzip", f"{url} gzipped: {headers}")
            r.check(headers.get("cache-control") == "public, max-age=31536000, immutable", f"{url}: {headers}")
        status, headers, body = raw(c.server.url("/sw.js"), {"Accept-Encoding": "gzip"})
        r.check(status == 200 and headers.get("cache-control") == "no-cache", f"/sw.js: {status} {headers}")
        r.check(headers.get("content-type", "").startswith("text/javascript"), f"/sw.js type {headers}")
        status, headers, body = raw(c.server.url("/offline?lang=en"))
        r.check(status == 200 and b"You are offline" in body, f"/offline?lang=en: {status}")

    # ---- accessible ---------------------------------------------------------------------------------------------


    def set_up_reader(c) -> dict[str, str]:
        d = c.driver
        username = sign_up(c, "axe")
        granted = r.subprocess.run(
            [str(r.BINARY), "admin", "grant", username], cwd=c.server.directory, capture_output=True, text=True,
            env={"DATABASE_URL": f"sqlite://{c.server.directory}/boxoffice.sqlite", "PATH": "/usr/bin:/bin"},
            timeout=120)
        r.check(granted.returncode == 0, f"boxoffice admin grant: {granted.stdout}{granted.stderr}")
        d.get(c.server.url("/categories"))
        r.one(d, "#category-name").send_keys("Thrillers")
        r.one(d, "#category-name").submit()
        category = r.wait(d, lambda x: r.find(x, "a.category-name"), "the category is listed")[0].get_attribute("href")
        category_delete = r.one(d, ".category-row a.button-danger").get_attribute("href")
        d.get(c.server.url("/daily"))
        d.get(r.one(d, "ol.chart li.chart-row a.add-to-diary").get_attribute("href"))
        movie = r.query_of(d)["movie"]
        r.one(d, "#note-memo").send_keys("A memo")
        r.one(d, "form.note-form button[type=submit]").click()
        r.wait(d, lambda x: re.fullmatch(r"/notes/[0-9A-Fa-f-]{36}", path_of(x)), "the note is saved")
        note = path_of(d)
        # An API token, so /account is audited with its table and the password form's box to revoke it.
        d.get(c.server.url("/account"))
        r.one(d, "#token-name").send_keys("axe script")
        r.one(d, "#token-name").submit()
        r.wait(d, lambda x: r.find(x, "input.token-secret"), "the new token is shown once")
        r.check(bool(r.find(d, 'input[type=checkbox][name="revokeTokens"]')), "the password form offers to revoke it")
        year = r.seoul_yesterday()[:4]
        def local(url: str) -> str:
            parts = urllib.parse.urlsplit(url)
            return parts.path + ("?" + parts.query if parts.query else "")

        return {"movie": movie, "note": note, "category": local(category), "categoryDelete": local(category_delete),
                "year": year}

    def audit(c, viewport: str) -> None:
        d = c.driver
        # Error pages and refused requests are reported by the console; they are what is being audited.
        c.expected_console.append(re.compile(r"Failed to load resource: the server responded with a status of 40[034]"))
        signed_out = ["/signup", "/login"]
        where = set_up_reader(c)
        pages = [
            "/daily", "/daily?view=grid", "/weekly", "/weekly?view=grid", "/weekly?range=weekend",
            f"/movies/{where['movie']}", "/movies?q=2", "/charts/period", "/nope", "/daily?date=bad", "/offline",
            "/notes", "/notes/new", "/notes/new?q=2", f"/notes/new?movie={where['movie']}", where["note"],
            f"{where['note']}/edit", f"{where['note']}/delete", "/categories", where["category"],
            where["categoryDelete"], "/stats", f"/stats/{where['year']}", "/import-export", "/account",
            "/logout", "/admin/backfill", "/watchlist", f"/watchlist/add?movie={where['movie']}", "/notifications",
            "/account/feeds", "/account/webhooks",
        ]
        failures: list[str] = []
        audited = 0
        for scheme in ("light", "dark"):
            d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                              {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for lang in ("ko", "en"):
                for path in pages:
                    url = path + ("&" if "?" in path else "?") + f"lang={lang}"
                    d.get(c.server.url(url))
                    r.one(d, "h1")
                    audited += 1
                    failures += [f"{viewport}/{scheme}/{lang} {path}: {v}" for v in axe_violations(d)]
        # The signed-out pages, last (signing out ends the session the others need).
        d.get(c.server.url("/notes"))
        r.one(d, "form.diary-logout button").click()
        r.wait(d, lambda x: path_of(x) == "/login", "logged out")
        for scheme in ("light", "dark"):
            d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                              {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for lang in ("ko", "en"):
                for path in signed_out:
                    d.get(c.server.url(f"{path}?lang={lang}"))
                    r.one(d, "h1")
                    audited += 1
                    failures += [f"{viewport}/{scheme}/{lang} {path}: {v}" for v in axe_violations(d)]
        (r.ARTIFACTS / f"axe_{viewport}.txt").write_text("\n".join(failures) + "\n", encoding="utf-8")
        r.check(not failures, f"axe-core found {len(failures)} violations on {audited} pages:\n" + "\n".join(failures[:40]))

    @r.test("accessible: axe-core finds no violation on any page, Korean and English, light and dark, on a phone", phone=True)
    def axe_phone(c) -> None:
        audit(c, "phone")

    @r.test("accessible: axe-core finds no violation on any page, Korean and English, light and dark, on a desktop")
    def axe_desktop(c) -> None:
        audit(c, "desktop")

    @r.test("accessible: every control is reached by Tab and visibly focused; the layout switch and refresh work by keyboard")
    def keyboard(c) -> None:
        d = c.driver
        d.get(c.server.url("/daily"))
        r.rows(d)
        reached: list[str] = []
        unfocused: list[str] = []
        for _ in range(80):
            ActionChains(d).send_keys(r.Keys.TAB).perform()
            element = d.switch_to.active_element
            described = d.execute_script(
                """
                const e = arguments[0];
                if (e === document.body) return null;
                const style = getComputedStyle(e);
                const visible = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) ||
                  style.boxShadow !== "none";
                return [e.tagName.toLowerCase() + (e.className ? "." + String(e.className).split(" ")[0] : "") +
                  (e.type ? ":" + e.type : "") + (e.id ? "#" + e.id : "") +
                  (e.getAttribute("href") ? "[" + e.getAttribute("href").slice(0, 30) + "]" : ""), visible,
                  e.matches(":focus-visible"), e.type === "date" && !e.matches(":focus")];
                """, element)
            if described is None:
                break
            name, visible, focus_visible, in_picker = described
            reached.append(name)
            # A date field's last stop is its calendar button, inside the field (styled in style.css, out of reach
            # of getComputedStyle).
            if not (visible and focus_visible) and not in_picker:
                unfocused.append(name)
        r.check(len(reached) > 20, f"Tab walks through the page: {reached}")
        r.check(not unfocused, f"controls focused without a visible mark: {unfocused}")
        for wanted in ("a.view-option", "a.refresh-link", "input", "select"):
            r.check(any(name.startswith(wanted) for name in reached), f"{wanted} is reached by Tab: {reached}")

        # The list/grid switch and the refresh link, by keyboard alone.
        grid = r.one(d, "[data-view-switch] a[data-view='grid']")
        grid.send_keys(r.Keys.ENTER)
        r.wait(d, lambda x: r.one(x, "[data-chart-list]").get_attribute("data-view") == "grid", "grid by keyboard")
        r.one(d, "[data-view-switch] a[data-view='list']").send_keys(r.Keys.ENTER)
        r.wait(d, lambda x: r.one(x, "[data-chart-list]").get_attribute("data-view") == "list", "list by keyboard")
        r.mark_page(d)
        r.one(d, "[data-refresh]").send_keys(r.Keys.ENTER)
        r.wait(d, lambda x: "is-active" not in (r.one(x, "[data-loading-indicator]").get_attribute("class") or "")
               and r.one(x, "[data-loading-indicator]").text, "the chart refreshed in place (announced)")
        r.check(r.page_is_marked(d), "refreshed without reloading the page")

    @r.test("accessible: text zoomed to 200 % loses nothing on a phone", phone=True)
    def text_zoom(c) -> None:
        d = c.driver
        movie = c.server.json(f"/api/v1/daily?date={r.seoul_yesterday()}")["entries"][0]["movieCode"]
        for path in ("/daily", "/daily?view=grid", "/weekly", f"/movies/{movie}", "/charts/period", "/signup",
                     "/daily?lang=en", "/offline"):
            d.get(c.server.url(path))
            r.one(d, "h1")
            d.execute_script("document.documentElement.style.fontSize = '200%';")
            overflow = d.execute_script(
                """
                const root = document.documentElement;
                const clipped = [...document.querySelectorAll("main *, header *")].filter((e) => {
                  const style = getComputedStyle(e);
                  if (style.overflow === "visible" || e.classList.contains("visually-hidden")) return false;
                  return e.scrollWidth > e.clientWidth + 1 && style.overflowX !== "auto" && style.overflowX !== "scroll";
                }).map((e) => e.tagName.toLowerCase() + "." + String(e.className).split(" ")[0]);
                // What sticks out past the right edge, innermost first, to say where the sideways scrolling comes from.
                const wide = [...document.querySelectorAll("main *")]
                  .filter((e) => e.getBoundingClientRect().right > root.clientWidth + 1 && e.children.length === 0)
                  .map((e) => {
                    const table = e.closest("table");
                    const where = table ? " in table." + String(table.className).split(" ").join(".") : "";
                    return e.tagName.toLowerCase() + "." + String(e.className).split(" ")[0] + where;
                  });
                return [root.scrollWidth - root.clientWidth, clipped.slice(0, 5), [...new Set(wide)].slice(0, 5)];
                """)
            d.save_screenshot(str(r.ARTIFACTS / f"zoom200_{re.sub(r'[^a-z0-9]+', '_', path)}.png"))
            r.check(overflow[0] <= 0, f"{path} at 200 %: {overflow[0]}px of sideways scrolling, from {overflow[2]}")
            r.check(not overflow[1], f"{path} at 200 %: clipped text in {overflow[1]}")
