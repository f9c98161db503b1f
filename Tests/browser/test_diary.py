"""Diary pages in real headless Chromium (hooked into run.py, which owns the server and the runner).

Signs up, creates a category, writes a note from a chart row with an XSS memo and checks that the memo is
shown as text (no alert, no element made from it), then views the statistics. Screenshots go to
Tests/browser/artifacts/ (diary_*.png).
"""

from __future__ import annotations

import time
import urllib.request

XSS_MEMO = "<img src=x onerror=alert(1)>"
XSS_CATEGORY = "<script>alert(2)</script>Thrillers"
KOREAN_TITLE = "기생충 (Parasite) 두 번째"
KOREAN_MEMO = "1+1은 2, 100% 만족!\n둘째 줄 & 끝 = 좋음 #해시"


def register(r) -> None:
    """Adds the diary tests to run.py's list; `r` is run.py's module (its helpers and `test` decorator)."""
    By = r.By
    Select = r.Select

    def no_alert(driver) -> bool:
        try:
            driver.switch_to.alert
        except r.WebDriverException:
            return True
        return False

    path_of = r.path_of

    @r.test("diary: sign up, category, a note with an XSS memo shown as text, statistics")
    def diary(c) -> None:
        d = c.driver
        username = f"browser{int(time.time() * 1000) % 10**9}"
        password = "correct horse battery"

        # Anonymous: the diary sends you to log in, and from there to sign up.
        d.get(c.server.url("/notes"))
        r.wait(d, lambda x: path_of(x) == "/login", "an anonymous visit to /notes lands on /login")
        r.check(r.query_of(d).get("next") == "/notes", f"next is kept: {d.current_url}")
        r.one(d, "a[href^='/signup']").click()
        r.wait(d, lambda x: path_of(x) == "/signup", "the sign-up page opened")
        r.one(d, "#signup-username").send_keys(username)
        r.one(d, "#signup-password").send_keys(password)
        r.one(d, "#signup-password-confirm").send_keys(password)
        r.one(d, "form.diary-form button[type=submit]").click()
        r.wait(d, lambda x: path_of(x) == "/notes" and r.find(x, ".diary-welcome"), "the empty diary greets the new user")
        r.check(username in r.one(d, ".diary-user").text, "the diary says who is signed in")
        r.check(r.one(d, "a.diary-link").get_attribute("aria-current") == "page", "the header links to the diary")
        cookies = {cookie["name"]: cookie for cookie in d.get_cookies()}
        session = cookies.get("boxoffice_session")
        r.check(session is not None and session.get("httpOnly") and session.get("sameSite") == "Lax",
                f"the session cookie is HttpOnly and SameSite=Lax: {session}")
        d.save_screenshot(str(r.ARTIFACTS / "diary_empty.png"))

        # A category whose name is an XSS payload.
        r.one(d, ".diary-nav a[href='/categories']").click()
        r.wait(d, lambda x: path_of(x) == "/categories", "the categories page opened")
        r.one(d, "#category-name").send_keys(XSS_CATEGORY)
        r.one(d, "#category-name").submit()
        r.wait(d, lambda x: r.find(x, "a.category-name"), "the category is listed")
        names = [element.text for element in r.find(d, "a.category-name")]
        r.check(names == [XSS_CATEGORY], f"the category name is shown as text: {names}")
        r.check(no_alert(d), "no alert from the category name")

        # A note from the first row of the daily chart: the chart day and rank come along.
        d.get(c.server.url("/daily"))
        row_link = r.one(d, "ol.chart li.chart-row a.add-to-diary")
        first_title = r.one(d, "ol.chart li.chart-row a.movie-title").text.strip()
        row_link.click()
        r.wait(d, lambda x: path_of(x) == "/notes/new" and r.find(x, "form.note-form"), "the note form opened")
        r.check(r.query_of(d).get("rank") == "1", f"the rank seen travels with the link: {d.current_url}")
        r.check(r.one(d, "#note-title").get_attribute("value") == first_title, "the title comes from the movie")
        date_field = r.one(d, "#note-watched")
        r.check(date_field.get_attribute("type") == "date", "the watched date is a date input")
        today = r.dt.datetime.now(r.SEOUL).date()
        r.check(date_field.get_attribute("max") in (today.isoformat(), (today - r.dt.timedelta(days=1)).isoformat()),
                f"the date input stops at today in Seoul ({today}): max={date_field.get_attribute('max')}")
        Select(r.one(d, "#note-rating")).select_by_value("4.5")
        Select(r.one(d, "#note-category")).select_by_visible_text(XSS_CATEGORY)
        r.one(d, "#place-cinema").click()
        memo = r.one(d, "#note-memo")
        memo.clear()
        memo.send_keys(XSS_MEMO)
        d.save_screenshot(str(r.ARTIFACTS / "diary_note_form.png"))
        r.one(d, "form.note-form button[type=submit]").click()
        r.wait(d, lambda x: r.find(x, ".note-memo"), "the saved note is shown")
        r.check(no_alert(d), "no alert: the memo was not run as HTML")
        shown = r.one(d, ".note-memo").text
        r.check(shown == XSS_MEMO, f"the memo is shown as text: {shown!r}")
        r.check(not r.find(d, ".note-memo img, img[src='x']"), "no image element was made from the memo")
        r.check(r.one(d, ".notice-done").is_displayed(), "the saved notice is visible")
        facts = r.one(d, ".note-facts").text
        r.check("1위" in facts, f"the chart rank is kept: {facts!r}")
        r.check(XSS_CATEGORY in facts, f"the category is shown as text: {facts!r}")
        d.save_screenshot(str(r.ARTIFACTS / "diary_note.png"))

        # The list, then the statistics.
        r.one(d, ".diary-nav a[href='/notes']").click()
        r.wait(d, lambda x: r.find(x, "ol.note-list li.note-item"), "the list shows the note")
        r.check(r.one(d, ".note-excerpt").text == XSS_MEMO, "the excerpt is text too")
        r.one(d, ".diary-nav a[href='/stats']").click()
        r.wait(d, lambda x: path_of(x) == "/stats" and r.find(x, "figure.stats-chart svg"), "the statistics page shows charts")
        charts = r.find(d, "figure.stats-chart svg[role=img]")
        r.check(len(charts) >= 5, f"several SVG charts: {len(charts)}")
        bars = r.find(d, "#chart-months rect.bar")
        r.check(len(bars) == 1 and float(bars[0].get_attribute("height")) > 0, "one month with a visible bar")
        tables = r.find(d, "figure.stats-chart table")
        r.check(len(tables) == len(charts), "every chart has its table")
        r.check(r.one(d, "#chart-months table td.number").text == "1", "the table says one note")
        r.check(no_alert(d), "no alert on the statistics page")
        d.save_screenshot(str(r.ARTIFACTS / "diary_stats.png"))

        # Log out: the diary is closed again.
        r.one(d, "form.diary-logout button").click()
        r.wait(d, lambda x: path_of(x) == "/login" and r.find(x, ".notice-done"), "logged out")
        d.get(c.server.url("/stats"))
        r.wait(d, lambda x: path_of(x) == "/login", "after logging out the diary asks to log in")

    @r.test("diary on a phone in dark mode: the note form fits the screen", phone=True)
    def diary_phone(c) -> None:
        d = c.driver
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        username = f"phone{int(time.time() * 1000) % 10**9}"
        d.get(c.server.url("/signup"))
        r.one(d, "#signup-username").send_keys(username)
        r.one(d, "#signup-password").send_keys("correct horse battery")
        r.one(d, "#signup-password-confirm").send_keys("correct horse battery")
        r.one(d, "form.diary-form button[type=submit]").click()
        r.wait(d, lambda x: path_of(x) == "/notes", "signed up")
        d.get(c.server.url("/daily"))
        r.one(d, "ol.chart li.chart-row a.add-to-diary").click()
        r.wait(d, lambda x: r.find(x, "form.note-form"), "the note form opened")
        overflow = d.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
        r.check(overflow <= 0, f"no sideways scrolling on a phone ({overflow}px)")
        d.save_screenshot(str(r.ARTIFACTS / "diary_phone_dark.png"))

    @r.test("diary forms: Korean text round-trips through the note form; a CSV with a Korean file name imports")
    def diary_korean_forms(c) -> None:
        d = c.driver
        stamp = int(time.time() * 1000) % 10**8
        password = "correct horse battery"

        def sign_up(username: str) -> None:
            d.get(c.server.url("/signup"))
            r.one(d, "#signup-username").send_keys(username)
            r.one(d, "#signup-password").send_keys(password)
            r.one(d, "#signup-password-confirm").send_keys(password)
            r.one(d, "form.diary-form button[type=submit]").click()
            r.wait(d, lambda x: path_of(x) == "/notes", f"{username} signed up")

        # The note form is URL-encoded by the browser: spaces as +, a typed + and % escaped, Hangul as UTF-8.
        sign_up(f"writer{stamp}")
        d.get(c.server.url("/daily"))
        r.one(d, "ol.chart li.chart-row a.add-to-diary").click()
        r.wait(d, lambda x: r.find(x, "form.note-form"), "the note form opened")
        title = r.one(d, "#note-title")
        title.clear()
        title.send_keys(KOREAN_TITLE)
        memo = r.one(d, "#note-memo")
        memo.clear()
        memo.send_keys(KOREAN_MEMO)
        r.one(d, "form.note-form button[type=submit]").click()
        r.wait(d, lambda x: r.find(x, ".note-memo"), "the saved note is shown")
        shown = r.one(d, ".note-memo").text
        r.check(shown == KOREAN_MEMO, f"the memo comes back as typed: {shown!r}")
        heading = r.one(d, ".note-heading").text
        r.check(heading == KOREAN_TITLE, f"the title comes back as typed: {heading!r}")

        # The diary as CSV (with this browser's session), saved under a Korean file name.
        session = d.get_cookie("boxoffice_session")
        r.check(session is not None, "signed in")
        request = urllib.request.Request(
            c.server.url("/export?format=csv"), headers={"Cookie": f"boxoffice_session={session['value']}"})
        with urllib.request.urlopen(request, timeout=20) as response:
            exported = response.read()
        upload = c.server.directory / "내 영화 일기 (2024).csv"
        upload.write_bytes(exported)
        r.one(d, "form.diary-logout button").click()
        r.wait(d, lambda x: path_of(x) == "/login", "logged out")

        # Another account imports it through the file input: a real multipart/form-data upload.
        sign_up(f"reader{stamp}")
        d.get(c.server.url("/import-export"))
        Select(r.one(d, "#import-format")).select_by_value("csv")
        r.one(d, "#import-file").send_keys(str(upload))
        r.one(d, "form[enctype='multipart/form-data'] button[type=submit]").click()
        r.wait(d, lambda x: r.find(x, ".import-report"), "the import report is shown")
        summary = r.one(d, ".import-report p").text
        r.check(summary == "1줄을 읽어 1개를 가져오고 0개를 건너뛰었습니다.", f"one row imported: {summary!r}")
        d.save_screenshot(str(r.ARTIFACTS / "diary_import.png"))
        d.get(c.server.url("/notes"))
        r.one(d, "ol.note-list li.note-item a.note-title").click()
        r.wait(d, lambda x: r.find(x, ".note-memo"), "the imported note is shown")
        shown = r.one(d, ".note-memo").text
        r.check(shown == KOREAN_MEMO, f"the imported memo is the same: {shown!r}")
