/*
 * BoxOffice service worker (served at /sw.js, root scope). The server fills in the version (a digest of every
 * static file's fingerprint) and the shell to precache: a new deployment is a new worker, which waits until
 * the reader agrees to reload (the page sends "skip-waiting").
 *
 * - Pages: network first; after a few seconds without an answer, or with none, the copy last seen, marked with
 *   the time it was saved; a page never seen offline → /offline. At most 50 public and 50 private pages.
 * - Fingerprinted static files: cache first (their address changes with their content).
 * - Posters: stale-while-revalidate, at most 200.
 * - Every page says which account it was shown to (X-BoxOffice-Account, or "none"); private pages also say when their
 *   session ends (X-BoxOffice-Session-Expires). They are kept apart, with the account they were shown to and until
 *   when; that cache is emptied on /logout and /account/delete, when any page answers for no account or another one
 *   (a session ended on another device goes with the next page seen online), and once the session's end has passed.
 *   Offline, a private copy is shown only while that session lasts (and, where the browser lets the worker read
 *   cookies, while the signed-in hint cookie is there): a device shared with the next person never shows them the
 *   last one's diary.
 * - Notes written offline wait in IndexedDB (the page puts them there, labelled with the account that wrote them)
 *   and are posted to /notes, once each, with their Idempotency-Key, only while that account is signed in; another
 *   account's notes stay on the device for their owner. An account deleted on this device takes its waiting notes
 *   with it: the log-in page names it for ten minutes after (X-BoxOffice-Deleted-Account).
 */
"use strict";

var VERSION = "__VERSION__";
var PRECACHE = __PRECACHE__;

var STATIC_CACHE = "boxoffice-static-" + VERSION;
var PAGES_CACHE = "boxoffice-pages-" + VERSION;
var PRIVATE_CACHE = "boxoffice-private-" + VERSION;
var POSTERS_CACHE = "boxoffice-posters";
var PAGE_LIMIT = 50;
var POSTER_LIMIT = 200;
var NETWORK_TIMEOUT_MS = 3000;
var SAVED_HEADER = "X-BoxOffice-Saved-At";
var ACCOUNT_HEADER = "X-BoxOffice-Account";
var EXPIRES_HEADER = "X-BoxOffice-Session-Expires";
var DELETED_HEADER = "X-BoxOffice-Deleted-Account";
var SIGNED_IN_HINT = "boxoffice_signed_in";
var ACCOUNT_KEY = "/__boxoffice/account";
var FINGERPRINTED = /^\/static\/.+\.[0-9a-f]{12}(\.[A-Za-z0-9]+)?$/;
var POSTER = /^\/movies\/[^/]+\/poster$/;
var NOTE_PAGE = /^\/notes\/[0-9A-Fa-f-]{36}$/;

// ---- lifecycle -------------------------------------------------------------------------------------------------

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE).then(function (cache) {
      return cache.addAll(
        PRECACHE.map(function (url) {
          return new Request(url, { cache: "reload", credentials: "same-origin" });
        })
      );
    })
  );
});

self.addEventListener("activate", function (event) {
  var current = [STATIC_CACHE, PAGES_CACHE, PRIVATE_CACHE, POSTERS_CACHE];
  event.waitUntil(
    caches
      .keys()
      .then(function (names) {
        return labelOlderNotes(names).then(function () {
          return names;
        });
      })
      .then(function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf("boxoffice-") === 0 && current.indexOf(name) < 0;
            })
            .map(function (name) {
              return caches.delete(name);
            })
        );
      })
      .then(function () {
        return self.clients.claim();
      })
  );
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "skip-waiting") {
    self.skipWaiting();
  } else if (data.type === "send-notes") {
    event.waitUntil(sendNotes());
  }
});

self.addEventListener("sync", function (event) {
  if (event.tag === "send-notes") event.waitUntil(sendNotes());
});

// ---- requests --------------------------------------------------------------------------------------------------

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Logging out and deleting the account both end the session: the private copies go at once.
  if (request.method === "POST" && (url.pathname === "/logout" || url.pathname === "/account/delete")) {
    event.waitUntil(forgetAccount());
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (FINGERPRINTED.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else if (POSTER.test(url.pathname)) {
    event.respondWith(staleWhileRevalidate(event));
  }
});

