#!/usr/bin/env python3
"""The phone budget of issue 16, measured with Chromium's own counters (CDP Network events from the performance log).

Starts `boxoffice serve` in sample mode (the binary from --binary, else .build/release/boxoffice, else
.build/debug/boxoffice) and drives headless Chromium on a phone viewport (390×844), list view:

1. first visit to /daily: the requests the page makes and their bytes on the wire (encodedDataLength: headers and
   body as sent), until the load event; then the service worker's precache, fetched after the page is shown
   (counted apart: the URLs from the server's log, their bytes from the worker's own answers via a gzip refetch);
2. repeat visit: what reaches the server (its request log) and what the page got from the worker;
3. Largest Contentful Paint of a first visit on an emulated slow 4G link (150 ms RTT, 1.6 Mbit/s down,
   750 kbit/s up), median of --runs, and the same page loaded uncompressed and uncached (Accept-Encoding:
   identity, cache disabled), with their ratio.

    python3 Benchmarks/phone.py [--binary PATH] [--runs 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import sys
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))
import run as browser  # noqa: E402  (the browser suite's server and waits)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}


def make_driver() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=ko-KR",
                     "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"intl.accept_languages": "ko-KR,ko"})
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2, "touch": True}})
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(120)
    driver.execute_cdp_cmd("Network.enable", {})
    return driver


def network_log(driver: webdriver.Chrome) -> dict[str, dict]:
    """Requests of the page since the log was last read: url, status, bytes on the wire, from the worker or not."""
    requests: dict[str, dict] = {}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        method, params = message.get("method"), message.get("params", {})
        if method == "Network.requestWillBeSent":
            item = requests.setdefault(params["requestId"], {})
            item.update(url=params["request"]["url"], type=params.get("type", ""))
        elif method == "Network.responseReceived":
            response = params["response"]
            item = requests.setdefault(params["requestId"], {})
            item.update(url=response["url"], status=response["status"],
                        fromServiceWorker=response.get("fromServiceWorker", False),
                        fromDiskCache=response.get("fromDiskCache", False),
                        encoding=(response.get("headers", {}).get("content-encoding")
                                  or response.get("headers", {}).get("Content-Encoding") or ""))
        elif method == "Network.loadingFinished":
            requests.setdefault(params["requestId"], {})["bytes"] = params.get("encodedDataLength", 0)
        elif method == "Network.loadingFailed":
            requests.setdefault(params["requestId"], {})["failed"] = params.get("errorText", "failed")
    return {k: v for k, v in requests.items() if "url" in v and not v["url"].startswith("data:")}


def server_requests(server: browser.Server, since: int) -> list[str]:
    paths = []
    for line in server.lines[since:]:
        if "method=GET" not in line or "path=" not in line:
            continue
        path = re.search(r"path=(\S+)", line).group(1)
        paths.append(path)
    return paths


def wait_loaded(driver: webdriver.Chrome) -> None:
    browser.wait(driver, lambda d: d.execute_script("return document.readyState === 'complete';"), "the page loaded",
                 seconds=120)


def controlled_and_precached(driver: webdriver.Chrome) -> bool:
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
        """)


def wire_bytes(server: browser.Server, path: str) -> int:
    """Bytes a gzip-accepting client receives for `path`: the body as sent plus the response's header lines."""
    request = urllib.request.Request(server.url(path), headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=30) as response:
        body = response.read()
        headers = sum(len(k) + len(v) + 4 for k, v in response.headers.items()) + len("HTTP/1.1 200 OK\r\n\r\n")
    return len(body) + headers


