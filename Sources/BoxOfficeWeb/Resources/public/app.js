/*
 * BoxOffice page script. Progressive enhancement only: every control it improves is a plain link or
 * form that works without it. It adds a loading indicator while a page loads, switches the chart
 * between list and grid without a reload, sorts the wide chart table, refreshes the chart in place (refresh link and
 * pull-to-refresh on touch screens), submits the filter form when a filter or the date changes, and marks a
 * signed-in reader's watchlist films and unread alerts on pages that are the same for everyone.
 * All visible text comes from the server-rendered page, so it follows the page language.
 */
(function () {
  "use strict";

  var root = document.documentElement;
  root.classList.add("js");

  var VIEW_COOKIE = "view";
  var VIEW_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
  var REFRESH_TIMEOUT_MS = 20000;
  var ANNOUNCEMENT_MS = 4000;

  var reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var indicator = document.querySelector("[data-loading-indicator]");
  var main = document.querySelector("main");
  var announcementTimer = 0;
  var refreshInFlight = false;

  // ---- Loading indicator -------------------------------------------------------------------------

  /** Shows the indicator (a polite live region) and marks `busyElement` as busy. */
  function startLoading(busyElement) {
    window.clearTimeout(announcementTimer);
    if (indicator) {
      indicator.textContent = indicator.getAttribute("data-loading-text") || "";
      indicator.classList.add("is-active");
    }
    if (busyElement) busyElement.setAttribute("aria-busy", "true");
  }

  /** Hides the indicator; `announcement` (if any) is left in the live region for a few seconds. */
  function stopLoading(busyElement, announcement) {
    window.clearTimeout(announcementTimer);
    if (indicator) {
      indicator.classList.remove("is-active");
      indicator.textContent = announcement || "";
      if (announcement) {
        announcementTimer = window.setTimeout(function () {
          indicator.textContent = "";
        }, ANNOUNCEMENT_MS);
      }
    }
    if (busyElement) busyElement.removeAttribute("aria-busy");
  }

  /** Whether a click on `link` starts an ordinary same-site navigation in this tab. */
  function isPlainNavigation(event, link) {
    if (event.defaultPrevented || event.button !== 0) return false;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
    if (link.hasAttribute("download")) return false;
    var target = link.getAttribute("target");
    if (target && target !== "_self") return false;
    var url;
    try {
      url = new URL(link.href, window.location.href);
    } catch (error) {
      return false;
    }
    if (url.origin !== window.location.origin) return false;
    // A jump within this page does not load anything.
    if (url.hash && url.pathname === window.location.pathname && url.search === window.location.search) return false;
    return true;
  }

  // ---- List / grid switch ------------------------------------------------------------------------

  /** Marks `mode`'s option of the switch as the current one. */
  function markCurrentView(mode) {
    document.querySelectorAll("[data-view-switch] [data-view]").forEach(function (option) {
      if (option.getAttribute("data-view") === mode) {
        option.setAttribute("aria-current", "true");
      } else {
        option.removeAttribute("aria-current");
      }
    });
  }

  /** Lays the chart out as `mode` ("list" or "grid"), remembers it, and fixes links that carry `view=`. */
  function setView(mode) {
    var list = document.querySelector("[data-chart-list]");
    if (list) {
      list.classList.remove("chart-list", "chart-grid");
      list.classList.add("chart-" + mode);
      list.setAttribute("data-view", mode);
    }
    markCurrentView(mode);
    document.cookie = VIEW_COOKIE + "=" + mode + "; Path=/; Max-Age=" + VIEW_COOKIE_MAX_AGE + "; SameSite=Lax";
    // An explicit ?view= in the address or in a link would bring the old layout back on reload.
    var here = new URL(window.location.href);
    if (here.searchParams.has("view")) {
      here.searchParams.set("view", mode);
      window.history.replaceState(window.history.state, "", here.pathname + here.search + here.hash);
    }
    document.querySelectorAll("a[href*='view=']").forEach(function (link) {
      if (link.closest("[data-view-switch]")) return;
      var url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || !url.searchParams.has("view")) return;
      url.searchParams.set("view", mode);
      link.setAttribute("href", url.pathname + url.search + url.hash);
    });
  }

  // ---- Refresh in place --------------------------------------------------------------------------

  function showRefreshError() {
    var box = document.querySelector("[data-refresh-error]");
    var template = document.querySelector("template[data-refresh-error-template]");
    if (!box || !template) return;
    box.replaceChildren(template.content.cloneNode(true));
  }

  function clearRefreshError() {
    var box = document.querySelector("[data-refresh-error]");
    if (box) box.replaceChildren();
  }

  /** Fetches this page again and swaps in its chart region; on failure the old chart stays. */
  function refresh() {
    var region = document.querySelector("[data-chart-region]");
    if (!region || refreshInFlight) return;
    refreshInFlight = true;
    clearRefreshError();
    startLoading(region);
    var link = document.querySelector("[data-refresh]");
    var doneText = link ? link.getAttribute("data-refreshed-text") : "";
    var controller = "AbortController" in window ? new AbortController() : null;
    var timer = window.setTimeout(function () {
      if (controller) controller.abort();
    }, REFRESH_TIMEOUT_MS);
    fetch(window.location.href, {
      headers: { Accept: "text/html" },
      cache: "no-store",
      credentials: "same-origin",
      signal: controller ? controller.signal : undefined,
    })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-chart-region]");
        if (!fresh) throw new Error("the page has no chart");
        var nodes = Array.prototype.map.call(fresh.childNodes, function (node) {
          return document.importNode(node, true);
        });
        region.replaceChildren.apply(region, nodes);
        // The server laid the fresh chart out by the cookie; keep the switch in step with it.
        var list = region.querySelector("[data-chart-list]");
        if (list) markCurrentView(list.getAttribute("data-view"));
        markFilms(region);
        enhanceTables(region);
        stopLoading(region, doneText);
      })
      .catch(function () {
        showRefreshError();
        stopLoading(region, "");
      })
      .then(function () {
        window.clearTimeout(timer);
        refreshInFlight = false;
      });
  }

  // ---- The wide chart table: sorting by keyboard -------------------------------------------------
  //
  // Without this script the table keeps the server's order (by rank), which its rank heading says (aria-sort). With
  // it, each column heading holds a <button>; pressing it sorts the rows by that column, pressing it again reverses
  // them, and the heading says how (aria-sort). Figures sort largest first, words and dates from the start; cells
  // without a figure sort last either way, and equal values keep their order.

  var collator = window.Intl && Intl.Collator ? new Intl.Collator(document.documentElement.lang || undefined,
    { numeric: true, sensitivity: "base" }) : null;

  function compareText(a, b) {
    if (collator) return collator.compare(a, b);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  /** The value a cell sorts by, or null when it has none: its data-sort-value, else its own text (a number
   *  column: the first number written in it, as "≈ 91.0%" or "1,234"). */
  function sortValue(row, index, type) {
    var cell = row.cells[index];
    var raw = cell ? cell.getAttribute("data-sort-value") : null;
    // A year's daily market rows leave out the values their text already is (half of their bytes).
    if (raw === null && cell) {
      raw = cell.textContent.trim();
      if (type === "number") {
        var written = raw.replace(/,/g, "").match(/-?\d+(\.\d+)?/);
        raw = written ? written[0] : null;
      }
    }
    if (raw === null || raw === "") return null;
    if (type !== "number") return raw;
    var number = Number(raw);
    return isNaN(number) ? null : number;
  }

  function sortBy(table, index) {
    var headings = table.querySelectorAll("thead th");
    var heading = headings[index];
    var body = table.tBodies[0];
    if (!heading || !body) return;
    var type = heading.getAttribute("data-sort-type") || "text";
    var current = heading.getAttribute("aria-sort");
    var first = index === 0 || type !== "number" ? "ascending" : "descending";
    var direction = current === "ascending" ? "descending" : current === "descending" ? "ascending" : first;
    var keyed = Array.prototype.map.call(body.rows, function (row, position) {
      return { row: row, position: position, value: sortValue(row, index, type) };
    });
    keyed.sort(function (a, b) {
      if ((a.value === null) !== (b.value === null)) return a.value === null ? 1 : -1;
      var order = 0;
      if (a.value !== null) order = type === "number" ? a.value - b.value : compareText(a.value, b.value);
      if (direction === "descending") order = -order;
      return order || a.position - b.position;
    });
    keyed.forEach(function (item) {
      body.appendChild(item.row);
    });
    headings.forEach(function (other) {
      if (other !== heading) other.removeAttribute("aria-sort");
    });
    heading.setAttribute("aria-sort", direction);
  }

  /** Puts a sort button into each heading of `table`, once. */
  function enhanceTable(table) {
    if (table.hasAttribute("data-sortable")) return;
    table.setAttribute("data-sortable", "");
    table.querySelectorAll("thead th").forEach(function (heading, index) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort-button";
      while (heading.firstChild) button.appendChild(heading.firstChild);
      heading.appendChild(button);
      button.addEventListener("click", function () {
        sortBy(table, index);
      });
    });
    var hint = table.querySelector("[data-sort-hint]");
    if (hint) hint.hidden = false;
  }

  /** Gives every chart table within `scope` its sort buttons (the page, or a refreshed chart). */
  function enhanceTables(scope) {
    scope.querySelectorAll("[data-chart-table] table").forEach(enhanceTable);
  }

  // ---- Pull to refresh (touch screens) -----------------------------------------------------------

  function setUpPullToRefresh() {
    var cue = document.querySelector("[data-pull-indicator]");
    if (!cue || !document.querySelector("[data-chart-region]") || !("ontouchstart" in window)) return;
    var startY = null;
    var distance = 0;

    // Four line heights of the root font size, so the gesture scales with the reader's text size.
    function threshold() {
      return 4 * (parseFloat(window.getComputedStyle(root).fontSize) || 16);
    }

    function reset() {
      startY = null;
      distance = 0;
      cue.classList.remove("is-pulling", "is-armed");
      cue.textContent = "";
      cue.style.removeProperty("--pull-distance");
    }

    window.addEventListener(
      "touchstart",
      function (event) {
        if (event.touches.length !== 1 || window.scrollY > 0 || refreshInFlight) {
          startY = null;
          return;
        }
        startY = event.touches[0].clientY;
        distance = 0;
      },
      { passive: true }
    );

    window.addEventListener(
      "touchmove",
      function (event) {
        if (startY === null) return;
        var pulled = event.touches[0].clientY - startY;
        if (pulled <= 0 || window.scrollY > 0) {
          reset();
          return;
        }
        // Resistance: the cue moves at half the finger's speed, up to one and a half thresholds.
        distance = Math.min(pulled / 2, threshold() * 1.5);
        var armed = distance >= threshold();
        cue.classList.add("is-pulling");
        cue.classList.toggle("is-armed", armed);
        cue.textContent = cue.getAttribute(armed ? "data-release-text" : "data-pull-text") || "";
        if (!reducedMotion || !reducedMotion.matches) {
          cue.style.setProperty("--pull-distance", distance + "px");
        }
      },
      { passive: true }
    );

    window.addEventListener(
      "touchend",
      function () {
        if (startY === null) return;
        var armed = distance >= threshold();
        reset();
        if (armed) refresh();
      },
      { passive: true }
    );

    window.addEventListener("touchcancel", reset, { passive: true });
  }

  // ---- Filter form: submit on change -------------------------------------------------------------

  function setUpAutoSubmit() {
    var form = document.querySelector("form.chart-form");
    if (!form) return;
    var dateInput = form.querySelector("input[type='date']");
    // While the date is typed digit by digit, every complete intermediate value fires "change";
    // then submit on leaving the field instead (Enter submits natively).
    var typing = false;

    function submit() {
      if (typeof form.requestSubmit === "function") {
        form.requestSubmit();
      } else if (form.checkValidity()) {
        startLoading(main);
        form.submit();
      }
    }

    form.addEventListener("change", function (event) {
      var field = event.target;
      if (field.tagName === "SELECT") {
        submit();
      } else if (field === dateInput && !typing && dateInput.value && dateInput.checkValidity()) {
        submit();
      }
    });

    if (dateInput) {
      dateInput.addEventListener("keydown", function (event) {
        if (event.key !== "Enter" && event.key !== "Tab") typing = true;
      });
      dateInput.addEventListener("blur", function () {
        if (!typing) return;
        typing = false;
        if (dateInput.value && dateInput.value !== dateInput.defaultValue && dateInput.checkValidity()) submit();
      });
    }
  }

  // ---- Background backfill progress (administrator pages) ----------------------------------------

  var BACKFILL_POLL_MS = 2000;

  /**
   * Keeps each active backfill's progress bar, count and status up to date from its JSON
   * (`data-progress-url`). When a job ends, its own page reloads (`data-reload-when-done`) so the
   * final state (failures, restart) shows; the list just stops updating that row, keeping what the
   * form holds. Without script the job page refreshes itself (a <noscript> meta refresh).
   */
  function setUpBackfillProgress() {
    var jobs = document.querySelectorAll("[data-backfill-job][data-progress-url]");
    if (!jobs.length || !window.fetch) return;
    jobs.forEach(function (job) {
      var url = job.getAttribute("data-progress-url");
      var timer = 0;
      function update(data) {
        var bar = job.querySelector("[data-backfill-bar]");
        if (bar && data.total > 0) {
          bar.max = data.total;
          bar.value = Math.min(data.done, data.total);
          bar.textContent = data.percent + "%";
        }
        job.querySelectorAll("[data-backfill-field]").forEach(function (field) {
          var name = field.getAttribute("data-backfill-field");
          if (name === "calls") {
            field.textContent = Number(data.calls).toLocaleString();
          } else if (typeof data[name] === "string") {
            field.textContent = data[name];
          }
        });
      }
      function poll() {
        fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
          .then(function (response) {
            if (!response.ok) throw new Error("HTTP " + response.status);
            return response.json();
          })
          .then(function (data) {
            update(data);
            if (data.active) {
              timer = window.setTimeout(poll, BACKFILL_POLL_MS);
            } else if (job.hasAttribute("data-reload-when-done")) {
              // Without the one-time notice (?done=…) the page came with.
              var next = new URL(window.location.href);
              next.searchParams.delete("done");
              window.location.replace(next.toString());
            }
          })
          .catch(function () {
            // Try again a little later; the page still shows the last known state.
            timer = window.setTimeout(poll, BACKFILL_POLL_MS * 3);
          });
      }
      timer = window.setTimeout(poll, BACKFILL_POLL_MS);
      window.addEventListener("pagehide", function () {
        window.clearTimeout(timer);
      });
    });
  }

  // ---- The installed app: service worker, offline copies, new versions, the iOS hint -----------------

  var shells = document.querySelectorAll("template[data-app-shell]");
  var shell = shells[0];

  /** A copy of the piece of the app shell templates that matches `selector` (its words are the page's). */
  function shellPiece(selector) {
    for (var i = 0; i < shells.length; i += 1) {
      var piece = shells[i].content.querySelector(selector);
      if (piece) return piece.cloneNode(true);
    }
    return null;
  }

  /** "09:12" (today) or the date and time a saved copy of the page was made, in the page's language. */
  function savedTime(iso) {
    var saved = new Date(iso);
    if (isNaN(saved.getTime())) return "";
    var lang = root.lang || undefined;
    var time = saved.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
    if (saved.toDateString() === new Date().toDateString()) return time;
    return saved.toLocaleDateString(lang, { month: "short", day: "numeric" }) + " " + time;
  }

  /** The service worker marks a page it serves from its copy; say so at the top of the page. */
  function showOfflineNotice() {
    // The offline page stands in for the page asked for: "try again" asks for that page again.
    var retry = document.querySelector("[data-offline-retry]");
    if (retry && window.location.pathname !== "/offline") {
      retry.setAttribute("href", window.location.pathname + window.location.search);
    }
    var meta = document.querySelector("meta[name='boxoffice-saved-at']");
    var notice = meta && shellPiece("[data-offline-notice]");
    if (!notice || !main) return;
    notice.textContent = notice.textContent.replace("{time}", savedTime(meta.getAttribute("content")));
    main.insertBefore(notice, main.firstChild);
  }

  /** Offers the waiting version; only when the reader agrees does it take over (then the page reloads once). */
  function offerUpdate(worker) {
    if (document.querySelector("[data-update-banner]")) return;
    var banner = shellPiece("[data-update-banner]");
    if (!banner) return;
    banner.querySelector("[data-update-reload]").addEventListener("click", function () {
      worker.postMessage({ type: "skip-waiting" });
    });
    document.body.appendChild(banner);
  }

  function setUpServiceWorker() {
    if (!("serviceWorker" in navigator) || !shell) return;
    var hadController = !!navigator.serviceWorker.controller;
    var reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      // The first worker taking over a fresh page changes nothing visible; a new version does.
      if (!hadController || reloading) return;
      reloading = true;
      window.location.reload();
    });
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then(function (registration) {
        if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
        registration.addEventListener("updatefound", function () {
          var installing = registration.installing;
          if (!installing) return;
          installing.addEventListener("statechange", function () {
            if (installing.state === "installed" && navigator.serviceWorker.controller) offerUpdate(installing);
          });
        });
      })
      .catch(function () {
        // No worker (private browsing, an old browser): the site works as a plain web site.
      });
  }

  var IOS_HINT_KEY = "boxoffice.iosHint";

  /** iOS Safari has no install prompt: a small hint, until the reader closes it once. */
  function setUpIOSHint() {
    var ua = navigator.userAgent;
    var iOS = /iPhone|iPad|iPod/.test(ua) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
    var safari = /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
    var standalone = navigator.standalone === true ||
      (window.matchMedia && window.matchMedia("(display-mode: standalone)").matches);
    if (!iOS || !safari || standalone) return;
    try {
      if (window.localStorage.getItem(IOS_HINT_KEY) === "dismissed") return;
    } catch (error) {
      return;
    }
    var hint = shellPiece("[data-ios-hint]");
    if (!hint) return;
    hint.querySelector("[data-ios-hint-close]").addEventListener("click", function () {
      try {
        window.localStorage.setItem(IOS_HINT_KEY, "dismissed");
      } catch (error) {
        // Storage refused: the hint goes for this page only.
      }
      hint.remove();
    });
    document.body.appendChild(hint);
  }

  // ---- Notes written offline (the form and the list are in notes-offline.js, on the diary's pages) ----

  /** Asks the service worker to send the notes kept on this device, if any (on every load and reconnection). */
  function sendWaitingNotes() {
    var controller = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (controller && navigator.onLine !== false) controller.postMessage({ type: "send-notes" });
  }

  // ---- Wiring ------------------------------------------------------------------------------------

  document.addEventListener("click", function (event) {
    if (!(event.target instanceof Element)) return;
    var option = event.target.closest("[data-view-switch] a[data-view]");
    if (option && !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
      event.preventDefault();
      setView(option.getAttribute("data-view"));
      return;
    }
    var toggle = event.target.closest("[data-watchlist-toggle]");
    if (toggle) {
      toggleListed(toggle);
      return;
    }
    var refreshLink = event.target.closest("[data-refresh], [data-refresh-retry]");
    if (refreshLink && !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
      event.preventDefault();
      refresh();
      return;
    }
    var link = event.target.closest("a[href]");
    if (link && isPlainNavigation(event, link)) startLoading(main);
  });

  document.addEventListener("submit", function (event) {
    if (!event.defaultPrevented) startLoading(main);
  });

  // Coming back through the history cache shows the old page as it was left: not loading.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) stopLoading(main, "");
  });

  // ---- Who is reading ----------------------------------------------------------------------------

  var SIGNED_IN_HINT = /(?:^|;\s*)boxoffice_signed_in=1(?:;|$)/;
  var sessionRequest = null;

  /** Whether the `boxoffice_signed_in` hint says someone may be signed in (a signed-out visit asks nothing). */
  function mayBeSignedIn() {
    return SIGNED_IN_HINT.test(document.cookie) && !!window.fetch;
  }

  /** `GET /session` (never cached), asked at most once per page: who is signed in, and the session's CSRF token. */
  function currentSession() {
    if (!sessionRequest) {
      sessionRequest = fetch("/session", { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (response) { return response.ok ? response.json() : null; })
        .catch(function () { return null; });
    }
    return sessionRequest;
  }

  /**
   * Kept pages are the same for every reader, so the header links to "my diary" (which leads to the log-in page
   * without a session). Asks the server who is signed in only when the hint says someone may be (the marks answer
   * below says so too, so one request serves both), and offers "log in" instead to a reader who is not. Offline, the
   * link stays as it is.
   */
  function setUpReaderLink() {
    var link = document.querySelector("[data-reader-link]");
    if (!link) return;
    function showSignedOut() {
      link.textContent = link.getAttribute("data-signed-out-label") || link.textContent;
      link.setAttribute("href", link.getAttribute("data-signed-out-href") || "/login");
    }
    if (!SIGNED_IN_HINT.test(document.cookie)) {
      showSignedOut();
      return;
    }
    if (!window.fetch) return;
    var asked = document.querySelector("[data-alerts-link]") ? currentMarks() : currentSession();
    asked.then(function (answer) {
      if (answer && !answer.signedIn) showSignedOut();
    });
  }

  // ---- The reader's watchlist and alerts ---------------------------------------------------------

  /**
   * Chart, search and movie pages are the same for everyone; for a signed-in reader one small request
   * (`GET /watchlist/marks?codes=…`, never cached) says which of the page's films (`data-movie-code`) are on their
   * watchlist and how many alerts are unread. Listed films get a text badge; every film gets a toggle button
   * (`aria-pressed`) that posts to the watchlist's own forms with the session's CSRF token (`GET /session`, asked on
   * the first press). The words come from the page (`template[data-watchlist-pieces]`, the header's alerts link).
   */
  var listed = null;
  var pieces = document.querySelector("template[data-watchlist-pieces]");
  var marksRequest = null;
  var alertsMarked = null;

  /** `GET /watchlist/marks` for this page's films, asked once: `{"signedIn", "listed", "unread"}`, or null. */
  function currentMarks() {
    if (!marksRequest) {
      var link = document.querySelector("[data-alerts-link]");
      var codes = [];
      document.querySelectorAll("[data-movie-code]").forEach(function (item) {
        var code = item.getAttribute("data-movie-code");
        if (code && codes.indexOf(code) < 0) codes.push(code);
      });
      var url = ((link && link.getAttribute("data-marks-url")) || "/watchlist/marks") +
        "?codes=" + encodeURIComponent(codes.join(","));
      marksRequest = (alertsMarked || Promise.resolve())
        .then(function () {
          return fetch(url, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } });
        })
        .then(function (response) { return response.ok ? response.json() : null; })
        .catch(function () { return null; });
    }
    return marksRequest;
  }

  function showUnread(count) {
    var link = document.querySelector("[data-alerts-link]");
    if (!link) return;
    var badge = link.querySelector("[data-alerts-count]");
    link.hidden = false;
    if (badge) {
      badge.textContent = count > 0 ? String(count) : "";
      badge.hidden = !(count > 0);
    }
    // Said in one run, with the visible words first: "Alerts 3 unread", "알림 3건 읽지 않음".
    if (count > 0) {
      var label = link.getAttribute("data-alerts-label") || "";
      link.setAttribute("aria-label", label + " " + count + (link.getAttribute("data-unread-suffix") || ""));
    } else {
      link.removeAttribute("aria-label");
    }
  }

  /** Shows `code`'s badge and toggle state wherever the film appears on the page. */
  function showListed(code, isListed) {
    document.querySelectorAll("[data-movie-code]").forEach(function (item) {
      if (item.getAttribute("data-movie-code") !== code) return;
      var mark = item.querySelector("[data-watchlist-mark]");
      var button = item.querySelector("[data-watchlist-toggle]");
      if (mark) mark.hidden = !isListed;
      if (button) button.setAttribute("aria-pressed", isListed ? "true" : "false");
    });
  }

  /** Puts a badge and a toggle into each film's slot within `scope` (the page, or a refreshed chart). */
  function markFilms(scope) {
    if (!listed || !pieces) return;
    scope.querySelectorAll("[data-movie-code]").forEach(function (item) {
      var slot = item.hasAttribute("data-watchlist-slot") ? item : item.querySelector("[data-watchlist-slot]");
      if (!slot || slot.querySelector("[data-watchlist-toggle]")) return;
      var code = item.getAttribute("data-movie-code");
      var mark = pieces.content.querySelector("[data-watchlist-mark]").cloneNode(true);
      var button = pieces.content.querySelector("[data-watchlist-toggle]").cloneNode(true);
      var title = button.querySelector("[data-toggle-title]");
      if (title) title.textContent = " " + (item.getAttribute("data-movie-title") || "");
      // The no-script path (a link to the add form) gives way to the toggle.
      var fallback = slot.querySelector("[data-watchlist-fallback]");
      if (fallback) fallback.hidden = true;
      slot.appendChild(mark);
      slot.appendChild(document.createTextNode(" "));
      slot.appendChild(button);
      mark.hidden = !listed[code];
      button.setAttribute("aria-pressed", listed[code] ? "true" : "false");
    });
  }

  function toggleListed(button) {
    var item = button.closest("[data-movie-code]");
    if (!item || button.getAttribute("aria-busy") === "true") return;
    var code = item.getAttribute("data-movie-code");
    var adding = button.getAttribute("aria-pressed") !== "true";
    var action = adding ? pieces.getAttribute("data-add-action") : "/watchlist/" + encodeURIComponent(code) + "/remove";
    var title = item.getAttribute("data-movie-title") || "";
    button.setAttribute("aria-busy", "true");
    currentSession()
      .then(function (session) {
        if (!session || !session.signedIn) throw new Error("signed out");
        return fetch(action, {
          method: "POST",
          credentials: "same-origin",
          redirect: "manual",
          headers: {
            Accept: "application/json",
            "Content-Type": "application/x-www-form-urlencoded",
            "X-CSRF-Token": session.csrfToken,
          },
          body: adding ? "movieCode=" + encodeURIComponent(code) : "",
        });
      })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      })
      .then(function (answer) {
        listed[code] = answer.listed;
        showListed(code, answer.listed);
        var text = pieces.getAttribute(answer.listed ? "data-added-text" : "data-removed-text") || "";
        stopLoading(null, text.replace("{title}", title));
      })
      .catch(function () {
        stopLoading(null, pieces.getAttribute("data-failed-text") || "");
      })
      .then(function () {
        button.removeAttribute("aria-busy");
      });
  }

  /**
   * On the notifications page, the alerts shown are marked read by posting the page's own form (`POST
   * /notifications/read` with `X-CSRF-Token`): opening the page (a GET) changes nothing, so a link from another site
   * cannot. Resolves once done (or failed), so the header's count is asked for afterwards.
   */
  function markShownAlertsRead() {
    var form = document.querySelector("form[data-mark-read]");
    if (!form || !window.fetch || navigator.onLine === false) return Promise.resolve();
    var token = form.querySelector("[name='csrf']");
    var fields = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrf" && typeof value === "string") fields.append(name, value);
    });
    return fetch(form.action, {
      method: "POST",
      credentials: "same-origin",
      redirect: "manual",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-CSRF-Token": token ? token.value : "",
      },
      body: fields.toString(),
    })
      .then(function (response) {
        // Marked: the button has nothing left to do (the list still shows which alerts were new).
        if (response.ok) form.hidden = true;
      })
      .catch(function () {});
  }

  /** Offline, or with the server away, the page stays as it was served. */
  function setUpWatchlistMarks() {
    if (!document.querySelector("[data-alerts-link]") || !mayBeSignedIn()) return;
    currentMarks().then(function (marks) {
      if (!marks || !marks.signedIn) return;
      showUnread(marks.unread || 0);
      listed = {};
      (marks.listed || []).forEach(function (code) { listed[code] = true; });
      markFilms(document);
    });
  }

  /**
   * Without BOXOFFICE_PUBLIC_URL the server never names its own address (it would have to trust the request's Host),
   * so a feed address to copy comes as a path: completed here with the address this page was loaded from.
   */
  function completeSiteAddresses() {
    document.querySelectorAll("input[data-site-relative]").forEach(function (input) {
      if (input.value.charAt(0) === "/" && input.value.charAt(1) !== "/") input.value = window.location.origin + input.value;
    });
  }

  // First, so the header's unread count (asked by both below) comes after the notifications page marked its alerts.
  alertsMarked = markShownAlertsRead();
  setUpReaderLink();
  setUpWatchlistMarks();
  completeSiteAddresses();
  setUpPullToRefresh();
  enhanceTables(document);
  setUpAutoSubmit();
  setUpBackfillProgress();
  showOfflineNotice();
  setUpServiceWorker();
  setUpIOSHint();
  sendWaitingNotes();
  window.addEventListener("online", sendWaitingNotes);
})();
