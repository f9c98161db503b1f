"""The market pages in real headless Chromium (hooked into run.py, which owns the server and the runner).

A reader opens a week of daily charts (which stores them in the archive), then each market page: the years table, a
week's daily line (an SVG with role="img", a title and a desc that state the finding, the same numbers in a table)
and both holidays' windows, from the header's 시장 link and the pages' tabs. The tables sort by keyboard as the records
tables do (a heading's button, Enter: the ledger's days in the order of the API's sales). axe-core audits every page
in Korean and English, light and dark, on a phone and a desktop. Screenshots: market_*.png.
"""

from __future__ import annotations

from selenium.webdriver.common.keys import Keys

import test_phone

DAYS = [f"2024-03-{day:02d}" for day in range(1, 8)]
PHONE = (390, 844)
DESKTOP = (1280, 1000)


def register(r) -> None:
    """Adds the market tests to run.py's list; `r` is run.py's module (its helpers and `test` decorator)."""
    axe_violations = test_phone.axe_violations

    @r.test("market: years, a week's daily line and the holiday windows, from the header, axe-clean")
    def market(c) -> None:
        d = c.driver
        for day in DAYS:
            chart = c.server.json(f"/api/v1/daily?date={day}")
            r.check(chart.get("entries"), f"the daily chart of {day} has rows")
        week = c.server.json(f"/api/v1/market/days?from={DAYS[0]}&to={DAYS[-1]}")
        r.check(week["archivedDays"] == len(DAYS), f"the week is archived: {week['archivedDays']}")

        # The header's market link opens the years; the tabs lead on.
        d.get(c.server.url(f"/daily?date={DAYS[-1]}"))
        r.one(d, "nav.site-nav a[href='/market/years']").click()
        r.wait(d, lambda x: r.path_of(x) == "/market/years", "the header's market link opens the years")
        r.check(r.find(d, "nav.site-nav a[aria-current='page'][href='/market/years']"), "the market tab is current")
        r.check(r.find(d, ".notice-sample"), "the sample-data notice shows")
        r.check("2024" in r.one(d, ".market-table tbody").text, "2024 is in the years table")

        d.get(c.server.url(f"/market/days?from={DAYS[0]}&to={DAYS[-1]}"))
        svg = r.one(d, "svg.market-chart")
        r.check(svg.get_attribute("role") == "img", "the line is an image with a name")
        r.check(r.one(d, "#market-chart-desc").get_attribute("textContent").startswith("기간 매출 ≈"),
                "its description states the period's sales")
        r.check(len(r.find(d, "polyline.trend-line")) == 1, "one unbroken line for a whole week")
        rows = d.execute_script(
            "return document.querySelectorAll('#market-lines-caption ~ tbody tr, "
            "table:has(#market-lines-caption) tbody tr').length")
        r.check(rows == len(DAYS), f"the table has the week's {len(DAYS)} days: {rows}")
        d.save_screenshot(str(r.ARTIFACTS / "market_days.png"))

        # Sorting by keyboard: the ledger of days by the #1 film's show share (date, #1 film, its shows, sales) comes
        # by show share; its sales heading's button, Enter: largest sales first, as the API's figures order them.
        ledger = "[aria-labelledby='market-top-days'] table"
        r.wait(d, lambda x: len(r.find(x, f"{ledger} thead .sort-button")) == 4, "a sort button in each heading")
        r.check(r.one(d, f"{ledger} thead th:nth-child(3)").get_attribute("aria-sort") == "descending",
                "the show share heading says it orders the ledger")
        r.find(d, f"{ledger} thead .sort-button")[3].send_keys(Keys.ENTER)
        sales_heading = f"{ledger} thead th:nth-child(4)"
        r.wait(d, lambda x: r.one(x, sales_heading).get_attribute("aria-sort") == "descending",
               "the sales heading says descending")
        listed = [th.text for th in r.find(d, f"{ledger} tbody tr th")]
        by_sales = sorted(week["topShowDays"], key=lambda line: -line["sales"]["value"])
        r.check(listed == [line["date"] for line in by_sales], f"the days by sales: {listed}")
        r.check(r.one(d, f"{ledger} thead th:nth-child(3)").get_attribute("aria-sort") is None,
                "the show share heading no longer says it orders the ledger")
        # The daily line's table (in its disclosure) sorts its dates by their own text, newest first on Enter.
        lines = "table:has(#market-lines-caption)"
        r.one(d, "details.trend-details summary").send_keys(Keys.ENTER)
        r.wait(d, lambda x: r.one(x, "details.trend-details").get_attribute("open") is not None, "the table opens")
        r.find(d, f"{lines} thead .sort-button")[0].send_keys(Keys.ENTER)
        r.wait(d, lambda x: r.one(x, f"{lines} thead th:nth-child(1)").get_attribute("aria-sort") == "descending",
               "the date heading says newest first")
        dates = [th.text for th in r.find(d, f"{lines} tbody tr th")]
        r.check(dates == sorted(DAYS, reverse=True), f"the days, newest first: {dates}")
        # Its share columns carry no sort value: they sort by the number their text writes ("≈ 91.0%"), and stand
        # right-aligned by their position (no class per cell).
        r.find(d, f"{lines} thead .sort-button")[2].send_keys(Keys.ENTER)
        r.wait(d, lambda x: r.one(x, f"{lines} thead th:nth-child(3)").get_attribute("aria-sort") is not None,
               "the top-10 share heading says it orders the table")
        order = r.one(d, f"{lines} thead th:nth-child(3)").get_attribute("aria-sort")
        shares = [float(td.text.replace("≈", "").replace("%", "").strip())
                  for td in r.find(d, f"{lines} tbody tr td:nth-child(3)")]
        r.check(len(shares) == len(DAYS) and shares == sorted(shares, reverse=(order == "descending")),
                f"the days by their top-10 share, {order}: {shares}")
        r.check(r.one(d, f"{lines} tbody tr td:nth-child(3)").value_of_css_property("text-align") == "right",
                "a share stands right-aligned")
        # The years table: newest first, and its year heading says so; Enter on it: oldest first.
        d.get(c.server.url("/market/years"))
        years = "[aria-labelledby='market-years-caption'] table"
        r.wait(d, lambda x: r.find(x, f"{years} thead .sort-button"), "the years table's sort buttons")
        r.check(r.one(d, f"{years} thead th:nth-child(1)").get_attribute("aria-sort") == "descending",
                "the year heading says newest first")
        r.find(d, f"{years} thead .sort-button")[0].send_keys(Keys.ENTER)
        r.wait(d, lambda x: r.one(x, f"{years} thead th:nth-child(1)").get_attribute("aria-sort") == "ascending",
               "Enter: the year heading says oldest first")
        headings = [th.text for th in r.find(d, f"{years} tbody tr th")]
        shown = [text.split("\n")[0].strip("*") for text in headings]
        every_year = [str(year["year"]) for year in c.server.json("/api/v1/market/years")["years"]]
        r.check(shown == every_year, f"the years, oldest first: {shown[:3]}…")
        # The year not over yet says the day it counts to, under the year.
        r.check(headings[-1].endswith("일까지") and "까지" not in headings[0], f"the current year's end: {headings[-1]!r}")

        failures: list[str] = []
        pages = [
            "/market/years", f"/market/days?from={DAYS[0]}&to={DAYS[-1]}", "/market/holidays",
            "/market/holidays?holiday=seollal", "/market/years?lang=en",
            f"/market/days?from={DAYS[0]}&to={DAYS[-1]}&lang=en", "/market/holidays?lang=en",
        ]
        for size in (PHONE, DESKTOP):
            d.set_window_size(*size)
            for path in pages:
                d.get(c.server.url(path))
                r.wait(d, lambda x: r.find(x, ".market-page"), f"the page {path}")
                for scheme in ("light", "dark"):
                    d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                      {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                    failures += [f"{size[0]}px {scheme} {path}: {v}" for v in axe_violations(d)]
                d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
            d.save_screenshot(str(r.ARTIFACTS / f"market_holidays_{size[0]}.png"))
        d.set_window_size(*DESKTOP)
        r.check(not failures, f"axe-core found {len(failures)} violations:\n" + "\n".join(failures[:20]))

        # A desktop gives the holiday table its width: wider than the phone's column, each window on one line.
        d.get(c.server.url("/market/holidays?lang=en"))
        layout = r.table_layout(d, ".market-page .table-scroll", ".market-table td.window")
        r.check(layout["main"] > 48 * 16, f"the market page is wider than the phone's column on a desktop: {layout}")
        r.check(layout["overflow"] <= 0 and layout["cells"] > 0 and layout["wrapped"] == 0,
                f"the holiday table fits a desktop with every window on one line: {layout}")
        r.check_no_sideways_scroll_at_200(d, c.server.url("/market/holidays?lang=en"), [DESKTOP, PHONE])
        d.save_screenshot(str(r.ARTIFACTS / "market_zoom200.png"))
        d.set_window_size(*DESKTOP)
