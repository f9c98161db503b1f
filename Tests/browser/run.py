#!/usr/bin/env python3
"""BoxOffice end-to-end browser suite: real headless Chromium against the real server.

It builds nothing: it runs `.build/debug/boxoffice serve` (built by `swift build`, as
`scripts/test.sh` does) in sample mode (no KOBIS key; the built-in simulator) on a free loopback
port with a fresh SQLite file, waits for /health, and drives Debian's `chromium` through
`chromium-driver` with selenium. Each test gets its own browser, saves a screenshot under
Tests/browser/artifacts/, and fails on JavaScript errors or CSP violations in the console.
Assertions use explicit waits only. Exit status: 0 when every test passed, 1 otherwise.

    python3 Tests/browser/run.py            # every test
    python3 Tests/browser/run.py refresh    # tests whose name contains "refresh"
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Callable

try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.remote.webelement import WebElement
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:  # pragma: no cover - environment problem, reported plainly
    sys.exit("browser suite: selenium is missing (python3 -m pip install selenium)")

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
BINARY = ROOT / ".build" / "debug" / "boxoffice"
SEOUL = dt.timezone(dt.timedelta(hours=9), "KST")  # Korea keeps no daylight saving time
WAIT_SECONDS = 20
# A laptop narrower than the wide chart table, so the chart pages show their compact rows (the table's own tests,
# Tests/browser/test_chart_table.py, widen the window to 1280).
DESKTOP = (1100, 1000)
STARTUP_SECONDS = 90
# Environment that would leave sample mode or reach beyond loopback.
SCRUBBED_ENVIRONMENT = (
    "KOBIS_API_KEY", "KOBIS_BASE_URL", "TMDB_API_KEY", "TMDB_BASE_URL", "KAKAO_REST_API_KEY",
    "KAKAO_BASE_URL", "DATABASE_URL", "PORT", "BOXOFFICE_HOSTNAME",
)
CHANGE_MARK = re.compile(r"^(신작|▲[1-9][0-9]*|▼[1-9][0-9]*|-)$")
GROUPED = r"[0-9]{1,3}(?:,[0-9]{3})*"


class CheckFailed(AssertionError):
    pass


def check(condition: object, message: str) -> None:
    if not condition:
        raise CheckFailed(message)


def seoul_yesterday() -> str:
    return (dt.datetime.now(SEOUL).date() - dt.timedelta(days=1)).isoformat()


def thousands(number: int) -> str:
    return f"{number:,}"


# ---- the server -----------------------------------------------------------------------------------


class Server:
    """`boxoffice serve` on 127.0.0.1 with port 0 (the kernel picks a free one; the server prints it)."""

    def __init__(self, environment: dict[str, str] | None = None) -> None:
        # Settings for this server beyond the suite's (a test that needs the keeper on starts its own).
        self.overrides = dict(environment or {})
        self.directory = Path(tempfile.mkdtemp(prefix="boxoffice-browser-"))
        self.process: subprocess.Popen[str] | None = None
        self.base_url: str | None = None
        self.lines: list[str] = []
        self._started = threading.Event()

    def start(self) -> None:
        if not BINARY.exists():
            raise SystemExit(f"browser suite: {BINARY} is missing; run `swift build` first")
        environment = {k: v for k, v in os.environ.items() if k not in SCRUBBED_ENVIRONMENT}
        environment["DATABASE_URL"] = f"sqlite://{self.directory}/boxoffice.sqlite"
        environment.setdefault("LOG_LEVEL", "info")
        # The archive keeper would fill the archive behind the pages under test; these tests are not about it.
        environment["BOXOFFICE_KEEPER"] = "off"
        environment.update(self.overrides)
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--hostname", "127.0.0.1", "--port", "0"],
            cwd=self.directory, env=environment, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, bufsize=1,
        )
        threading.Thread(target=self._read_output, daemon=True).start()
        if not self._started.wait(STARTUP_SECONDS) or self.base_url is None:
            self.stop()
            raise SystemExit("browser suite: the server did not start:\n" + "".join(self.lines[-30:]))
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url("/health"), timeout=5) as response:
                    if response.status == 200 and response.read() == b"ok":
                        return
            except (urllib.error.URLError, ConnectionError):
                pass
            if self.process.poll() is not None:
                break
            time.sleep(0.1)  # polling for readiness, not an assertion
        self.stop()
        raise SystemExit("browser suite: /health never answered ok:\n" + "".join(self.lines[-30:]))

    def _read_output(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)
            match = re.search(r"running at (http://127\.0\.0\.1:[0-9]+)/", line)
            if match and self.base_url is None:
                self.base_url = match.group(1)
                self._started.set()
        self._started.set()

    def url(self, path: str) -> str:
        assert self.base_url is not None
        return self.base_url + path

    def json(self, path: str) -> dict:
        with urllib.request.urlopen(self.url(path), timeout=30) as response:
            return json.load(response)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / "server.log").write_text("".join(self.lines), encoding="utf-8")
        shutil.rmtree(self.directory, ignore_errors=True)


# ---- the browser ----------------------------------------------------------------------------------


def make_driver(javascript: bool = True, phone: bool = False) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in (
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=ko-KR",
        f"--window-size={DESKTOP[0]},{DESKTOP[1]}", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-default-apps", "--disable-domain-reliability", "--metrics-recording-only",
    ):
        options.add_argument(argument)
    preferences: dict[str, object] = {"intl.accept_languages": "ko-KR,ko"}
    if not javascript:
        preferences["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", preferences)
    if phone:
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2, "touch": True}}
        )
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(60)
    return driver


def wait(driver: webdriver.Chrome, condition: Callable[[webdriver.Chrome], object], message: str,
         seconds: float = WAIT_SECONDS):
    last_error: list[str] = []

    def settled(d: webdriver.Chrome) -> object:
        try:
            result = condition(d)
            last_error.clear()  # the error, if any, is only worth naming when it was the last poll's
            return result
        except TimeoutException as error:
            # A command inside one poll timed out, not this wait: most often a script the page's own reload cut
            # short (the notes page reloads itself once the worker sends). The next poll asks again.
            last_error[:] = [f"{type(error).__name__}: {error.msg}"]
            return False
        except WebDriverException as error:
            text = str(error)
            # While a page is being replaced, Chrome reports the old page's nodes this way rather than as stale,
            # and a script still waiting for its answer this way.
            if "does not belong to the document" in text or "document unloaded" in text:
                last_error[:] = [f"{type(error).__name__}: {error.msg}"]
                return False
            raise

    try:
        return WebDriverWait(
            driver, seconds, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)
        ).until(settled)
    except TimeoutException:
        last = f"; the last poll said {last_error[0]}" if last_error else ""
        raise CheckFailed(
            f"timed out after {seconds:g}s waiting until {message} (at {driver.current_url}){last}"
        ) from None


PASSWORD = "correct horse battery"


def path_of(driver: webdriver.Chrome) -> str:
    return urllib.parse.urlsplit(driver.current_url).path


def sign_up(c: "Context", prefix: str) -> str:
    """Signs up a new person through the form (a name unique to this run) and waits for their notes page."""
    d = c.driver
    username = f"{prefix}{int(time.time() * 1000) % 10**9}"
    d.get(c.server.url("/signup"))
    one(d, "#signup-username").send_keys(username)
    one(d, "#signup-password").send_keys(PASSWORD)
    one(d, "#signup-password-confirm").send_keys(PASSWORD)
    one(d, "form.diary-form button[type=submit]").click()
    wait(d, lambda x: path_of(x) == "/notes", f"{username} signed up")
    return username


def find(driver: webdriver.Chrome, selector: str) -> list[WebElement]:
    return driver.find_elements(By.CSS_SELECTOR, selector)


def one(driver: webdriver.Chrome, selector: str) -> WebElement:
    return wait(driver, lambda d: (find(d, selector) or [None])[0], f"{selector!r} is on the page")


def table_layout(driver: webdriver.Chrome, box: str, cells: str) -> dict:
    """How a page lays out a table: `main`'s width, the sideways scroll of the table's box (`box`), how many of the
    `cells` there are and how many of them take more than one line."""
    return driver.execute_script("""
        const lines = cell => { const range = document.createRange(); range.selectNodeContents(cell);
                                return new Set([...range.getClientRects()].map(rect => Math.round(rect.top))).size; };
        const box = document.querySelector(arguments[0]);
        const cells = [...document.querySelectorAll(arguments[1])];
        return {main: document.querySelector('main').getBoundingClientRect().width,
                overflow: box.scrollWidth - box.clientWidth,
                cells: cells.length, wrapped: cells.filter(cell => lines(cell) > 1).length};""", box, cells)


def check_no_sideways_scroll_at_200(driver: webdriver.Chrome, url: str, sizes: list[tuple[int, int]]) -> None:
    """At each window size, with text at 200 %, the page at `url` never scrolls sideways (tables scroll in their box)."""
    for size in sizes:
        driver.set_window_size(*size)
        driver.get(url)
        driver.execute_script("document.documentElement.style.fontSize = '200%';")
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
        check(overflow <= 1, f"{url} at {size[0]}px and 200 % text: {overflow}px of sideways scrolling")


def rows(driver: webdriver.Chrome, count: int = 10) -> list[WebElement]:
    return wait(
        driver, lambda d: (lambda found: found if len(found) == count else None)(find(d, "ol.chart li.chart-row")),
        f"the chart shows {count} rows",
    )


def query_of(driver: webdriver.Chrome) -> dict[str, str]:
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(driver.current_url).query))


def day_label(driver: webdriver.Chrome) -> str:
    return one(driver, ".day-label").text.strip()


def mark_page(driver: webdriver.Chrome) -> None:
    """Marks the current document; `page_is_marked` is false after any reload or navigation."""
    driver.execute_script("window.__boxofficeMarker = 'kept';")


def page_is_marked(driver: webdriver.Chrome) -> bool:
    return driver.execute_script("return window.__boxofficeMarker === 'kept';")


def indicator_active(driver: webdriver.Chrome) -> bool:
    element = one(driver, "[data-loading-indicator]")
    return ("is-active" in (element.get_attribute("class") or "") and element.is_displayed()
            and element.size["height"] > 10)


def indicator_idle(driver: webdriver.Chrome) -> bool:
    element = one(driver, "[data-loading-indicator]")
    return "is-active" not in (element.get_attribute("class") or "")


def network(driver: webdriver.Chrome, latency_ms: int = 0, offline: bool = False) -> None:
    """Emulates network conditions: latency makes a loading state last long enough to be seen."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd(
        "Network.emulateNetworkConditions",
        {"offline": offline, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1},
    )


