"""The watchlist on pages that are the same for everyone, in real headless Chromium (hooked into run.py).

A signed-in reader adds films from chart rows in list and grid view (mouse and keyboard), sees the marks again after
a reload, on the movie page and in English; takes a film off after logging a note about it; sets the preference on
the account page. A second server with the archive keeper on shows the header's unread count after an
administrator's "run now". axe-core audits each new state. Screenshots go to Tests/browser/artifacts/ (watchlist_*).
"""

from __future__ import annotations

import datetime as dt
import re
import sqlite3
import time

from selenium.webdriver.common.action_chains import ActionChains

import test_phone

PASSWORD = "correct horse battery"
CHART_DAY = "2024-03-15"
TOGGLE = "[data-watchlist-toggle]"
MARK = "[data-watchlist-mark]"
RUN_DEADLINE_SECONDS = 120


def register(r) -> None:
    """Adds the watchlist tests to run.py's list; `r` is run.py's module (its helpers and `test` decorator)."""
    By = r.By
    Keys = r.Keys

    path_of = r.path_of

    sign_up = r.sign_up
    axe_violations = test_phone.axe_violations

    def audit(c, what: str, failures: list[str]) -> None:
        for scheme in ("light", "dark"):
            c.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                     {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            failures += [f"{what} ({scheme}): {v}" for v in axe_violations(c.driver)]
        c.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})

    def toggles_ready(driver, count: int = 10) -> list:
        """The chart's toggles, once the marks answer has arrived (one per row)."""
        return r.wait(driver, lambda d: (lambda found: found if len(found) == count else None)(
            r.find(d, f"ol.chart li.chart-row {TOGGLE}")), f"{count} watchlist toggles on the chart")

    def pressed(row) -> bool:
        return row.find_element(By.CSS_SELECTOR, TOGGLE).get_attribute("aria-pressed") == "true"

    def marked(row) -> bool:
        return row.find_element(By.CSS_SELECTOR, MARK).is_displayed()

    def announced(driver, text: str) -> None:
        r.wait(driver, lambda d: text in (r.one(d, "[data-loading-indicator]").get_attribute("textContent") or ""),
               f"the live region says {text!r}")

    @r.test("watchlist: add from chart rows in list and grid view, by mouse and keyboard; marks after a reload")
    def watchlist_marks(c) -> None:
        d = c.driver
        failures: list[str] = []
        # Signed out: no toggle, no alerts link, and no request for marks.
        d.get(c.server.url(f"/daily?date={CHART_DAY}&view=list"))
        r.rows(d)
        r.check(not r.find(d, TOGGLE), "a signed-out reader sees no watchlist toggle")
        r.check(not r.one(d, "[data-alerts-link]").is_displayed(), "nor the alerts link")

        sign_up(c, "watch")
        d.get(c.server.url(f"/daily?date={CHART_DAY}&view=list"))
        rows = r.rows(d)
        toggles_ready(d)
        alerts = r.one(d, "[data-alerts-link]")
        r.wait(d, lambda x: alerts.is_displayed(), "the header shows the alerts link")
        r.check(alerts.accessible_name.strip() == "알림", f"no unread alerts: {alerts.accessible_name!r}")
        r.check(not any(marked(row) for row in rows), "nothing is marked before anything is added")
        titles = [row.find_element(By.CSS_SELECTOR, "a.movie-title").text.strip() for row in rows]
        # One per-person request for the page (the marks, which also say who is signed in); the session's token
        # only when a toggle is first pressed.
        asked = d.execute_script(
            "return performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"
            ".filter((p) => p === '/watchlist/marks' || p === '/session');")
        r.check(asked == ["/watchlist/marks"], f"one request for the reader's state: {asked}")

        # The mouse, in list view.
        first = rows[0].find_element(By.CSS_SELECTOR, TOGGLE)
        r.check(first.accessible_name.startswith("보고 싶어요") and titles[0] in first.accessible_name,
                f"the toggle names its film: {first.accessible_name!r}")
        first.click()
        r.wait(d, lambda x: pressed(rows[0]) and marked(rows[0]), "row 1 is marked and its toggle pressed")
        r.check(rows[0].find_element(By.CSS_SELECTOR, MARK).text.strip().endswith("보고 싶은 영화"),
                "the mark is words, not colour alone")
        announced(d, f"보고 싶은 영화에 추가했습니다: {titles[0]}")
        asked = d.execute_script(
            "return performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)"
            ".filter((p) => p === '/session');")
        r.check(len(asked) == 1, f"the CSRF token asked once, on the first press: {asked}")

        # The keyboard, in list view: Tab from the row's diary link reaches its toggle; Space presses it.
        d.execute_script("arguments[0].focus();", rows[1].find_element(By.CSS_SELECTOR, "a.add-to-diary"))
        ActionChains(d).send_keys(Keys.TAB).perform()
        focused = d.switch_to.active_element
        r.check(focused.get_attribute("data-watchlist-toggle") is not None and
                titles[1] in (focused.accessible_name or ""), f"Tab reached row 2's toggle: {focused.accessible_name!r}")
        outline = focused.value_of_css_property("outline-style")
        r.check(outline not in ("none", ""), f"the focused toggle is visibly outlined: {outline}")
        ActionChains(d).send_keys(Keys.SPACE).perform()
        r.wait(d, lambda x: pressed(rows[1]) and marked(rows[1]), "Space added row 2")
        audit(c, "chart list, marked", failures)

        # Grid view (the switch, without a reload): Enter on row 3's toggle.
        r.one(d, "[data-view-switch] a[data-view=grid]").click()
        r.wait(d, lambda x: r.one(x, "[data-chart-list]").get_attribute("data-view") == "grid", "the grid view")
        rows = r.rows(d)
        third = rows[2].find_element(By.CSS_SELECTOR, TOGGLE)
        d.execute_script("arguments[0].focus();", third)
        ActionChains(d).send_keys(Keys.ENTER).perform()
        r.wait(d, lambda x: pressed(rows[2]) and marked(rows[2]), "Enter added row 3 in the grid")
        r.check(path_of(d) == "/daily", "the toggle does not open the card's movie page")
        d.save_screenshot(str(r.ARTIFACTS / "watchlist_grid.png"))
        audit(c, "chart grid, marked", failures)

        # After a reload (grid, from the server this time), the marks come back; the others stay unmarked.
        d.get(c.server.url(f"/daily?date={CHART_DAY}&view=grid"))
        rows = r.rows(d)
        toggles_ready(d)
        r.wait(d, lambda x: [marked(row) for row in rows] == [True, True, True] + [False] * 7,
               "rows 1-3 are marked after the reload, no others")
        r.check([pressed(row) for row in rows[:4]] == [True, True, True, False], "and their toggles pressed")
        # Taking one off again.
        rows[2].find_element(By.CSS_SELECTOR, TOGGLE).click()
        r.wait(d, lambda x: not pressed(rows[2]) and not marked(rows[2]), "row 3 taken off")
        announced(d, f"보고 싶은 영화에서 뺐습니다: {titles[2]}")
        d.get(c.server.url(f"/daily?date={CHART_DAY}&view=list&lang=en"))
        rows = r.rows(d)
        toggles_ready(d)
        r.wait(d, lambda x: [marked(row) for row in rows[:3]] == [True, True, False], "two films stay marked")
        r.check(rows[0].find_element(By.CSS_SELECTOR, MARK).text.strip().endswith("On my watchlist"), "in English too")

        # At 200 % text the row still fits: no sideways scrolling, the toggle still on screen.
        d.execute_script("document.documentElement.style.fontSize = '200%';")
        overflow = d.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
        r.check(overflow <= 0, f"no sideways scrolling at 200 % text ({overflow}px)")
        r.check(rows[0].find_element(By.CSS_SELECTOR, TOGGLE).is_displayed(), "the toggle is shown at 200 % text")
        d.save_screenshot(str(r.ARTIFACTS / "watchlist_list_200.png"))
        d.execute_script("document.documentElement.style.fontSize = '';")

        # The list page has both films; the movie page marks its film and offers the toggle in place of the link.
        d.get(c.server.url("/watchlist"))
        listed = [a.text.strip() for a in r.find(d, "ul.watchlist li.watchlist-item > a")]
        r.check(sorted(listed) == sorted(titles[:2]), f"the watchlist page lists the two films: {listed}")
        d.get(c.server.url(f"/daily?date={CHART_DAY}"))
        movie_url = r.rows(d)[0].find_element(By.CSS_SELECTOR, "a.movie-title").get_attribute("href")
        d.get(movie_url)
        r.wait(d, lambda x: r.find(x, f".movie-main {TOGGLE}[aria-pressed=true]"), "the movie page's toggle is pressed")
        r.check(r.one(d, f".movie-main {MARK}").is_displayed(), "the movie page marks the film")
        r.check(not r.one(d, "a[data-watchlist-fallback]").is_displayed(), "the no-script link gives way")
        audit(c, "movie page, marked", failures)

        # Logging a note about a listed film offers to take it off (the preference is "ask").
        d.get(c.server.url(f"/daily?date={CHART_DAY}"))
        d.get(r.rows(d)[0].find_element(By.CSS_SELECTOR, "a.add-to-diary").get_attribute("href"))
        r.one(d, "form.note-form button[type=submit]").click()
        offer = r.wait(d, lambda x: (r.find(x, "form.watchlist-offer button") or [None])[0], "the offer after saving")
        r.check(titles[0] in offer.text and "보고 싶은 영화에서 빼기" in offer.text, f"the offer's button: {offer.text!r}")
        d.save_screenshot(str(r.ARTIFACTS / "watchlist_offer.png"))
        audit(c, "note page with the offer", failures)
        offer.click()
        r.wait(d, lambda x: "보고 싶은 영화에서 뺐습니다." in r.one(x, ".notice-done").text, "taken off, back on the note")
        r.check(re.fullmatch(r"/notes/[0-9A-Fa-f-]{36}", path_of(d)), f"back on the note: {d.current_url}")
        d.get(c.server.url("/watchlist"))
        listed = [a.text.strip() for a in r.find(d, "ul.watchlist li.watchlist-item > a")]
        r.check(listed == [titles[1]], f"one film left: {listed}")

        # The preference on the account page, chosen by keyboard.
        d.get(c.server.url("/account"))
        ask = r.one(d, "input[name=removal][value=ask]")
        r.check(ask.is_selected(), "ask is the default")
        audit(c, "account page with the preference", failures)
        d.execute_script("arguments[0].focus();", ask)
        ActionChains(d).send_keys(Keys.ARROW_DOWN).perform()
        r.check(r.one(d, "input[name=removal][value=always]").is_selected(), "arrow keys choose 'always'")
        r.one(d, "input[name=removal][value=always]").submit()
        r.wait(d, lambda x: r.find(x, ".notice-done") and "done=watchlist" in x.current_url, "the preference is saved")
        r.check(r.one(d, "input[name=removal][value=always]").is_selected(), "always stays chosen")
        d.get(c.server.url(f"/daily?date={CHART_DAY}"))
        d.get(r.rows(d)[1].find_element(By.CSS_SELECTOR, "a.add-to-diary").get_attribute("href"))
        r.one(d, "form.note-form button[type=submit]").click()
        r.wait(d, lambda x: r.find(x, ".note-memo, .empty-note"), "the note is saved")
        r.check(not r.find(d, "form.watchlist-offer"), "with 'always' nothing is offered")
        d.get(c.server.url("/watchlist"))
        r.check(not r.find(d, "ul.watchlist li.watchlist-item"), "with 'always' the film came off on saving")
        r.check(not failures, f"axe-core found {len(failures)} violations:\n" + "\n".join(failures[:40]))

    @r.test("watchlist: the header's unread count after an administrator runs the keeper now")
    def watchlist_unread(c) -> None:
        d = c.driver
        today = dt.datetime.now(r.SEOUL).date()
        yesterday = (today - dt.timedelta(days=1)).isoformat()
        # Its own server with the keeper on: it keeps only yesterday (nothing to fill), its morning run is not due
        # before the administrator asks, and each run fetches yesterday again (provisional, no time to live).
        keeper = r.Server({
            "BOXOFFICE_KEEPER": "on", "BOXOFFICE_ARCHIVE_FROM": yesterday, "BOXOFFICE_PROVISIONAL_TTL": "0",
            "BOXOFFICE_KEEPER_HOUR": "23" if dt.datetime.now(r.SEOUL).hour < 23 else "0",
        })
        keeper.start()
        try:
            c.server = keeper
            username = sign_up(c, "alerts")
            granted = r.subprocess.run(
                [str(r.BINARY), "admin", "grant", username], cwd=keeper.directory, capture_output=True, text=True,
                env={"DATABASE_URL": f"sqlite://{keeper.directory}/boxoffice.sqlite", "PATH": "/usr/bin:/bin"},
                timeout=120)
            r.check(granted.returncode == 0, f"boxoffice admin grant: {granted.stdout}{granted.stderr}")

            # A film of yesterday's chart, added from a chart row of the day before (its page does not store
            # yesterday's chart).
            charted = [entry["movieCode"] for entry in keeper.json(f"/api/v1/daily?date={yesterday}")["entries"]]
            before = (today - dt.timedelta(days=2)).isoformat()
            d.get(keeper.url(f"/daily?date={before}"))
            rows = r.rows(d)
            toggles_ready(d)
            row = next((row for row in rows
                        if row.find_element(By.CSS_SELECTOR, "[data-movie-code]").get_attribute("data-movie-code")
                        in charted), None)
            r.check(row is not None, "a film charted on both days")
            code = row.find_element(By.CSS_SELECTOR, "[data-movie-code]").get_attribute("data-movie-code")
            title = row.find_element(By.CSS_SELECTOR, "a.movie-title").text.strip()
            row.find_element(By.CSS_SELECTOR, TOGGLE).click()
            r.wait(d, lambda x: pressed(row), "the film is on the watchlist")
            # Alerts are for chart days on or after a film joined the list, and a film added today has none until
            # tomorrow's chart: as if it had been added three days ago.
            with sqlite3.connect(keeper.directory / "boxoffice.sqlite") as database:
                kind = database.execute("SELECT typeof(added_at) FROM watchlist_entries WHERE movie_code = ?",
                                        (code,)).fetchone()
                r.check(kind is not None, "the stored watchlist entry")
                if kind[0] in ("real", "integer"):
                    database.execute("UPDATE watchlist_entries SET added_at = added_at - 3 * 86400")
                else:
                    earlier = (dt.datetime.now(dt.timezone.utc) - dt.timedelta(days=3)).strftime("%Y-%m-%d %H:%M:%S")
                    database.execute("UPDATE watchlist_entries SET added_at = ?", (earlier,))

            d.get(keeper.url("/notes"))
            alerts = r.one(d, "[data-alerts-link]")
            r.wait(d, lambda x: alerts.is_displayed(), "the alerts link is shown")
            r.check(not r.one(d, "[data-alerts-count]").is_displayed(), "no unread count before the run")

            d.get(keeper.url("/admin/backfill"))
            r.one(d, "form[action^='/admin/keeper/run'] button").click()
            r.wait(d, lambda x: "done=keeper-run" in x.current_url, "the run is requested")

            # The keeper runs in the background: look again (a fresh page) until the count shows, within a deadline.
            deadline = time.monotonic() + RUN_DEADLINE_SECONDS
            count = ""
            while time.monotonic() < deadline:
                d.get(keeper.url("/notes"))
                r.wait(d, lambda x: r.one(x, "[data-alerts-link]").is_displayed(), "the marks answer arrived")
                badge = r.one(d, "[data-alerts-count]")
                if badge.is_displayed():
                    count = badge.text.strip()
                    break
                time.sleep(1)  # polling the server for the background run, under the deadline above
            r.check(re.fullmatch(r"[1-9][0-9]*", count), f"the header shows an unread count after the run: {count!r}")
            link = r.one(d, "[data-alerts-link]")
            shown = d.execute_script(
                "return Array.from(arguments[0].childNodes).filter((n) => !(n.classList && "
                "n.classList.contains('visually-hidden'))).map((n) => n.textContent.trim()).join(' ').trim();", link)
            r.check(shown == f"알림 {count}", f"the link reads {shown!r}")
            r.check(link.accessible_name == f"알림 {count}건 읽지 않음", f"and says so: {link.accessible_name!r}")
            d.save_screenshot(str(r.ARTIFACTS / "watchlist_header_count.png"))
            failures: list[str] = []
            audit(c, "header with the unread count", failures)

            # Reading the alerts reads them (a POST from the page script): the count is gone on the next page.
            link.click()
            r.wait(d, lambda x: path_of(x) == "/notifications", "the notifications page")
            items = [item.text for item in r.find(d, "li.notification")]
            r.check(any(title in item for item in items), f"an alert about {title}: {items}")
            r.check(len([i for i in r.find(d, "li.notification.is-unread")]) == int(count), "each unread one is new")
            # Opening the page changes nothing by itself; its script posts the mark-read form once the list is shown.
            r.wait(d, lambda x: not r.find(x, "form[data-mark-read]") or not r.one(x, "form[data-mark-read]")
                   .is_displayed(), "the page script marked the shown alerts read")
            audit(c, "notifications after the run", failures)
            d.get(keeper.url("/notes"))
            r.wait(d, lambda x: r.one(x, "[data-alerts-link]").is_displayed(), "the marks answer arrived")
            r.check(not r.one(d, "[data-alerts-count]").is_displayed(), "no unread count after reading them")
            r.check(not failures, f"axe-core found {len(failures)} violations:\n" + "\n".join(failures[:40]))
        finally:
            keeper.stop()