def lcp(server: browser.Server, compressed: bool) -> tuple[float, int, str]:
    """Largest Contentful Paint (ms) of a first visit to /daily on slow 4G; also the bytes moved and the encoding."""
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Network.emulateNetworkConditions", SLOW_4G)
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        if not compressed:
            driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Encoding": "identity"}})
        driver.get(server.url("/daily"))
        wait_loaded(driver)
        value = driver.execute_async_script(
            """
            const done = arguments[arguments.length - 1];
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              done(entries[entries.length - 1].startTime);
            }).observe({type: "largest-contentful-paint", buffered: true});
            """)
        log = network_log(driver)
        document = next((r for r in log.values() if r["url"].endswith("/daily")), {})
        return float(value), sum(r.get("bytes", 0) for r in log.values()), document.get("encoding", "")
    finally:
        driver.quit()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", help="the boxoffice binary (default: release if built, else debug)")
    parser.add_argument("--runs", type=int, default=5, help="LCP runs per variant (median reported)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    arguments = parser.parse_args()
    if arguments.binary:
        browser.BINARY = Path(arguments.binary).resolve()
    elif (ROOT / ".build" / "release" / "boxoffice").exists():
        browser.BINARY = ROOT / ".build" / "release" / "boxoffice"
    print(f"phone budget: {browser.BINARY}", flush=True)

    server = browser.Server()
    server.start()
    figures: dict[str, object] = {"binary": str(browser.BINARY)}
    try:
        # 1. First visit.
        driver = make_driver()
        try:
            mark = len(server.lines)
            driver.get(server.url("/daily"))
            wait_loaded(driver)
            browser.check(driver.find_elements(browser.By.CSS_SELECTOR, "[data-chart-list].chart-list"), "list view")
            page = network_log(driver)
            browser.wait(driver, controlled_and_precached, "the worker controls the page with its shell", seconds=120)
            later = network_log(driver)
            page_paths = [r["url"] for r in page.values()]
            page_bytes = sum(r.get("bytes", 0) for r in page.values())
            everything = server_requests(server, mark)
            seen = {urllib.parse.urlsplit(url).path for url in page_paths + [r["url"] for r in later.values()]}
            precache = [path for path in everything if path not in seen and path != "/sw.js"]
            precache_bytes = sum(wire_bytes(server, path) for path in precache)
            sw_bytes = wire_bytes(server, "/sw.js")
            # What the page needs to render (the document, its style sheet and script, and what the script asks)
            # apart from what the browser fetches for itself (the tab's icon, the manifest and its icon, for
            # installing).
            own = {"Manifest", "Other"}
            rendering = {k: v for k, v in page.items() if v.get("type") not in own
                         and not urllib.parse.urlsplit(v["url"]).path.startswith(("/static/icons/", "/static/favicon"))}
            browser_own = {k: v for k, v in page.items() if k not in rendering}
            figures["first"] = {
                "requests": len(rendering), "bytes": sum(r.get("bytes", 0) for r in rendering.values()),
                "browserRequests": len(browser_own), "browserBytes": sum(r.get("bytes", 0) for r in browser_own.values()),
                "totalRequests": len(page), "totalBytes": page_bytes,
                "items": sorted((urllib.parse.urlsplit(r["url"]).path, r.get("type", ""), r.get("bytes", 0),
                                 r.get("encoding", "") + (" failed: " + r["failed"] if r.get("failed") else ""))
                                for r in page.values()),
                "afterLoad": sorted(urllib.parse.urlsplit(r["url"]).path for r in later.values()),
                "precacheRequests": len(precache), "precacheBytes": precache_bytes, "serviceWorkerBytes": sw_bytes,
            }

            # 2. Repeat visit, the worker in charge.
            mark = len(server.lines)
            driver.get(server.url("/daily"))
            wait_loaded(driver)
            repeat = network_log(driver)
            figures["repeat"] = {
                "server": server_requests(server, mark),
                "page": sorted((urllib.parse.urlsplit(r["url"]).path, r.get("fromServiceWorker", False),
                                r.get("fromDiskCache", False)) for r in repeat.values()),
            }
        finally:
            driver.quit()

        # 3. Largest Contentful Paint on slow 4G.
        runs = {"compressed": [], "uncompressed": []}
        moved = {"compressed": [], "uncompressed": []}
        encodings = {"compressed": set(), "uncompressed": set()}
        for _ in range(arguments.runs):
            for variant in ("compressed", "uncompressed"):
                value, total, encoding = lcp(server, variant == "compressed")
                runs[variant].append(value)
                moved[variant].append(total)
                encodings[variant].add(encoding or "identity")
        figures["lcp"] = {
            variant: {"medianMs": round(statistics.median(values), 1), "runsMs": [round(v) for v in values],
                      "bytes": statistics.median(moved[variant]), "documentEncoding": sorted(encodings[variant])}
            for variant, values in runs.items()
        }
        figures["lcpRatio"] = round(figures["lcp"]["compressed"]["medianMs"]
                                    / figures["lcp"]["uncompressed"]["medianMs"], 3)
    finally:
        server.stop()

    first = figures["first"]
    print(f"first visit: {first['requests']} requests, {first['bytes'] / 1024:.1f} KB on the wire for the page "
          f"until load; the browser's own {first['browserRequests']} ({first['browserBytes'] / 1024:.1f} KB); "
          f"in all {first['totalRequests']}, {first['totalBytes'] / 1024:.1f} KB")
    for path, kind, size, encoding in first["items"]:
        print(f"    {path:48} {kind:10} {size:7} B {encoding}")
    print(f"  after load (page): {first['afterLoad']}")
    print(f"  service worker precache: {first['precacheRequests']} requests, {first['precacheBytes'] / 1024:.1f} KB "
          f"(+ /sw.js {first['serviceWorkerBytes'] / 1024:.1f} KB)")
    print(f"repeat visit: server saw {figures['repeat']['server']}; page: {figures['repeat']['page']}")
    for variant, values in figures["lcp"].items():
        print(f"LCP slow 4G, {variant}: median {values['medianMs']} ms (runs {values['runsMs']}), "
              f"{values['bytes'] / 1024:.1f} KB, document {values['documentEncoding']}")
    print(f"LCP ratio compressed / uncompressed-uncached: {figures['lcpRatio']}")
    if arguments.json:
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