/** Network first with a deadline; then the saved copy; then /offline. */
function page(event) {
  var request = event.request;
  var fromNetwork = fetch(request);
  event.waitUntil(
    fromNetwork.then(
      function (response) {
        var deleted = response.headers.get(DELETED_HEADER);
        return Promise.all([remember(request, response.clone()), deleted ? forgetNotesOf(deleted) : null]);
      },
      function () {}
    )
  );
  var deadline = new Promise(function (resolve) {
    setTimeout(resolve, NETWORK_TIMEOUT_MS, null);
  });
  return Promise.race([fromNetwork, deadline])
    .then(function (response) {
      if (response) return response;
      return savedPage(request.url).then(function (saved) {
        return saved || fromNetwork;
      });
    })
    .catch(function () {
      return savedPage(request.url).then(function (saved) {
        return saved || offlinePage(request.url);
      });
    });
}

/** Keeps a page as it was shown, and learns from it which account the server answers for, and until when. */
function remember(request, response) {
  var account = response.headers.get(ACCOUNT_HEADER);
  var expires = response.headers.get(EXPIRES_HEADER);
  var type = response.headers.get("Content-Type") || "";
  var storable = response.status === 200 && response.type === "basic" && type.indexOf("text/html") === 0;
  return learnAccount(account, expires).then(function (known) {
    if (!storable) return;
    if (account && expires) {
      // A private page (made for a session, it says until when): kept only for its account while the session lasts.
      if (account === "none" || known !== account) return;
      return keep(PRIVATE_CACHE, request.url, response, PAGE_LIMIT);
    }
    if (/no-store/.test(response.headers.get("Cache-Control") || "")) return;
    return keep(PAGES_CACHE, request.url, response, PAGE_LIMIT);
  });
}

/** Stores `response` under `url` with the time it was saved, dropping the oldest entries past `limit`. */
function keep(cacheName, url, response, limit) {
  var headers = new Headers(response.headers);
  headers.set(SAVED_HEADER, new Date().toISOString());
  // The body is stored decoded: these would describe the bytes on the wire.
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  return response.blob().then(function (body) {
    return caches.open(cacheName).then(function (cache) {
      // Deleting first moves a page seen again to the young end of the list.
      return cache
        .delete(url, { ignoreVary: true })
        .then(function () {
          return cache.put(url, new Response(body, { status: response.status, headers: headers }));
        })
        .then(function () {
          return trim(cache, limit);
        });
    });
  });
}

function trim(cache, limit) {
  return cache.keys().then(function (keys) {
    var pages = keys.filter(function (key) {
      return new URL(key.url).pathname !== ACCOUNT_KEY;
    });
    return Promise.all(
      pages.slice(0, Math.max(0, pages.length - limit)).map(function (key) {
        return cache.delete(key);
      })
    );
  });
}

/**
 * The saved copy of a page (public, or private for the account last seen while its session lasts), marked with when
 * it was saved. A private copy whose session is over, or whose owner is unknown, is never shown (the offline page is).
 */
function savedPage(url) {
  return caches
    .open(PAGES_CACHE)
    .then(function (cache) {
      return cache.match(url, { ignoreVary: true });
    })
    .then(function (found) {
      if (found) return found;
      return liveLabel().then(function (label) {
        if (!label) return undefined;
        return caches.open(PRIVATE_CACHE).then(function (cache) {
          return cache.match(url, { ignoreVary: true });
        });
      });
    })
    .then(function (found) {
      return found ? marked(found) : null;
    });
}

/** The page with `<meta name="boxoffice-saved-at">`, which the page script turns into the offline notice. */
function marked(response) {
  var savedAt = response.headers.get(SAVED_HEADER) || "";
  return response.text().then(function (html) {
    var meta = '<meta name="boxoffice-saved-at" content="' + savedAt.replace(/[^0-9TZ:.+-]/g, "") + '">';
    return new Response(html.replace("<head>", "<head>" + meta), {
      status: 200,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  });
}

function offlinePage(url) {
  var lang = new URL(url).searchParams.get("lang");
  var address = lang === "en" || lang === "ko" ? "/offline?lang=" + lang : "/offline";
  return caches.match(address, { ignoreVary: true, cacheName: STATIC_CACHE }).then(function (found) {
    return found || Response.error();
  });
}

function cacheFirst(request) {
  return caches.match(request, { ignoreVary: true }).then(function (found) {
    if (found) return found;
    return fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(STATIC_CACHE).then(function (cache) {
          return cache.put(request, copy);
        });
      }
      return response;
    });
  });
}