# ---- tests ----------------------------------------------------------------------------------------


class Context:
    def __init__(self, server: Server, driver: webdriver.Chrome) -> None:
        self.server = server
        self.driver = driver
        # Console messages that the test provokes on purpose (e.g. a failed fetch while offline).
        self.expected_console: list[re.Pattern[str]] = []


Test = Callable[[Context], None]
TESTS: list[tuple[str, Test, dict]] = []


def test(name: str, **driver_options) -> Callable[[Test], Test]:
    def register(function: Test) -> Test:
        TESTS.append((name, function, driver_options))
        return function

    return register


def expected_mark(change: dict) -> str:
    kind, amount = change["kind"], change["amount"]
    return {"new": "신작", "up": f"▲{amount}", "down": f"▼{amount}", "same": "-"}[kind]


def expected_class(change: dict) -> str:
    return {"new": "change-new", "up": "change-up", "down": "change-down", "same": "change-same"}[change["kind"]]


def check_rows_match_api(driver: webdriver.Chrome, entries: list[dict]) -> None:
    shown = rows(driver, len(entries))
    for row, entry in zip(shown, entries):
        rank = row.find_element(By.CSS_SELECTOR, ".rank").text.strip()
        check(rank == str(entry["rank"]), f"rank {rank} shown where the API says {entry['rank']}")
        change = row.find_element(By.CSS_SELECTOR, ".change")
        mark = change.text.strip()
        check(CHANGE_MARK.match(mark), f"rank {rank}: {mark!r} is not a rank-change mark")
        check(mark == expected_mark(entry["change"]), f"rank {rank}: mark {mark!r}, API change {entry['change']}")
        check(expected_class(entry["change"]) in change.get_attribute("class").split(),
              f"rank {rank}: class {change.get_attribute('class')!r} for {entry['change']}")
        check(change.get_attribute("aria-label").startswith(f"{entry['rank']}위"),
              f"rank {rank}: spoken label {change.get_attribute('aria-label')!r}")
        title = row.find_element(By.CSS_SELECTOR, "a.movie-title").text.strip()
        check(title == entry["title"], f"rank {rank}: title {title!r}, API {entry['title']!r}")
        audience = row.find_element(By.CSS_SELECTOR, ".audience").text.strip()
        check(re.fullmatch(rf"오늘 {GROUPED} / 총 {GROUPED}( · (개봉 전|{GROUPED}일째))?", audience),
              f"rank {rank}: audience text {audience!r}")
        # The day of run after the audience, as kobis.or.kr shows it (none without an open date).
        day = entry.get("dayOfRun")
        day_text = "" if day is None else " · 개봉 전" if day <= 0 else f" · {thousands(day)}일째"
        wanted = f"오늘 {thousands(entry['audience'])} / 총 {thousands(entry['audienceTotal'])}{day_text}"
        check(audience == wanted, f"rank {rank}: {audience!r}, expected {wanted!r}")


