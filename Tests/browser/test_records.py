"""The records pages in real headless Chromium (hooked into run.py, which owns the server and the runner).

A reader opens two weeks of daily charts (which stores them in the archive and keeps each film's record), then each
records page from the header's 기록 link and the pages' tabs: every table's films link to their pages, numbers are
right-aligned, the legend explains ≈ and ≥, and a table sorts by keyboard (a heading's button, Enter: the films in
the order of the API's figures). axe-core audits every page in Korean and English, light and dark, on a phone and a
desktop. Screenshots: records_*.png.
"""

from __future__ import annotations

from selenium.webdriver.common.keys import Keys

from test_phone import axe_violations

DAYS = [f"2024-03-{day:02d}" for day in range(1, 15)]
PHONE = (390, 844)
DESKTOP = (1280, 1000)


def register(r) -> None:
    """Adds the records tests to run.py's list; `r` is run.py's module (its helpers and `test` decorator)."""

    @r.test("records: fastest, totals, streaks and legs, from the header, films linked, axe-clean")
    def records(c) -> None:
        d = c.driver
        for day in DAYS:
            chart = c.server.json(f"/api/v1/daily?date={day}")
            r.check(chart.get("entries"), f"the daily chart of {day} has rows")
        totals = c.server.json("/api/v1/records/totals")
        entries = totals["lists"][0]["entries"]
        r.check(entries, "the totals list has films")

        # The header's records link opens the fastest list; the tabs lead on.
        d.get(c.server.url(f"/daily?date={DAYS[-1]}"))
        r.one(d, "nav.site-nav a[href='/records/milestones']").click()
        r.wait(d, lambda x: r.path_of(x) == "/records/milestones", "the header's records link opens the fastest list")
        r.check(r.find(d, "nav.site-nav a[aria-current='page'][href='/records/milestones']"), "the tab is current")
        r.check(r.find(d, ".notice-sample"), "the sample-data notice shows")
        r.check("≈" in r.one(d, ".records-legend").text, "the legend explains ≈")
        r.one(d, ".records-page nav.range-tabs a[href='/records/totals']").click()
        r.wait(d, lambda x: r.path_of(x) == "/records/totals", "the totals tab opens the totals")
        first = r.one(d, ".records-table tbody tr th a")
        r.check(first.get_attribute("href").endswith(f"/movies/{entries[0]['movieCode']}"),
                "the first film links to its page")
        align = d.execute_script(
            "return getComputedStyle(document.querySelector('.records-table tbody td.num')).textAlign;")
        r.check(align == "right", f"numbers are right-aligned: {align}")
        d.save_screenshot(str(r.ARTIFACTS / "records_totals.png"))

        # Sorting by keyboard: the final sales heading (rank, film, opened, audience, sales, …), Enter, largest first.
        r.wait(d, lambda x: len(r.find(x, ".records-table thead .sort-button")) == 6, "a sort button in each heading")
        r.find(d, ".records-table thead .sort-button")[4].send_keys(Keys.ENTER)
        sales_heading = ".records-table thead th:nth-child(5)"
        r.wait(d, lambda x: r.one(x, sales_heading).get_attribute("aria-sort") == "descending",
               "the sales heading says descending")
        listed = [a.get_attribute("href").split("/movies/")[1].split("?")[0]
                  for a in r.find(d, ".records-table tbody tr th a")]
        by_sales = sorted(entries, key=lambda e: -(e["finalSales"]["high"] or e["finalSales"]["value"]))
        r.check(listed == [e["movieCode"] for e in by_sales], f"the films by sales: {listed}")
        r.check(r.one(d, ".records-table thead th:nth-child(1)").get_attribute("aria-sort") is None,
                "the rank heading no longer says it orders the table")

        failures: list[str] = []
        pages = [
            "/records/milestones?threshold=1000000", "/records/totals", "/records/totals?by=sales&year=2024",
            "/records/streaks", "/records/legs", "/records/milestones?lang=en", "/records/totals?lang=en",
            "/records/streaks?lang=en", "/records/legs?lang=en&nation=korean",
        ]
        for size in (PHONE, DESKTOP):
            d.set_window_size(*size)
            for path in pages:
                d.get(c.server.url(path))
                r.wait(d, lambda x: r.find(x, ".records-page"), f"the page {path}")
                for scheme in ("light", "dark"):
                    d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                      {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                    failures += [f"{size[0]}px {scheme} {path}: {v}" for v in axe_violations(d)]
                d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
            d.save_screenshot(str(r.ARTIFACTS / f"records_streaks_{size[0]}.png"))
        d.set_window_size(*DESKTOP)
        r.check(not failures, f"axe-core found {len(failures)} violations:\n" + "\n".join(failures[:20]))

        # A desktop gives the tables its width: wider than the phone's column, no sideways scroll, dates on one line.
        d.get(c.server.url("/records/totals?lang=en"))
        layout = r.table_layout(d, ".records-page .table-scroll", ".records-table td.date")
        r.check(layout["main"] > 48 * 16, f"the records page is wider than the phone's column on a desktop: {layout}")
        r.check(layout["overflow"] <= 0 and layout["cells"] > 0 and layout["wrapped"] == 0,
                f"the totals table fits a desktop with every date on one line: {layout}")
        r.check_no_sideways_scroll_at_200(d, c.server.url("/records/totals?lang=en"), [DESKTOP, PHONE])
        d.save_screenshot(str(r.ARTIFACTS / "records_zoom200.png"))
        d.set_window_size(*DESKTOP)