function staleWhileRevalidate(event) {
  var request = event.request;
  return caches.open(POSTERS_CACHE).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (found) {
      var fresh = fetch(request).then(function (response) {
        // A poster found elsewhere comes back as an opaque answer; it is kept as it is.
        if (response.ok || response.type === "opaque") {
          return cache
            .put(request, response.clone())
            .then(function () {
              return trim(cache, POSTER_LIMIT);
            })
            .then(function () {
              return response;
            });
        }
        return response;
      });
      if (found) {
        event.waitUntil(fresh.catch(function () {}));
        return found;
      }
      return fresh;
    });
  });
}

/**
 * Notes queued by a worker from before notes carried their account take, once, the account that worker's private
 * pages were labelled with (a plain id, the account signed in while they were written); with no such label they
 * stay on the device unsent, listed for the reader, rather than go to whoever signs in next.
 */
function labelOlderNotes(names) {
  var older = names.filter(function (name) {
    return name.indexOf("boxoffice-private-") === 0 && name !== PRIVATE_CACHE;
  });
  return older
    .reduce(function (found, name) {
      return found.then(function (account) {
        if (account) return account;
        return caches
          .open(name)
          .then(function (cache) {
            return cache.match(ACCOUNT_KEY);
          })
          .then(function (label) {
            return label ? label.text() : null;
          })
          .then(function (text) {
            return text && text !== "none" && text.charAt(0) !== "{" ? text : null;
          });
      });
    }, Promise.resolve(null))
    .then(function (account) {
      if (!account) return;
      return notesRequest("readwrite", function (store) {
        var walk = store.openCursor();
        walk.onsuccess = function () {
          var at = walk.result;
          if (!at) return;
          if (!at.value.account) at.update(Object.assign({}, at.value, { account: account }));
          at.continue();
        };
        return null;
      });
    })
    .catch(function () {});
}

// ---- the account private pages belong to -----------------------------------------------------------------------

/** The label kept with the private pages, `{account, expiresAt}` (ms since 1970), or null. */
function readLabel() {
  return caches.open(PRIVATE_CACHE).then(function (cache) {
    return cache.match(ACCOUNT_KEY).then(function (found) {
      if (!found) return null;
      return found.json().then(
        function (label) {
          var valid = label && typeof label.account === "string" && typeof label.expiresAt === "number";
          return valid ? label : null;
        },
        function () {
          return null;
        }
      );
    });
  });
}

/** An expiry as the server wrote it (RFC 3339), in ms; NaN when absent or unreadable. */
function expiryTime(text) {
  return text ? Date.parse(text) : NaN;
}

/**
 * The label of the private pages when they may be shown now: its session has not ended and, where the worker can read
 * cookies (the Cookie Store API), the signed-in hint cookie, which ends with the session, is still there. A label past
 * its session empties the private cache. Resolves to the label or null.
 */
function liveLabel() {
  return readLabel().then(function (label) {
    if (!label) return null;
    if (!(label.expiresAt > Date.now())) {
      return caches.delete(PRIVATE_CACHE).then(function () {
        return null;
      });
    }
    if (!self.cookieStore || typeof self.cookieStore.get !== "function") return label;
    return self.cookieStore.get(SIGNED_IN_HINT).then(
      function (hint) {
        return hint ? label : null;
      },
      function () {
        return label;
      }
    );
  });
}

/**
 * `account` is what the server said on a page: an opaque id, "none" (no one signed in) or null (an answer that says
 * nothing); `expires`, when that account's session ends (private pages only). Anything but the account already known
 * empties the private cache; the known account's label takes the new expiry. Resolves to the account now known
 * (null when its session's end is unknown: a public page; nothing private is kept from it).
 */
function learnAccount(account, expires) {
  if (!account) return Promise.resolve(null);
  var expiresAt = expiryTime(expires);
  return readLabel().then(function (known) {
    var same = known && known.account === account;
    var start = same ? Promise.resolve() : caches.delete(PRIVATE_CACHE);
    return start.then(function () {
      if (account === "none" || isNaN(expiresAt)) return null;
      return caches.open(PRIVATE_CACHE).then(function (cache) {
        var label = JSON.stringify({ account: account, expiresAt: expiresAt });
        return cache
          .put(ACCOUNT_KEY, new Response(label, { headers: { "Content-Type": "application/json" } }))
          .then(function () {
            return account;
          });
      });
    });
  });
}

