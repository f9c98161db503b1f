"""The archive in real headless Chromium (hooked into run.py, which owns the server and the runner).

An administrator (granted with `boxoffice admin grant` on the server's own database, as the README says)
starts a two-year background backfill from /admin/backfill; the job page's progress bar advances in place from
its JSON while the job runs, the page reloads itself when the job is done, and the period chart of that year
then shows its bars, Korean vs foreign shares and table from the archive. Screenshots: archive_*.png.
"""

from __future__ import annotations

import re
import subprocess
import time

YEAR = "2019"


def register(r) -> None:
    """Adds the archive tests to run.py's list; `r` is run.py's module (its helpers and `test` decorator)."""

    path_of = r.path_of

    def bar(driver) -> tuple[int, int]:
        element = r.one(driver, "[data-backfill-bar]")
        return int(float(element.get_attribute("value") or 0)), int(float(element.get_attribute("max") or 0))

    def set_date(driver, selector: str, value: str) -> None:
        # A date input's typed format follows the browser's locale; the value property does not.
        driver.execute_script("arguments[0].value = arguments[1]", r.one(driver, selector), value)

    @r.test("archive: an administrator's backfill fills its progress bar in place, then the period chart")
    def archive(c) -> None:
        d = c.driver
        username = f"admin{int(time.time() * 1000) % 10**9}"
        password = "correct horse battery"
        d.get(c.server.url("/signup"))
        r.one(d, "#signup-username").send_keys(username)
        r.one(d, "#signup-password").send_keys(password)
        r.one(d, "#signup-password-confirm").send_keys(password)
        r.one(d, "form.diary-form button[type=submit]").click()
        r.wait(d, lambda x: path_of(x) == "/notes", "signed up")

        # Not an administrator yet: the page says no (a 403, which the console reports).
        c.expected_console.append(re.compile(r"/admin/backfill - Failed to load resource: .* 403"))
        d.get(c.server.url("/admin/backfill"))
        r.check(not r.find(d, "form.backfill-form"), "a plain account gets no backfill form")

        granted = subprocess.run(
            [str(r.BINARY), "admin", "grant", username], cwd=c.server.directory, capture_output=True, text=True,
            env={"DATABASE_URL": f"sqlite://{c.server.directory}/boxoffice.sqlite", "PATH": "/usr/bin:/bin"},
            timeout=120)
        r.check(granted.returncode == 0, f"boxoffice admin grant: {granted.stdout}{granted.stderr}")
        r.check(f"{username} is now an administrator." in granted.stdout, granted.stdout)

        d.get(c.server.url("/admin/backfill"))
        set_date(d, "#backfill-from", f"{int(YEAR) - 1}-01-01")
        set_date(d, "#backfill-to", f"{YEAR}-12-31")
        r.one(d, "form.backfill-form button[type=submit]").click()
        r.wait(d, lambda x: path_of(x).startswith("/admin/backfill/") and r.find(x, "[data-backfill-bar]"),
               "the job's page opened")
        job_path = path_of(d)
        r.check(r.query_of(d).get("done") == "submitted", f"the page says the job was submitted: {d.current_url}")

        # While it runs, the bar moves without a reload: the page is marked (a reload would drop the mark), and the
        # script polls the job's JSON every 2 s. Two years of charts outlast the first poll.
        rendered = bar(d)
        r.mark_page(d)
        r.check(r.find(d, "[data-backfill-job]"), f"the job is still running when its page shows ({rendered})")
        moved = r.wait(d, lambda x: r.page_is_marked(x) and bar(x)[0] > rendered[0] and bar(x),
                       "the bar advances in place while the job runs")
        d.save_screenshot(str(r.ARTIFACTS / "archive_backfill_running.png"))
        r.check(moved[1] >= 730, f"the bar counts every chart of two years: {moved}")

        # Done: the page reloads itself (dropping the one-time ?done= notice) and shows the finished job.
        r.wait(d, lambda x: r.find(x, ".backfill-status.status-done"), "the job ends done", seconds=180)
        r.wait(d, lambda x: "done" not in r.query_of(x), "the finished page reloaded itself without ?done=")
        r.check(path_of(d) == job_path, f"still on the job's page: {d.current_url}")
        value, maximum = bar(d)
        r.check(maximum > 730 and value == maximum, f"a full bar for 730 charts and the films' nations: {value}/{maximum}")
        r.check(not r.find(d, "[data-backfill-job]"), "a finished job is no longer polled")
        d.save_screenshot(str(r.ARTIFACTS / "archive_backfill_done.png"))

        # The period chart of that year now comes from the archive, with nothing missing.
        d.get(c.server.url(f"/charts/period?from={YEAR}-01-01&to={YEAR}-12-31"))
        r.wait(d, lambda x: r.find(x, "table.period-table tbody tr"), "the period table is listed")
        r.check(not r.find(d, ".notice-coverage"), "the archive covers the whole year: no coverage notice")
        bars = r.find(d, "svg.archive-chart g.bar-row rect.bar")
        r.check(len(bars) >= 10, f"bars for the year's top films: {len(bars)}")
        legend = [item.text for item in r.find(d, "ul.share-legend li")]
        r.check(len(legend) == 2 and all("%" in item for item in legend),
                f"Korean and foreign shares, every film's nation known: {legend}")
        period = c.server.json(f"/api/v1/charts/period?from={YEAR}-01-01&to={YEAR}-12-31")
        first_row = r.one(d, "table.period-table tbody tr")
        r.check(period["entries"][0]["title"] in first_row.text,
                f"the first row is the API's top film {period['entries'][0]['title']!r}: {first_row.text!r}")
        d.save_screenshot(str(r.ARTIFACTS / "archive_period.png"))
