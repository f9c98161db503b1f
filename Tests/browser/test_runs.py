"""A film's run on its page in real headless Chromium (hooked into run.py, which owns the server and the runner).

A reader opens a week of daily charts (which stores them in the archive), then the #1 film's page: its run (figures,
milestones, the pace chart with role="img", a title and a desc). By keyboard alone they search another film's title in
the comparison form, add it, and see two pace lines; then remove it. axe-core audits the film page with a comparison in
Korean and English, light and dark, on a phone and a desktop, and the form is used at 200 % text. Screenshots:
runs_*.png.
"""

from __future__ import annotations

from selenium.webdriver.common.keys import Keys

import test_phone

DAYS = [f"2024-03-{day:02d}" for day in range(1, 8)]
PHONE = (390, 844)
DESKTOP = (1280, 1000)


def register(r) -> None:
    """Adds the run tests to run.py's list; `r` is run.py's module (its helpers and `test` decorator)."""
    axe_violations = test_phone.axe_violations

    def press_tab_until(d, selector: str, limit: int = 80):
        """Tabs forward until the focused element matches `selector`; the keyboard alone reaches it."""
        for _ in range(limit):
            if d.execute_script("return document.activeElement.matches(arguments[0]);", selector):
                return d.switch_to.active_element
            d.switch_to.active_element.send_keys(Keys.TAB)
        r.check(False, f"Tab never reached {selector}")

    @r.test("runs: compare two films on a film page by keyboard; axe-clean in both languages and schemes")
    def runs_compare(c) -> None:
        d = c.driver
        chart = None
        for day in DAYS:
            chart = c.server.json(f"/api/v1/daily?date={day}")
            r.check(chart.get("entries"), f"the daily chart of {day} has rows")
        film = chart["entries"][0]
        other = chart["entries"][1]
        run = c.server.json(f"/api/v1/movies/{film['movieCode']}/run")
        r.check(run["run"]["daysInTop10"] >= 1, "the run counts the archived days")

        d.get(c.server.url(f"/movies/{film['movieCode']}"))
        r.wait(d, lambda x: r.find(x, "#run"), "the film page shows its run")
        r.check(r.find(d, ".notice-sample"), "the sample-data notice shows")
        svg = r.one(d, "svg.pace-chart")
        r.check(svg.get_attribute("role") == "img", "the pace chart is an image with a name")
        r.check(len(r.find(d, "polyline.pace-line:not(.pace-median)")) == 1, "one pace line before comparing")

        # Keyboard only: Tab to the title field, type, Enter; Tab to the found film's link, Enter.
        d.find_element("tag name", "body").send_keys(Keys.HOME)
        field = press_tab_until(d, "#run-find")
        field.send_keys(other["title"][:2])
        field.send_keys(Keys.ENTER)
        r.wait(d, lambda x: r.find(x, ".run-matches a"), "the search lists archived films")
        link = press_tab_until(d, f".run-matches a[href*='vs={other['movieCode']}']")
        link.send_keys(Keys.ENTER)
        r.wait(d, lambda x: len(r.find(x, "polyline.pace-line:not(.pace-median)")) == 2, "two pace lines after adding a film")
        r.check(f"vs={other['movieCode']}" in d.current_url, "the comparison is in the address")
        labels = [e.get_attribute("textContent") for e in r.find(d, "text.pace-label")]
        r.check(other["title"] in labels, f"the added film's line is labelled: {labels}")
        d.execute_script("document.querySelector('svg.pace-chart').scrollIntoView();")
        d.save_screenshot(str(r.ARTIFACTS / "runs_pace.png"))

        remove = press_tab_until(d, ".run-compared a")
        remove.send_keys(Keys.ENTER)
        r.wait(d, lambda x: len(r.find(x, "polyline.pace-line:not(.pace-median)")) == 1, "removing the film leaves one line")

        # 200 % text: the form still fits and works.
        d.get(c.server.url(f"/movies/{film['movieCode']}?vs={other['movieCode']}"))
        d.execute_script("document.documentElement.style.fontSize = '200%';")
        field = r.one(d, "#run-find")
        r.check(field.is_displayed(), "the title field shows at 200 % text")
        width = d.execute_script("return document.documentElement.scrollWidth - window.innerWidth;")
        r.check(width <= 1, f"no sideways scrolling at 200 % text: {width}px")

        failures: list[str] = []
        pages = [
            f"/movies/{film['movieCode']}?vs={other['movieCode']}",
            f"/movies/{film['movieCode']}?vs={other['movieCode']}&lang=en",
            f"/movies/{film['movieCode']}?find={other['title'][:2]}&lang=en",
        ]
        for size in (PHONE, DESKTOP):
            d.set_window_size(*size)
            for path in pages:
                d.get(c.server.url(path))
                r.wait(d, lambda x: r.find(x, "#run"), f"the page {path}")
                for scheme in ("light", "dark"):
                    d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                      {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                    failures += [f"{size[0]}px {scheme} {path}: {v}" for v in axe_violations(d)]
                d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
            d.save_screenshot(str(r.ARTIFACTS / f"runs_{size[0]}.png"))
        d.set_window_size(*DESKTOP)
        r.check(not failures, f"axe-core found {len(failures)} violations:\n" + "\n".join(failures[:20]))