function forgetAccount() {
  return caches.delete(PRIVATE_CACHE);
}

/** Drops the notes waiting on this device for an account deleted here: nobody can send them any more. */
function forgetNotesOf(account) {
  return notesRequest("readwrite", function (store) {
    var walking = store.openCursor();
    walking.onsuccess = function () {
      var cursor = walking.result;
      if (!cursor) return;
      if (cursor.value && cursor.value.account === account) cursor.delete();
      cursor.continue();
    };
  }).catch(function () {});
}

// ---- notes written offline ------------------------------------------------------------------------------------

// The store itself is shared with the page script.
importScripts("__NOTES_STORE__");
var notesRequest = self.BoxOfficeNotesStore.request;

var sending = null;
var sendAgain = false;

/**
 * Sends every waiting note; a call while a send is under way runs once more after it (the account signed in may
 * have changed meanwhile: a log-in right after a log-out), and the server dedupes by key besides.
 */
function sendNotes() {
  if (sending) {
    sendAgain = true;
    return sending;
  }
  sending = sendWaitingNotes()
    .then(tellPages, function () {})
    .then(function () {
      sending = null;
      if (!sendAgain) return;
      sendAgain = false;
      return sendNotes();
    });
  return sending;
}

/**
 * Sends the waiting notes of the account signed in now, and only those: a note is labelled with the account that
 * wrote it, and another account's notes stay on the device for their owner (the report counts them, and the page
 * says so).
 */
function sendWaitingNotes() {
  var report = { type: "notes", sent: [], refused: [], signedOut: false, offline: false, account: null };
  return notesRequest("readonly", function (store) {
    return store.getAll();
  }).then(function (notes) {
    // A note the server refused (400) is not sent again: the page lists it for the reader to discard.
    notes = (notes || []).filter(function (note) {
      return !note.refused;
    });
    if (!notes.length) return report;
    return currentSession()
      .then(function (session) {
        if (!session) {
          report.signedOut = true;
          return learnAccount("none");
        }
        report.account = session.account;
        return learnAccount(session.account, session.expiresAt).then(function () {
          var own = notes.filter(function (note) {
            return note.account === session.account;
          });
          return own.reduce(function (previous, note) {
            return previous.then(function () {
              if (report.signedOut) return;
              return sendNote(note, session.csrfToken, report);
            });
          }, Promise.resolve());
        });
      })
      .catch(function () {
        report.offline = true;
      })
      .then(function () {
        return report;
      });
  });
}

/**
 * The signed-in session (`GET /session`): `{account, csrfToken, expiresAt}`, or null when no one is signed in.
 */
function currentSession() {
  return fetch("/session", { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
    .then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    })
    .then(function (session) {
      var valid = session && session.signedIn && session.csrfToken && session.account;
      return valid ? session : null;
    });
}

function isLogin(response) {
  return new URL(response.url, self.location.origin).pathname === "/login";
}

function sendNote(note, token, report) {
  var action = /^\/notes(\?[^#]*)?$/.test(note.action || "") ? note.action : "/notes";
  return fetch(action, {
    method: "POST",
    credentials: "same-origin",
    cache: "no-store",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Idempotency-Key": note.key,
      "X-CSRF-Token": token,
    },
    body: new URLSearchParams(note.fields).toString(),
  }).then(function (response) {
    var path = new URL(response.url, self.location.origin).pathname;
    if (response.ok && NOTE_PAGE.test(path)) {
      report.sent.push({ key: note.key, url: response.url });
      return notesRequest("readwrite", function (store) {
        return store.delete(note.key);
      });
    }
    if (isLogin(response) || response.status === 401 || response.status === 403) {
      report.signedOut = true;
    } else if (response.status === 400) {
      // The form itself was refused (nothing was written): the page shows it again to be corrected.
      report.refused.push({ key: note.key });
      return notesRequest("readwrite", function (store) {
        return store.put(Object.assign({}, note, { refused: true }));
      });
    }
  });
}

function tellPages(report) {
  return self.clients.matchAll({ type: "window" }).then(function (clients) {
    clients.forEach(function (client) {
      client.postMessage(report);
    });
    return report;
  });
}