@test("daily page: ten rows, rank-change marks and thousands separators")
def daily_page(c: Context) -> None:
    before = seoul_yesterday()
    c.driver.get(c.server.url("/daily"))
    one(c.driver, "h1")
    after = seoul_yesterday()
    date = one(c.driver, "input[type=date][name=date]").get_attribute("value")
    check(date in (before, after), f"the default day is {date}, yesterday in Seoul is {after}")
    check(day_label(c.driver).startswith(date), f"header {day_label(c.driver)!r} for {date}")
    check(one(c.driver, ".notice-sample").is_displayed(), "the sample-data banner is visible")
    check(c.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko", "Korean by default")
    chart = c.server.json(f"/api/v1/daily?date={date}")
    check(len(chart["entries"]) == 10, f"the API has {len(chart['entries'])} entries for {date}")
    check_rows_match_api(c.driver, chart["entries"])
    check(any(entry["audienceTotal"] >= 1000 for entry in chart["entries"]), "figures large enough for separators")

    # A day whose chart moves: every kind of mark, in its colour (신작 and ▲ red, ▼ blue).
    moving = None
    for offset in range(2, 60):
        day = (dt.date.fromisoformat(date) - dt.timedelta(days=offset)).isoformat()
        entries = c.server.json(f"/api/v1/daily?date={day}")["entries"]
        if {"new", "up", "down"} <= {entry["change"]["kind"] for entry in entries}:
            moving = (day, entries)
            break
    check(moving is not None, "the simulator has a day with new, rising and falling films in the last 60 days")
    day, entries = moving
    c.driver.get(c.server.url(f"/daily?date={day}"))
    check_rows_match_api(c.driver, entries)
    colours = {kind: one(c.driver, f".change.change-{kind}").value_of_css_property("color") for kind in ("new", "up", "down")}
    check(colours["new"] == colours["up"], f"신작 and ▲ share the rise colour: {colours}")
    check(colours["up"] != colours["down"], f"▲ and ▼ differ in colour: {colours}")
    red, green, blue = (int(v) for v in re.findall(r"[0-9]+", colours["up"])[:3])
    check(red > blue and red > green, f"rises are red: {colours['up']}")
    red, green, blue = (int(v) for v in re.findall(r"[0-9]+", colours["down"])[:3])
    check(blue > red, f"falls are blue: {colours['down']}")


@test("date picker: min/max are enforced and a new date changes the header")
def date_picker(c: Context) -> None:
    c.driver.get(c.server.url("/daily"))
    picker = one(c.driver, "input[type=date][name=date]")
    check(picker.get_attribute("min") == "2004-01-01", f"min is {picker.get_attribute('min')}")
    maximum = picker.get_attribute("max")
    check(maximum in (seoul_yesterday(), (dt.date.fromisoformat(seoul_yesterday()) + dt.timedelta(days=1)).isoformat(),
                      (dt.date.fromisoformat(seoul_yesterday()) - dt.timedelta(days=1)).isoformat()),
          f"max is {maximum}, yesterday in Seoul is {seoul_yesterday()}")
    today = (dt.date.fromisoformat(maximum) + dt.timedelta(days=1)).isoformat()
    validity = c.driver.execute_script(
        """
        const input = arguments[0], result = {};
        input.value = arguments[1]; result.overflow = input.validity.rangeOverflow;
        input.value = '2003-12-31'; result.underflow = input.validity.rangeUnderflow;
        input.value = input.defaultValue; result.valid = input.checkValidity();
        return result;
        """, picker, today)
    check(validity == {"overflow": True, "underflow": True, "valid": True}, f"the picker's limits: {validity}")

    # Choosing a day in the picker commits the value with a change event; the page follows it.
    mark_page(c.driver)
    c.driver.execute_script(
        "arguments[0].value = '2024-03-15';"
        "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
        "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", picker)
    wait(c.driver, lambda d: not page_is_marked(d) and query_of(d).get("date") == "2024-03-15",
         "the page for 2024-03-15 loaded")
    wait(c.driver, lambda d: day_label(d) == "2024-03-15 (금)", "the header reads 2024-03-15 (금)")
    rows(c.driver)

    # Typing with the keyboard waits until the field is left (Tab moves between the field's parts, so
    # leave it by clicking elsewhere), then loads the new day.
    mark_page(c.driver)
    picker = one(c.driver, "input[type=date][name=date]")
    picker.send_keys(Keys.ARROW_DOWN)
    changed = picker.get_attribute("value")
    check(changed and changed != "2024-03-15", f"arrow down changed the date field: {changed!r}")
    check(page_is_marked(c.driver) and query_of(c.driver).get("date") == "2024-03-15",
          "no page load while the field is being typed in")
    one(c.driver, "h1").click()
    wait(c.driver, lambda d: query_of(d).get("date") == changed, f"the page for {changed} loaded")
    wait(c.driver, lambda d: day_label(d).startswith(changed), f"the header shows {changed}")

    # The previous-day link.
    one(c.driver, "a.day-link[rel=prev]").click()
    previous = (dt.date.fromisoformat(changed) - dt.timedelta(days=1)).isoformat()
    wait(c.driver, lambda d: day_label(d).startswith(previous), f"the header shows {previous}")


@test("filters: Korean/foreign, diversity and region submit on change")
def filters(c: Context) -> None:
    date = "2024-03-15"
    c.driver.get(c.server.url(f"/daily?date={date}"))
    rows(c.driver)
    Select(one(c.driver, "select[name=nation]")).select_by_value("K")
    wait(c.driver, lambda d: query_of(d).get("nation") == "K", "the Korean-films chart loaded")
    check(Select(one(c.driver, "select[name=nation]")).first_selected_option.get_attribute("value") == "K",
          "Korean films stays selected")
    korean = c.server.json(f"/api/v1/daily?date={date}&nation=K")["entries"]
    check_rows_match_api(c.driver, korean)

    Select(one(c.driver, "select[name=nation]")).select_by_value("F")
    wait(c.driver, lambda d: query_of(d).get("nation") == "F", "the foreign-films chart loaded")
    foreign = c.server.json(f"/api/v1/daily?date={date}&nation=F")["entries"]
    check({e["movieCode"] for e in foreign}.isdisjoint({e["movieCode"] for e in korean}),
          "Korean and foreign charts share no film")
    check_rows_match_api(c.driver, foreign)

    Select(one(c.driver, "select[name=multi]")).select_by_value("Y")
    wait(c.driver, lambda d: query_of(d).get("multi") == "Y" and query_of(d).get("nation") == "F",
         "the foreign diversity chart loaded (the nation filter kept)")
    diversity = c.server.json(f"/api/v1/daily?date={date}&nation=F&multi=Y")["entries"]
    if diversity:
        check_rows_match_api(c.driver, diversity)
    else:
        check(one(c.driver, ".empty-state").is_displayed(), "an empty chart shows the empty state")

    Select(one(c.driver, "select[name=multi]")).select_by_value("")
    wait(c.driver, lambda d: "multi" not in query_of(d), "the diversity filter cleared")
    region = Select(one(c.driver, "select[name=area]"))
    codes = [o.get_attribute("value") for o in region.options if o.get_attribute("value")]
    check(len(codes) >= 2, f"the region select lists regions: {codes}")
    region.select_by_value(codes[0])
    wait(c.driver, lambda d: query_of(d).get("area") == codes[0], f"the chart for region {codes[0]} loaded")
    regional = c.server.json(f"/api/v1/daily?date={date}&nation=F&area={codes[0]}")["entries"]
    if regional:
        check_rows_match_api(c.driver, regional)
    else:
        check(one(c.driver, ".empty-state").is_displayed(), "an empty chart shows the empty state")
    check(Select(one(c.driver, "select[name=area]")).first_selected_option.get_attribute("value") == codes[0],
          "the region stays selected")


WATCH_INDICATOR = """
    // Records, in this tab's sessionStorage, how the loading indicator looked each time it turned on,
    // so the record survives the navigation it announces.
    sessionStorage.removeItem('indicatorLog');
    const indicator = document.querySelector('[data-loading-indicator]');
    new MutationObserver(() => {
      if (!indicator.classList.contains('is-active')) return;
      const box = indicator.getBoundingClientRect(), style = getComputedStyle(indicator);
      const log = JSON.parse(sessionStorage.getItem('indicatorLog') || '[]');
      log.push({text: indicator.textContent, width: box.width, height: box.height, top: box.top,
                visibility: style.visibility, display: style.display,
                busy: document.querySelector('main').getAttribute('aria-busy')});
      sessionStorage.setItem('indicatorLog', JSON.stringify(log));
    }).observe(indicator, {attributes: true, attributeFilter: ['class']});
"""


@test("loading indicator while a link, a filter or the date loads the next page")
def navigation_indicator(c: Context) -> None:
    # The driver's commands wait for a navigation to finish, so the old page records what it showed.
    def load_and_watch(action: Callable[[], None], arrived: Callable[[webdriver.Chrome], bool], what: str) -> None:
        mark_page(c.driver)
        c.driver.execute_script(WATCH_INDICATOR)
        action()
        wait(c.driver, lambda d: not page_is_marked(d) and arrived(d) and bool(find(d, "ol.chart li.chart-row")),
             f"{what} loaded")
        log = json.loads(c.driver.execute_script("return sessionStorage.getItem('indicatorLog') || '[]';"))
        check(log, f"the loading indicator turned on while {what} loaded")
        shown = log[0]
        check(shown["text"] == "불러오는 중…", f"it said it was loading: {shown}")
        check(shown["width"] > 40 and shown["height"] > 10 and 0 <= shown["top"] < 100,
              f"it was visible at the top of the window: {shown}")
        check(shown["visibility"] == "visible" and shown["display"] != "none", f"it was rendered: {shown}")
        check(shown["busy"] == "true", f"the page was marked busy: {shown}")
        check(indicator_idle(c.driver), f"{what} starts without the loading indicator")

    c.driver.get(c.server.url("/daily?date=2024-03-15"))
    rows(c.driver)
    network(c.driver, latency_ms=300)
    load_and_watch(lambda: one(c.driver, "a.day-link[rel=prev]").click(),
                   lambda d: query_of(d).get("date") == "2024-03-14", "the previous day")
    load_and_watch(lambda: Select(one(c.driver, "select[name=nation]")).select_by_value("F"),
                   lambda d: query_of(d).get("nation") == "F", "the foreign-films chart")
    load_and_watch(lambda: c.driver.execute_script(
        "const input = document.querySelector('input[name=date]'); input.value = '2024-03-01';"
        "input.dispatchEvent(new Event('change', {bubbles: true}));"),
        lambda d: query_of(d).get("date") == "2024-03-01", "the chosen day")
    check(day_label(c.driver) == "2024-03-01 (금)", f"header {day_label(c.driver)!r}")
    load_and_watch(lambda: one(c.driver, ".site-nav a[href^='/weekly']").click(),
                   lambda d: urllib.parse.urlsplit(d.current_url).path == "/weekly", "the weekly page")


@test("list/grid switch: in place with JavaScript, remembered after reload")
def list_grid(c: Context) -> None:
    c.driver.get(c.server.url("/daily?date=2024-03-15"))
    check("chart-list" in one(c.driver, "ol.chart").get_attribute("class"), "a list by default")
    check(c.driver.get_cookie("view") is None, "no view cookie before choosing")
    mark_page(c.driver)
    one(c.driver, "[data-view-switch] a[data-view=grid]").click()
    wait(c.driver, lambda d: "chart-grid" in one(d, "ol.chart").get_attribute("class"), "the chart turns into a grid")
    check(page_is_marked(c.driver), "the switch did not reload the page")
    check(one(c.driver, "a[data-view=grid]").get_attribute("aria-current") == "true", "the grid option is current")
    check(one(c.driver, "a[data-view=list]").get_attribute("aria-current") is None, "the list option is not")
    cookie = c.driver.get_cookie("view")
    check(cookie is not None and cookie["value"] == "grid", f"the view cookie: {cookie}")
    check(cookie.get("sameSite") == "Lax" and cookie.get("path") == "/", f"cookie attributes: {cookie}")
    check(cookie.get("expiry", 0) > time.time() + 360 * 24 * 3600, f"the cookie lasts a year: {cookie}")
    posters = find(c.driver, "ol.chart-grid li.chart-row img.card-poster")
    check(len(posters) == 10, f"ten poster cards, found {len(posters)}")
    wait(c.driver, lambda d: d.execute_script(
        "return Array.from(document.querySelectorAll('img.card-poster')).slice(0, 4)"
        ".every(img => img.complete && img.naturalWidth > 0);"), "the first posters loaded")
    first = find(c.driver, "ol.chart li.chart-row")[0]
    check(first.find_element(By.CSS_SELECTOR, ".rank").is_displayed(), "cards show the rank")
    check(first.find_element(By.CSS_SELECTOR, ".change").is_displayed(), "cards show the change mark")
    check(re.search(GROUPED, first.find_element(By.CSS_SELECTOR, ".audience").text), "cards show the audience")
    c.driver.save_screenshot(str(ARTIFACTS / "list_grid-grid-desktop.png"))

    # A phone in dark mode: cards in two columns on a dark background.
    c.driver.set_window_size(400, 900)
    c.driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    background = one(c.driver, "body").value_of_css_property("background-color")
    check(sum(int(v) for v in re.findall(r"[0-9]+", background)[:3]) < 150, f"dark mode background: {background}")
    cards = find(c.driver, "ol.chart-grid li.chart-row")
    check(cards[0].location["y"] == cards[1].location["y"] and cards[1].location["y"] < cards[2].location["y"],
          "two cards per row on a phone")
    c.driver.save_screenshot(str(ARTIFACTS / "list_grid-grid-phone-dark.png"))
    c.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    c.driver.set_window_size(*DESKTOP)

    c.driver.refresh()
    wait(c.driver, lambda d: not page_is_marked(d), "the page reloaded")
    wait(c.driver, lambda d: "chart-grid" in one(d, "ol.chart").get_attribute("class"), "the grid is remembered")
    c.driver.get(c.server.url("/weekly"))
    wait(c.driver, lambda d: "chart-grid" in one(d, "ol.chart").get_attribute("class"), "the weekly chart is a grid too")

    one(c.driver, "[data-view-switch] a[data-view=list]").click()
    wait(c.driver, lambda d: "chart-list" in one(d, "ol.chart").get_attribute("class"), "back to a list")
    check(all(not img.is_displayed() for img in find(c.driver, "img.card-poster")), "the list hides the posters")
    c.driver.refresh()
    wait(c.driver, lambda d: "chart-list" in one(d, "ol.chart").get_attribute("class"), "the list is remembered")
    check(c.driver.get_cookie("view")["value"] == "list", "the cookie says list")


@test("without JavaScript: switch links, refresh link and the filter button work", javascript=False)
def without_javascript(c: Context) -> None:
    c.driver.get(c.server.url("/daily?date=2024-03-15"))
    check("js" not in (one(c.driver, "html").get_attribute("class") or ""), "the page script did not run")
    rows(c.driver)
    one(c.driver, "[data-view-switch] a[data-view=grid]").click()
    wait(c.driver, lambda d: query_of(d).get("view") == "grid", "the grid link loaded ?view=grid")
    wait(c.driver, lambda d: "chart-grid" in one(d, "ol.chart").get_attribute("class"), "the server rendered a grid")
    c.driver.get(c.server.url("/daily?date=2024-03-14"))
    wait(c.driver, lambda d: "chart-grid" in one(d, "ol.chart").get_attribute("class"),
         "the cookie keeps the grid on another page")
    one(c.driver, "a.refresh-link").click()
    wait(c.driver, lambda d: query_of(d).get("date") == "2024-03-14", "the refresh link reloaded the same day")
    rows(c.driver)
    Select(one(c.driver, "select[name=nation]")).select_by_value("F")
    check(query_of(c.driver).get("nation") is None, "nothing is submitted until the button is pressed")
    one(c.driver, "form.chart-form button[type=submit]").click()
    wait(c.driver, lambda d: query_of(d).get("nation") == "F", "the filter button submitted the form")
    check(day_label(c.driver).startswith("2024-03-14"), "the date was kept")


@test("refresh: swaps the chart in place with a loading indicator; an error keeps the old chart")
def refresh(c: Context) -> None:
    c.driver.get(c.server.url("/daily?date=2024-03-15"))
    before = [row.text for row in rows(c.driver)]
    mark_page(c.driver)
    address = c.driver.current_url
    network(c.driver, latency_ms=1200)
    one(c.driver, "a.refresh-link").click()
    wait(c.driver, indicator_active, "the loading indicator is shown during the refresh")
    check(one(c.driver, "[data-loading-indicator]").text == "불러오는 중…", "the indicator says it is loading")
    check(one(c.driver, "[data-chart-region]").get_attribute("aria-busy") == "true", "the chart is marked busy")
    wait(c.driver, indicator_idle, "the loading indicator hides when the refresh is done")
    check(not one(c.driver, "[data-loading-indicator]").is_displayed() or
          one(c.driver, "[data-loading-indicator]").size["height"] <= 2, "the idle indicator is not visible")
    wait(c.driver, lambda d: one(d, "[data-chart-region]").get_attribute("aria-busy") is None, "the chart is not busy")
    check(page_is_marked(c.driver), "the refresh did not reload the page")
    check(c.driver.current_url == address, "the address did not change")
    check([row.text for row in rows(c.driver)] == before, "the refreshed settled chart is the same")
    check(one(c.driver, "[data-loading-indicator]").get_attribute("textContent") == "순위표를 새로 불러왔습니다.",
          "screen readers hear that the chart was updated")
    c.driver.save_screenshot(str(ARTIFACTS / "refresh-done.png"))

    # Offline: a visible message with a retry button; the old chart stays.
    c.expected_console.append(re.compile(r"ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_"))
    network(c.driver, offline=True)
    one(c.driver, "a.refresh-link").click()
    message = wait(c.driver, lambda d: (find(d, "[data-refresh-error] .refresh-error-message") or [None])[0],
                   "the refresh error is shown")
    check(message.is_displayed(), "the refresh error is visible")
    check("새로고침하지 못했습니다" in message.text, f"the error message: {message.text!r}")
    check([row.text for row in rows(c.driver)] == before, "the old chart stays after a failed refresh")
    wait(c.driver, indicator_idle, "the indicator hides after a failed refresh")
    c.driver.save_screenshot(str(ARTIFACTS / "refresh-error.png"))
    network(c.driver)
    one(c.driver, "[data-refresh-retry]").click()
    wait(c.driver, lambda d: not find(d, "[data-refresh-error] *"), "retrying clears the error")
    wait(c.driver, indicator_idle, "the retry finished")
    check([row.text for row in rows(c.driver)] == before, "the chart is back after the retry")
    check(page_is_marked(c.driver), "still the same page")


@test("pull to refresh on a touch screen, with a cue that respects reduced motion", phone=True)
def pull_to_refresh(c: Context) -> None:
    c.driver.get(c.server.url("/daily?date=2024-03-15"))
    before = [row.text for row in rows(c.driver)]
    check(c.driver.execute_script("return 'ontouchstart' in window"), "a touch screen is emulated")
    mark_page(c.driver)
    network(c.driver, latency_ms=1000)

    def touch(kind: str, y: float | None = None) -> None:
        points = [] if y is None else [{"x": 195, "y": y}]
        c.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def pull(reduced: bool) -> None:
        touch("touchStart", 150)
        for step in range(1, 16):
            touch("touchMove", 150 + step * 20)
        cue = one(c.driver, "[data-pull-indicator]")
        wait(c.driver, lambda d: "is-armed" in cue.get_attribute("class"), "the cue says release to refresh")
        check(cue.text == "놓으면 새로고침", f"the cue text: {cue.text!r}")
        check(cue.is_displayed() and cue.size["height"] > 10, "the cue is visible")
        distance = c.driver.execute_script(
            "return arguments[0].style.getPropertyValue('--pull-distance');", cue)
        if reduced:
            check(distance == "", f"reduced motion: the cue does not follow the finger ({distance!r})")
        else:
            check(distance.endswith("px") and float(distance[:-2]) > 40, f"the cue follows the pull: {distance!r}")
        c.driver.save_screenshot(str(ARTIFACTS / f"pull_to_refresh-{'reduced' if reduced else 'motion'}.png"))
        touch("touchEnd")
        wait(c.driver, indicator_active, "the loading indicator is shown after the pull")
        wait(c.driver, indicator_idle, "the refresh finished")
        check("is-pulling" not in cue.get_attribute("class"), "the cue is gone")
        check([row.text for row in rows(c.driver)] == before, "the same chart after the refresh")
        check(page_is_marked(c.driver), "pull to refresh did not reload the page")

    pull(reduced=False)
    c.driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    check(c.driver.execute_script("return matchMedia('(prefers-reduced-motion: reduce)').matches"), "reduced motion")
    pull(reduced=True)

    # A short pull does nothing.
    touch("touchStart", 150)
    touch("touchMove", 170)
    touch("touchEnd")
    check(indicator_idle(c.driver), "a short pull does not refresh")


@test("weekly tabs: 주간 / 주말 / 주중 with the range and ISO week")
def weekly_tabs(c: Context) -> None:
    c.driver.get(c.server.url("/weekly"))
    rows(c.driver)
    current = one(c.driver, ".range-tab[aria-current=page]")
    check(current.text == "주간", f"the week tab is current: {current.text!r}")
    check(re.fullmatch(r"[0-9]{4}년 [0-9]{1,2}주차", one(c.driver, ".iso-week").text), "the ISO week label")
    label = one(c.driver, ".range-label").text
    check(re.fullmatch(r"[0-9-]{10} \(월\) – [0-9-]{10} \(일\)", label), f"a Monday-Sunday week: {label!r}")
    for tab, first, last, kind in (("주말", "금", "일", "weekend"), ("주중", "월", "목", "weekdays")):
        next(t for t in find(c.driver, ".range-tab") if t.text == tab).click()
        wait(c.driver, lambda d: query_of(d).get("range") == kind, f"the {tab} tab loaded")
        wait(c.driver, lambda d: one(d, ".range-tab[aria-current=page]").text == tab, f"the {tab} tab is current")
        label = one(c.driver, ".range-label").text
        check(re.fullmatch(rf"[0-9-]{{10}} \({first}\) – [0-9-]{{10}} \({last}\)", label), f"{tab}: {label!r}")
        start = label[:10]
        chart = c.server.json(f"/api/v1/weekly?date={start}&range={kind}")
        check(chart["kind"] == kind and chart["range"]["start"] == start, f"the API agrees: {chart['range']}")
        shown = rows(c.driver, len(chart["entries"]))
        for row, entry in zip(shown, chart["entries"]):
            audience = row.find_element(By.CSS_SELECTOR, ".audience").text
            wanted = f"{tab} {thousands(entry['audience'])} / 총 {thousands(entry['audienceTotal'])}"
            check(audience == wanted, f"{tab}: {audience!r}, expected {wanted!r}")


@test("English switch: the same page in English and back")
def english(c: Context) -> None:
    c.driver.get(c.server.url("/daily?date=2024-03-15&nation=K"))
    rows(c.driver)
    one(c.driver, ".site-nav a[hreflang=en]").click()
    wait(c.driver, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en", "the page is English")
    check(one(c.driver, "h1").text == "Daily box office", f"heading {one(c.driver, 'h1').text!r}")
    check(day_label(c.driver) == "2024-03-15 (Fri)", f"header {day_label(c.driver)!r}")
    check(query_of(c.driver).get("nation") == "K", "the filters are kept")
    audience = rows(c.driver)[0].find_element(By.CSS_SELECTOR, ".audience").text
    check(re.fullmatch(rf"Today {GROUPED} / Total {GROUPED}( · (preview|day {GROUPED}))?", audience),
          f"English audience text {audience!r}")
    check(one(c.driver, "a[data-view=grid]").text == "Posters", "the layout switch is translated")
    check(one(c.driver, "a.refresh-link").text.endswith("Refresh"), "the refresh link is translated")
    one(c.driver, "a.day-link[rel=prev]").click()
    wait(c.driver, lambda d: day_label(d) == "2024-03-14 (Thu)", "English stays on the previous day")
    one(c.driver, ".site-nav a[hreflang=ko]").click()
    wait(c.driver, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko", "back to Korean")
    check(day_label(c.driver) == "2024-03-14 (목)", f"header {day_label(c.driver)!r}")


@test("movie page: open a movie from a chart row")
def movie_page(c: Context) -> None:
    c.driver.get(c.server.url("/daily?date=2024-03-15"))
    link = rows(c.driver)[0].find_element(By.CSS_SELECTOR, "a.movie-title")
    title = link.text.strip()
    code = link.get_attribute("href").rstrip("/").rsplit("/", 1)[-1]
    link.click()
    heading = wait(c.driver, lambda d: (find(d, "h1.movie-title") or [None])[0], "the movie page shows its title")
    check(urllib.parse.urlsplit(c.driver.current_url).path == f"/movies/{code}", f"at {c.driver.current_url}")
    check(title in heading.text, f"heading {heading.text!r} names {title!r}")
    poster = one(c.driver, "img.poster")
    wait(c.driver, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0;", poster),
         "the poster (or its placeholder) loaded")
    movie = c.server.json(f"/api/v1/movies/{code}")
    body = one(c.driver, "main").text
    for director in movie.get("directors", [])[:1]:
        check(director["name"] in body, f"the director {director['name']!r} is shown")
    for actor in movie.get("actors", [])[:2]:
        check(actor["name"] in body, f"the actor {actor['name']!r} is shown")


@test("search: from the header search form, with paging")
def search(c: Context) -> None:
    c.driver.get(c.server.url("/daily"))
    # A word that many fictional titles share, so there is more than one page at any page size.
    query, total = None, 0
    for candidate in ("2", "의", "밤", "여름"):
        found = c.server.json("/api/v1/movies?q=" + urllib.parse.quote(candidate))
        if found.get("totalCount", 0) > total:
            query, total = candidate, found["totalCount"]
        if total > 100:
            break
    check(query is not None and total > 100, f"a search with more than 100 results ({query!r}: {total})")
    field = one(c.driver, "form[role=search] input[name=q]")
    field.send_keys(query)
    field.send_keys(Keys.ENTER)
    wait(c.driver, lambda d: query_of(d).get("q") == query, f"the search for {query!r} loaded")
    first_page = [a.text for a in wait(c.driver, lambda d: find(d, "ol.search-results li a"), "results are listed")]
    check(all(query in text for text in first_page), f"every result matches {query!r}: {first_page[:5]}")
    check(not find(c.driver, "a[rel=prev]"), "the first page has no previous link")
    one(c.driver, "a[rel=next]").click()
    wait(c.driver, lambda d: query_of(d).get("page") == "2", "page 2 loaded")
    second_page = [a.text for a in wait(c.driver, lambda d: find(d, "ol.search-results li a"), "page 2 lists results")]
    check(second_page and second_page != first_page, "page 2 shows other results")
    one(c.driver, "a[rel=prev]").click()
    wait(c.driver, lambda d: query_of(d).get("page", "1") == "1", "back on page 1")
    again = [a.text for a in wait(c.driver, lambda d: find(d, "ol.search-results li a"), "page 1 lists results")]
    check(again == first_page, "page 1 again shows the same results")
    link = find(c.driver, "ol.search-results li a")[0]
    link.click()
    wait(c.driver, lambda d: find(d, "h1.movie-title"), "a result opens its movie page")


@test("keyboard: the first Tab stop skips to the page's content")
def skip_link(c: Context) -> None:
    d = c.driver
    for path, words in (("/daily", "본문으로 건너뛰기"), ("/market/years?lang=en", "Skip to content")):
        d.get(c.server.url(path))
        one(d, "body").send_keys(Keys.TAB)
        link = d.switch_to.active_element
        check(link.get_attribute("class") == "skip-link" and link.text == words, f"{path}: Tab reaches {link.text!r}")
        check(link.rect["y"] >= 0, f"{path}: the focused skip link is on screen")
        link.send_keys(Keys.ENTER)
        wait(d, lambda x: x.switch_to.active_element.get_attribute("id") == "main", f"{path}: Enter moves to <main>")


@test("200 % text on a phone: no page scrolls sideways, forms and diary tables included", phone=True)
def phone_large_text(c: Context) -> None:
    d = c.driver
    code = c.server.json(f"/api/v1/daily?date={seoul_yesterday()}")["entries"][0]["movieCode"]
    sign_up(c, "large")
    for path in ("/daily", "/movies?q=2&lang=en", "/movies?q=2", f"/movies/{code}?lang=en", "/categories",
                 "/categories?lang=en", "/account?lang=en", "/notes/new", "/stats?lang=en"):
        d.get(c.server.url(path))
        d.execute_script("document.documentElement.style.fontSize = '200%';")
        overflow = d.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
        check(overflow <= 1, f"{path} at 390px and 200 % text: {overflow}px of sideways scrolling")
        if path.startswith("/categories"):
            # The one-line form's field keeps room to type in: at least half the form's width.
            field, form = one(d, "#category-name").rect["width"], one(d, "form.diary-inline-form").rect["width"]
            check(field >= form / 2, f"{path}: the name field is {field}px of the form's {form}px")


@test("charts on a phone: every label at least 9.5 px on screen, the chart scrolling in its own box", phone=True)
def phone_chart_text(c: Context) -> None:
    d = c.driver
    days = [f"2024-03-{day:02d}" for day in range(1, 8)]
    for day in days:
        check(c.server.json(f"/api/v1/daily?date={day}").get("entries"), f"the daily chart of {day} has rows")
    code = c.server.json(f"/api/v1/daily?date={days[-1]}")["entries"][0]["movieCode"]
    for path, selector in ((f"/market/days?from={days[0]}&to={days[-1]}", "svg.market-chart"),
                           (f"/movies/{code}", "svg.pace-chart"), (f"/movies/{code}?lang=en", "svg.trend-chart")):
        d.get(c.server.url(path))
        one(d, selector)
        sizes = d.execute_script(
            "return Array.from(document.querySelectorAll('.chart-scroll svg text')).map(t =>"
            " parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);")
        check(sizes and min(sizes) >= 9.5, f"{path}: chart text on screen {min(sizes or [0]):.1f}px (at least 9.5)")
        overflow = d.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
        check(overflow <= 1, f"{path}: the page does not scroll sideways ({overflow}px); the chart scrolls in its box")
        box = one(d, f".chart-scroll:has({selector})")
        check(box.get_attribute("tabindex") == "0" and box.get_attribute("aria-label"),
              f"{path}: the chart's box is reachable by keyboard and named")


__import__("test_diary").register(sys.modules[__name__])  # the diary pages: Tests/browser/test_diary.py
__import__("test_archive").register(sys.modules[__name__])  # backfill and period chart: Tests/browser/test_archive.py
__import__("test_phone").register(sys.modules[__name__])  # the phone app (issue 16): Tests/browser/test_phone.py
__import__("test_watchlist").register(sys.modules[__name__])  # watchlist marks and alerts: Tests/browser/test_watchlist.py
__import__("test_shared_device").register(sys.modules[__name__])  # two accounts, one device: test_shared_device.py
__import__("test_chart_table").register(sys.modules[__name__])  # the wide chart table: test_chart_table.py
__import__("test_market").register(sys.modules[__name__])  # the market pages: test_market.py
__import__("test_runs").register(sys.modules[__name__])  # a film's run and the comparison: test_runs.py
__import__("test_records").register(sys.modules[__name__])  # the records pages: test_records.py


# ---- runner ---------------------------------------------------------------------------------------


# Some browsers still ask for /favicon.ico despite the page's SVG icon link; that is no page error.
ALWAYS_ALLOWED_CONSOLE = [re.compile(r"/favicon\.ico - Failed to load resource")]


def console_errors(driver: webdriver.Chrome, allowed: list[re.Pattern[str]]) -> list[str]:
    allowed = allowed + ALWAYS_ALLOWED_CONSOLE
    try:
        entries = driver.get_log("browser")
    except WebDriverException:
        return []
    return [
        entry["message"] for entry in entries
        if entry.get("level") == "SEVERE" and not any(pattern.search(entry["message"]) for pattern in allowed)
    ]


def main(arguments: list[str]) -> int:
    selected = [(name, function, options) for name, function, options in TESTS
                if not arguments or any(a in function.__name__ or a in name for a in arguments)]
    if not selected:
        print(f"browser suite: no test matches {arguments}", file=sys.stderr)
        return 2
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    server = Server()
    server.start()
    print(f"browser suite: server at {server.base_url} (sample mode), Chromium headless", flush=True)
    results: list[tuple[str, bool, float, str]] = []
    try:
        for name, function, options in selected:
            started = time.monotonic()
            failure = ""
            driver = None
            try:
                driver = make_driver(**options)
                context = Context(server, driver)
                function(context)
                errors = console_errors(driver, context.expected_console)
                check(not errors, "console errors: " + "; ".join(errors))
            except CheckFailed as error:
                failure = str(error)
            except Exception as error:  # a crash in a test is a failure of that test, not of the suite
                failure = f"{type(error).__name__}: {error}\n{traceback.format_exc(limit=3)}"
            finally:
                if driver is not None:
                    try:
                        driver.save_screenshot(str(ARTIFACTS / f"{function.__name__}.png"))
                    except WebDriverException:
                        pass
                    driver.quit()
            seconds = time.monotonic() - started
            results.append((name, not failure, seconds, failure))
            print(f"{'PASS' if not failure else 'FAIL'}  {name} ({seconds:.1f}s)", flush=True)
            if failure:
                print("      " + failure.replace("\n", "\n      "), flush=True)
    finally:
        server.stop()
    failed = [r for r in results if not r[1]]
    print(f"\nbrowser suite: {len(results) - len(failed)} passed, {len(failed)} failed; "
          f"screenshots in {ARTIFACTS.relative_to(ROOT)}/")
    for name, _, _, failure in failed:
        print(f"  FAILED {name}: {failure.splitlines()[0]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
