"""The wide chart table and the day's market in real headless Chromium (hooked into run.py).

On a 1280-pixel desktop the daily and weekly charts are the table kobis.or.kr readers know, sorted by keyboard: Tab
reaches each column heading's button, Enter and Space sort by it (and again the other way), and the heading says how
(aria-sort). The rows' order is checked against the API's figures. A refresh in place keeps the buttons; a narrower
window, and text at 200 %, bring back the compact rows without sideways scrolling. axe-core audits the table and the
market in Korean and English, light and dark. Screenshots go to Tests/browser/artifacts/ (chart_table_*).
"""

from __future__ import annotations

import re

from selenium.webdriver.common.action_chains import ActionChains

import test_phone

CHART_DAY = "2024-03-15"
WIDE = (1280, 1000)


def register(r) -> None:
    """Adds the chart table tests to run.py's list; `r` is run.py's module (its helpers and `test` decorator)."""
    Keys = r.Keys
    axe_violations = test_phone.axe_violations

    def titles(driver) -> list[str]:
        return driver.execute_script(
            "return [...document.querySelectorAll('.chart-table tbody tr')]"
            ".map((row) => row.querySelector('a.movie-title').textContent.trim());")

    def sorted_state(driver) -> dict[str, str]:
        return driver.execute_script(
            "const found = {}; document.querySelectorAll('.chart-table thead th[aria-sort]')"
            ".forEach((th) => { found[th.textContent.replace(/[▲▼]/g, '').trim()] = th.getAttribute('aria-sort'); });"
            "return found;")

    def focused_label(driver) -> str:
        return driver.execute_script(
            "const e = document.activeElement; return e && e.matches('.chart-table .sort-button') ? "
            "e.textContent.trim() : (e ? e.tagName + '.' + e.className : '');")

    def tab_to(driver, label: str, limit: int = 20) -> None:
        """Presses Tab until the sort button `label` has the focus."""
        for _ in range(limit):
            if focused_label(driver) == label:
                return
            ActionChains(driver).send_keys(Keys.TAB).perform()
        r.check(focused_label(driver) == label, f"Tab reaches the {label!r} button, at {focused_label(driver)!r}")

    def press(driver, key: str) -> None:
        ActionChains(driver).send_keys(key).perform()

    def visible(driver, selector: str) -> bool:
        found = r.find(driver, selector)
        return bool(found) and found[0].is_displayed()

    @r.test("wide chart table: sorted by keyboard in the API's order, refreshed in place, axe-clean, 200 % text")
    def chart_table(c) -> None:
        d = c.driver
        d.set_window_size(*WIDE)
        chart = c.server.json(f"/api/v1/daily?date={CHART_DAY}")
        entries = chart["entries"]
        r.check(len(entries) == 10 and "market" in chart, f"the API's chart has ten rows and a market: {chart.keys()}")
        d.get(c.server.url(f"/daily?date={CHART_DAY}"))
        r.wait(d, lambda x: visible(x, ".chart-table") and not visible(x, "ol.chart"), "the table replaces the rows")
        r.wait(d, lambda x: len(r.find(x, ".chart-table thead .sort-button")) == 13, "a sort button in each heading")
        r.check(titles(d) == [e["title"] for e in entries], f"served by rank: {titles(d)}")
        r.check(sorted_state(d) == {"순위": "ascending"}, f"the rank heading says so: {sorted_state(d)}")
        scroll = r.one(d, ".chart-table-scroll")
        r.check(d.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth + 1;", scroll),
                "at 1280 px the table fits without scrolling")
        # The figures are right-aligned, in tabular digits.
        cell = r.one(d, ".chart-table tbody tr td.num:nth-of-type(5)")
        r.check(cell.value_of_css_property("text-align") == "right", "numbers align right")
        r.check("tabular-nums" in cell.value_of_css_property("font-variant-numeric"), "tabular figures")

        # The day's market: ≈ 억 원, the top 10's share as the API has it.
        market = r.one(d, ".market-summary").text
        share = chart["market"]["topTenShare"]["value"]
        r.check(re.search(r"≈ [0-9,]+억( [0-9,]+만)? 원", market), f"the market in 억 and 만: {market!r}")
        r.check(f"≈ {share:.1f}%" in market, f"the top 10's share {share:.1f}: {market!r}")
        d.save_screenshot(str(r.ARTIFACTS / "chart_table_daily.png"))

        # By keyboard: from the rank button, Tab to 매출액 (sales); Enter sorts largest first, Space smallest first.
        d.execute_script("document.querySelector('.chart-table .sort-button').focus();")
        tab_to(d, "매출액")
        press(d, Keys.ENTER)
        by_sales = sorted(entries, key=lambda e: -e["sales"])
        r.wait(d, lambda x: titles(x) == [e["title"] for e in by_sales], "Enter sorts by sales, largest first")
        r.check(sorted_state(d) == {"매출액": "descending"}, f"the sales heading says descending: {sorted_state(d)}")
        r.check(focused_label(d) == "매출액", "the focus stays on the button")
        outline = d.switch_to.active_element.value_of_css_property("outline-style")
        r.check(outline != "none", f"the focused button is marked: {outline}")
        press(d, Keys.SPACE)
        r.wait(d, lambda x: titles(x) == [e["title"] for e in reversed(by_sales)], "Space sorts the other way")
        r.check(sorted_state(d) == {"매출액": "ascending"}, f"now ascending: {sorted_state(d)}")

        # Back with Shift+Tab to 관객수 (audience): largest first, ties in the order they had.
        ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        r.check(focused_label(d) == "관객수", f"Shift+Tab goes back to the audience button: {focused_label(d)!r}")
        press(d, Keys.ENTER)
        by_audience = sorted(entries, key=lambda e: -e["audience"])
        r.wait(d, lambda x: titles(x) == [e["title"] for e in by_audience], "sorted by audience")
        # The open date sorts as text, earliest first, rows without one last.
        for _ in range(2):
            ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        r.check(focused_label(d) == "개봉일", f"the open date button: {focused_label(d)!r}")
        press(d, Keys.ENTER)
        # Equal dates keep the order they had (by audience).
        by_date = sorted(by_audience, key=lambda e: (e.get("openDate") is None, e.get("openDate") or ""))
        r.wait(d, lambda x: titles(x) == [e["title"] for e in by_date], "sorted by open date")
        d.save_screenshot(str(r.ARTIFACTS / "chart_table_sorted.png"))

        # axe on the sorted table and on the page as served, Korean and English, light and dark; the weekly table too.
        failures: list[str] = []
        for path in (None, f"/daily?date={CHART_DAY}&lang=en", "/weekly?date=2024-03-11",
                     "/weekly?date=2024-03-11&range=weekend&lang=en"):
            if path:
                d.get(c.server.url(path))
                r.wait(d, lambda x: visible(x, ".chart-table") and r.find(x, ".chart-table .sort-button"),
                       f"the table of {path}")
            for scheme in ("light", "dark"):
                d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                  {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                failures += [f"{path or 'sorted daily'} ({scheme}): {v}" for v in axe_violations(d)]
            if path and path.endswith("lang=en"):
                d.save_screenshot(str(r.ARTIFACTS / f"chart_table_{'weekly' if 'weekly' in path else 'daily'}_en_dark.png"))
            d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
        r.check(not failures, f"axe-core found {len(failures)} violations:\n" + "\n".join(failures[:20]))
        weekly = c.server.json("/api/v1/weekly?date=2024-03-11&range=weekend")
        r.check("market" not in weekly and all(e.get("dayOfRun") is not None for e in weekly["entries"] if e.get("openDate")),
                "weekly rows carry their day of run, and no market")
        r.check(not r.find(d, ".market-summary"), "no market on a weekly chart")

        # A refresh in place brings a fresh table in the server's order, with its buttons again.
        d.get(c.server.url(f"/daily?date={CHART_DAY}"))
        r.wait(d, lambda x: r.find(x, ".chart-table .sort-button"), "the buttons")
        r.one(d, ".chart-table .sort-button").send_keys(Keys.ENTER)
        r.wait(d, lambda x: sorted_state(x) == {"순위": "descending"}, "sorted by rank, the other way")
        r.mark_page(d)
        r.one(d, "[data-refresh]").send_keys(Keys.ENTER)
        r.wait(d, lambda x: r.page_is_marked(x) and sorted_state(x) == {"순위": "ascending"}
               and len(r.find(x, ".chart-table .sort-button")) == 13, "the refreshed table has its buttons")
        r.check(titles(d) == [e["title"] for e in entries], "the refreshed table is in the server's order")

        # Text at 200 %: the table no longer fits, so the compact rows come back; nothing scrolls sideways.
        d.execute_script("document.documentElement.style.fontSize = '200%';")
        r.wait(d, lambda x: visible(x, "ol.chart li.chart-row") and not visible(x, ".chart-table"),
               "at 200 % text the compact rows return")
        overflow = d.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
        r.check(overflow <= 0, f"at 200 % text: {overflow}px of sideways scrolling")
        d.save_screenshot(str(r.ARTIFACTS / "chart_table_zoom200.png"))
        d.execute_script("document.documentElement.style.fontSize = '';")

        # A narrower window (the suite's default laptop) keeps the compact rows; the grid stays a grid when wide.
        d.set_window_size(1100, 1000)
        r.wait(d, lambda x: visible(x, "ol.chart li.chart-row") and not visible(x, ".chart-table"), "rows at 1100 px")
        d.set_window_size(*WIDE)
        r.wait(d, lambda x: visible(x, ".chart-table"), "the table again at 1280 px")
        r.one(d, "[data-view-switch] a[data-view=grid]").click()
        r.wait(d, lambda x: visible(x, "ol.chart-grid li.chart-row") and not visible(x, ".chart-table"),
               "the poster grid replaces the table")
        r.one(d, "[data-view-switch] a[data-view=list]").click()
        r.wait(d, lambda x: visible(x, ".chart-table"), "and the list is the table again")
