"""Shared devices (issue 26, findings W6 and W8) in real headless Chromium (hooked into run.py).

Two accounts on one browser profile: a note carol wrote offline is never posted into dave's diary nor listed on his
pages (the page says a note waits for another account), and goes once carol signs in again. A private page kept for
offline reading is never shown to the next, signed-out visitor once its session has ended: neither after the
session's end has passed, nor after the session's cookies are gone. The network is cut as in test_phone.py (the page
and the service worker's own DevTools target). Every wait has a deadline.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.parse
import urllib.request

import test_phone

PASSWORD = "correct horse battery"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Lets a 303 be seen as it is."""

    def redirect_request(self, *args, **kwargs):
        return None


def register(r) -> None:
    """Adds the shared-device tests to run.py's list; `r` is run.py's module (its helpers and `test` decorator)."""
    path_of = r.path_of
    phone = test_phone.shared_helpers(r)
    network = phone["network"]
    start_app = phone["start_app"]
    waiting_notes = phone["waiting_notes"]
    cache_entries = phone["cache_entries"]
    log_in = phone["log_in"]
    server_notes_titled = phone["server_notes_titled"]

    def send_now(driver) -> dict:
        """Asks the service worker to send what waits and returns its report (a rendezvous: the worker's answer)."""
        return driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            const listen = (event) => {
              if (!event.data || event.data.type !== "notes") return;
              navigator.serviceWorker.removeEventListener("message", listen);
              done(event.data);
            };
            navigator.serviceWorker.addEventListener("message", listen);
            navigator.serviceWorker.controller.postMessage({type: "send-notes"});
            """
        )

    def api_token(c) -> str:
        """Makes an API token on the account page (shown once) for the signed-in reader."""
        d = c.driver
        d.get(c.server.url("/account"))
        r.one(d, "#token-name").send_keys("shared-device check")
        r.one(d, "#token-name").submit()
        return r.wait(d, lambda x: (r.find(x, "#new-token-secret") or [None])[0], "the new token is shown") \
            .get_attribute("value")

    def api_note_titles(c, token: str) -> list[str]:
        request = urllib.request.Request(c.server.url("/api/v1/notes?perPage=100"),
                                         headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request, timeout=30) as response:
            return [note.get("title") for note in json.load(response).get("notes", [])]

    def end_session_elsewhere(c, cookie: str) -> None:
        """Logs the session out from another client holding its cookie, as a second device would end it."""
        headers = {"Cookie": f"boxoffice_session={cookie}"}
        with urllib.request.urlopen(urllib.request.Request(c.server.url("/session"), headers=headers),
                                    timeout=30) as response:
            csrf = json.load(response)["csrfToken"]
        body = urllib.parse.urlencode({"csrf": csrf}).encode()
        request = urllib.request.Request(c.server.url("/logout"), data=body, method="POST", headers=dict(
            headers, **{"Content-Type": "application/x-www-form-urlencoded"}))
        opener = urllib.request.build_opener(NoRedirect())
        try:
            status = opener.open(request, timeout=30).status
        except urllib.error.HTTPError as error:
            status = error.code
        r.check(status == 303, f"logged out elsewhere: {status}")
        with urllib.request.urlopen(urllib.request.Request(c.server.url("/session"), headers=headers),
                                    timeout=30) as response:
            r.check(json.load(response) == {"signedIn": False}, "the session is over on the server")

    def log_out(c) -> None:
        d = c.driver
        d.get(c.server.url("/notes"))
        r.one(d, "form.diary-logout button").click()
        r.wait(d, lambda x: path_of(x) == "/login", "logged out")

    @r.test("shared device: a note written offline goes only to the account that wrote it", phone=True)
    def two_accounts(c) -> None:
        d = c.driver
        c.expected_console.extend(test_phone.OFFLINE_CONSOLE)
        carol = r.sign_up(c, "carol")
        start_app(c)
        d.get(c.server.url("/daily"))
        d.get(r.one(d, "ol.chart li.chart-row a.add-to-diary").get_attribute("href"))
        r.wait(d, lambda x: r.find(x, "form.note-form"), "the note form opened")
        form_url = d.current_url
        carol_label = r.one(d, ".diary-nav").get_attribute("data-account")
        r.check(carol_label, "the navigation names the account")

        # 1. Carol writes a note with no connection; her session then ends (cookies gone) before it is sent.
        title = f"Carol private offline note {int(time.time())}"
        network(d, offline=True)
        try:
            r.one(d, "#note-title").clear()
            r.one(d, "#note-title").send_keys(title)
            r.one(d, "#note-memo").send_keys("carol's secret memo written offline")
            r.one(d, "form.note-form button[type=submit]").click()
            r.wait(d, lambda x: any(title in li.text for li in r.find(x, "[data-waiting-list] li")),
                   "carol's note is listed as waiting")
            r.check(waiting_notes(d) == 1, "one note kept on the device")
            d.delete_all_cookies()
        finally:
            network(d, offline=False)
        r.wait(d, lambda x: any("다시 로그인" in p.text for p in r.find(x, "[data-waiting-status]")),
               "the page says the note goes after logging in", seconds=60)
        stored = d.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            const opening = indexedDB.open("boxoffice", 1);
            opening.onsuccess = () => {
              const request = opening.result.transaction("notes").objectStore("notes").getAll();
              request.onsuccess = () => { opening.result.close(); done(request.result.map((n) => n.account)); };
            };
            """
        )
        r.check(stored == [carol_label], f"the note is filed under carol's account: {stored}")

        # 2. Dave signs up on the same browser: the worker sends nothing of carol's, and his pages do not list it.
        r.sign_up(c, "dave")
        dave_label = r.one(d, ".diary-nav").get_attribute("data-account")
        r.check(dave_label and dave_label != carol_label, f"dave has his own label: {dave_label} / {carol_label}")
        report = send_now(d)
        r.check(report.get("account") == dave_label, f"the worker answered for dave: {report}")
        r.check(not report.get("sent"), f"nothing was sent for dave: {report}")
        r.check(waiting_notes(d) == 1, "carol's note is still on the device")
        d.get(c.server.url("/notes"))
        others = r.wait(d, lambda x: (lambda p: p if p and p.is_displayed() else None)(
            (r.find(x, "[data-waiting-others]") or [None])[0]), "the page says a note waits for another account")
        r.check("다른 계정의 기록 1개" in others.text, f"in words: {others.text!r}")
        listed = [li.text for li in r.find(d, "[data-waiting-list] li")]
        r.check(not any(title in text for text in listed), f"carol's note is not listed for dave: {listed}")
        r.check(title not in r.one(d, "main").text, "carol's title appears nowhere on dave's notes page")
        d.get(form_url)
        r.one(d, "form.note-form")
        r.check(title not in r.one(d, "main").text, "nor on his new-note page")
        d.save_screenshot(str(r.ARTIFACTS / "shared_device_other_account.png"))
        token = api_token(c)
        titles = api_note_titles(c, token)
        r.check(title not in titles, f"dave's diary (API, his token) holds no note of carol's: {titles}")

        # 3. Carol signs in again: her note goes, once, into her diary.
        log_out(c)
        log_in(c, carol)
        r.wait(d, lambda x: waiting_notes(x) == 0, "carol's note is sent after she logs in", seconds=60)
        r.check(server_notes_titled(c, title) == 1, "carol's diary holds the note once")
        r.check(title not in api_note_titles(c, token), "and dave's still does not")

    def private_label(driver) -> dict | None:
        return driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            caches.keys().then((names) => {
              const name = names.find((n) => n.startsWith("boxoffice-private-"));
              if (!name) return done(null);
              return caches.open(name).then((cache) => cache.match("/__boxoffice/account"))
                .then((found) => found ? found.json() : null).then(done);
            }).catch((error) => done({error: String(error)}));
            """
        )

    def age_label(driver) -> None:
        """As if the clock had passed the session's end: the label the worker keeps says it ended a minute ago."""
        driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            caches.keys().then((names) => {
              const name = names.find((n) => n.startsWith("boxoffice-private-"));
              return caches.open(name).then((cache) => cache.match("/__boxoffice/account")
                .then((found) => found.json())
                .then((label) => cache.put("/__boxoffice/account", new Response(JSON.stringify(
                  Object.assign({}, label, {expiresAt: Date.now() - 60000})),
                  {headers: {"Content-Type": "application/json"}}))));
            }).then(() => done(true), (error) => done(String(error)));
            """
        )

    def shows_offline_fallback(c, paths=("/notes", "/stats")) -> None:
        d = c.driver
        for path in paths:
            d.get(c.server.url(path))
            heading = r.one(d, "h1").text
            r.check(heading == "오프라인입니다", f"{path} offline shows /offline, not the private copy: {heading!r}")
            r.check(not r.find(d, ".diary-nav"), f"{path}: nothing of the diary")

    @r.test("shared device: after the session ends, offline, the next visitor never sees a private copy", phone=True)
    def expired_session(c) -> None:
        d = c.driver
        c.expected_console.extend(test_phone.OFFLINE_CONSOLE)
        username = r.sign_up(c, "erin")
        start_app(c, "/notes")
        for path in ("/notes", "/stats", "/account"):
            d.get(c.server.url(path))
            r.one(d, "h1")
        r.wait(d, lambda x: {"/notes", "/stats", "/account"} <= set(cache_entries(x, "boxoffice-private-")),
               "the private pages are kept for erin")
        label = private_label(d)
        r.check(label and label.get("expiresAt", 0) > time.time() * 1000,
                f"kept with the account and the session's end: {label}")

        # While the session lasts, erin reads her own pages offline.
        network(d, offline=True)
        try:
            d.get(c.server.url("/stats"))
            r.wait(d, lambda x: r.find(x, ".notice-offline") and path_of(x) == "/stats", "statistics offline")
        finally:
            network(d, offline=False)

        # 1. The session's end has passed (nobody logged out): offline, /notes is the offline page, and the copies go.
        age_label(d)
        network(d, offline=True)
        try:
            shows_offline_fallback(c)
        finally:
            network(d, offline=False)
        r.wait(d, lambda x: not [p for p in cache_entries(x, "boxoffice-private-") if p != "/__boxoffice/account"],
               "the private copies are dropped after the session's end")

        # 2. The session's cookies are gone (expired in the browser, or cleared) while the kept label still looks
        # live: the worker sees the signed-in hint is gone and shows nothing private.
        d.get(c.server.url("/notes"))
        r.one(d, ".diary-nav")
        d.get(c.server.url("/stats"))
        r.one(d, ".diary-nav")
        r.wait(d, lambda x: {"/notes", "/stats"} <= set(cache_entries(x, "boxoffice-private-")),
               "the pages are kept again while the session is live")
        network(d, offline=True)
        try:
            d.delete_all_cookies()
            shows_offline_fallback(c)
        finally:
            network(d, offline=False)

        # 3. The session is ended on another device (its cookie logged out there) while this one keeps a live label:
        # the next public page seen online answers for nobody, and the private copies go before the device is offline.
        log_in(c, username)
        for path in ("/notes", "/stats"):
            d.get(c.server.url(path))
            r.one(d, ".diary-nav")
        r.wait(d, lambda x: {"/notes", "/stats"} <= set(cache_entries(x, "boxoffice-private-")),
               "the pages are kept for the new session")
        label = private_label(d)
        # A public page shown to the same account keeps them, and their session's end (it does not say one).
        d.get(c.server.url("/weekly"))
        r.rows(d)
        r.wait(d, lambda x: "/weekly" in cache_entries(x, "boxoffice-pages-"), "the public page is kept")
        r.check({"/notes", "/stats"} <= set(cache_entries(d, "boxoffice-private-")),
                "a public page for the same account leaves the private copies")
        r.check(private_label(d) == label, f"and their label: {private_label(d)} vs {label}")
        end_session_elsewhere(c, d.get_cookie("boxoffice_session")["value"])
        d.get(c.server.url("/daily"))
        r.rows(d)
        r.wait(d, lambda x: not [p for p in cache_entries(x, "boxoffice-private-") if p != "/__boxoffice/account"],
               "a public page answering for nobody drops the private copies")
        network(d, offline=True)
        try:
            shows_offline_fallback(c)
        finally:
            network(d, offline=False)

    @r.test("shared device: deleting an account here drops the notes it left waiting on this device", phone=True)
    def deleted_account(c) -> None:
        d = c.driver
        r.sign_up(c, "grace")
        start_app(c, "/notes")
        label = r.one(d, ".diary-nav").get_attribute("data-account")
        r.check(label, "the navigation names the account")
        # A note of grace's the server refused (kept for her to correct) and one another account left here.
        d.execute_async_script(
            """
            const [mine, done] = [arguments[0], arguments[arguments.length - 1]];
            const note = (key, account, extra) => Object.assign({key, account, action: "/notes",
              fields: [["title", key]], title: key, writtenAt: new Date().toISOString()}, extra);
            const opening = indexedDB.open("boxoffice", 1);
            opening.onupgradeneeded = () => opening.result.createObjectStore("notes", {keyPath: "key"});
            opening.onsuccess = () => {
              const transaction = opening.result.transaction("notes", "readwrite");
              transaction.objectStore("notes").put(note("grace-refused", mine, {refused: true}));
              transaction.objectStore("notes").put(note("someone-else", "0123456789abcdef", {}));
              transaction.oncomplete = () => { opening.result.close(); done(true); };
            };
            """,
            label,
        )
        d.get(c.server.url("/notes"))
        r.wait(d, lambda x: any("grace-refused" in li.text for li in r.find(x, "[data-waiting-list] li")),
               "grace's refused note is listed on her notes page")
        r.check(waiting_notes(d) == 2, "two notes on the device")

        d.get(c.server.url("/account"))
        r.one(d, "#delete-password").send_keys(PASSWORD)
        r.one(d, "input[name=confirm]").click()
        r.one(d, "#delete-password").submit()
        r.wait(d, lambda x: path_of(x) == "/login", "the account is deleted and the log-in page opens")
        r.wait(d, lambda x: waiting_notes(x) == 1, "grace's note is gone from the device")
        stored = d.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            const opening = indexedDB.open("boxoffice", 1);
            opening.onsuccess = () => {
              const request = opening.result.transaction("notes").objectStore("notes").getAll();
              request.onsuccess = () => { opening.result.close(); done(request.result.map((n) => n.key)); };
            };
            """
        )
        r.check(stored == ["someone-else"], f"another account's note stays for its owner: {stored}")
        kept = [p for p in cache_entries(d, "boxoffice-private-") if p != "/__boxoffice/account"]
        r.check(not kept, f"and no private page is kept: {kept}")
