/*
 * BoxOffice's diary offline (loaded on the diary's pages): a new note is first kept on the device (IndexedDB)
 * with a fresh Idempotency-Key, then the service worker sends it (sw.js). Sent → its page opens; no connection or
 * no session → it waits, listed on the note pages, and the worker sends it when the page script (app.js) sees the
 * connection come back or a page load, or on Background Sync; refused by the server → the form is posted as
 * usual, so the server's reasons show. Without a service worker the form posts as it always did.
 * Each note is labelled with the account that wrote it (the diary's navigation says which, `data-account`): this
 * page lists, and the worker sends, only the signed-in account's notes; another account's wait on the device for
 * their owner, and the page says how many.
 */
(function () {
  "use strict";

  var main = document.querySelector("main");
  var nav = document.querySelector(".diary-nav[data-account]");
  var account = nav ? nav.getAttribute("data-account") : "";
  var shells = document.querySelectorAll("template[data-app-shell]");

  function shellPiece(selector) {
    for (var i = 0; i < shells.length; i += 1) {
      var piece = shells[i].content.querySelector(selector);
      if (piece) return piece.cloneNode(true);
    }
    return null;
  }

  /** "09:12" (today) or the date and time, in the page's language. */
  function savedTime(iso) {
    var saved = new Date(iso);
    if (isNaN(saved.getTime())) return "";
    var lang = document.documentElement.lang || undefined;
    var time = saved.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
    if (saved.toDateString() === new Date().toDateString()) return time;
    return saved.toLocaleDateString(lang, { month: "short", day: "numeric" }) + " " + time;
  }

  /** While a note is being kept and sent, its button waits (no second note from a second tap). */
  function setSending(form, sending) {
    if (!form) return;
    var button = form.querySelector("button[type=submit]");
    if (button) button.disabled = sending;
    if (sending) form.setAttribute("aria-busy", "true");
    else form.removeAttribute("aria-busy");
  }

  // The store itself is shared with the service worker (offline-notes-store.js, loaded first).
  var notesRequest = self.BoxOfficeNotesStore.request;

  var justWritten = null;
  var lastReport = null;

  /** What a refused note says, and a button that drops it from the device. */
  function refusedNote(box, note) {
    var part = document.createDocumentFragment();
    part.appendChild(document.createTextNode(" — " + (box.getAttribute("data-refused-text") || "") + " "));
    var discard = document.createElement("button");
    discard.type = "button";
    discard.className = "button-secondary";
    discard.textContent = box.getAttribute("data-discard-text") || "×";
    discard.addEventListener("click", function () {
      notesRequest("readwrite", function (store) {
        return store.delete(note.key);
      }).then(function () {
        showWaitingNotes();
      });
    });
    part.appendChild(discard);
    return part;
  }

  /** Lists this account's notes kept on this device on the diary's note pages, with why they wait. */
  function showWaitingNotes(reveal) {
    if (window.location.pathname.indexOf("/notes") !== 0 || !main) return;
    notesRequest("readonly", function (store) {
      return store.getAll();
    })
      .then(function (all) {
        var box = document.querySelector("[data-waiting-notes]");
        var notes = (all || []).filter(function (note) {
          return !!account && note.account === account;
        });
        var others = (all || []).length - notes.length;
        if (!notes.length && !others) {
          if (box) box.remove();
          return;
        }
        if (!box) {
          box = shellPiece("[data-waiting-notes]");
          if (!box) return;
          var heading = main.querySelector("h1");
          if (heading) heading.insertAdjacentElement("afterend", box);
          else main.insertBefore(box, main.firstChild);
        }
        var list = box.querySelector("[data-waiting-list]");
        list.replaceChildren.apply(
          list,
          notes.map(function (note) {
            var item = document.createElement("li");
            item.textContent = note.title + " · " + savedTime(note.writtenAt);
            if (note.refused) item.appendChild(refusedNote(box, note));
            return item;
          })
        );
        var status = box.querySelector("[data-waiting-status]");
        var why = lastReport && lastReport.signedOut ? "data-signed-out-text" : "data-offline-text";
        status.textContent = notes.length ? box.getAttribute(why) || "" : "";
        var elsewhere = box.querySelector("[data-waiting-others]");
        if (elsewhere) {
          elsewhere.textContent = (box.getAttribute("data-other-account-text") || "").replace("{count}", String(others));
          elsewhere.hidden = !others;
        }
        if (reveal) {
          box.setAttribute("tabindex", "-1");
          box.focus();
        }
      })
      .catch(function () {});
  }

  /** Asks the service worker to send what waits (it answers with a "notes" message). */
  function sendWaitingNotes() {
    var controller = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (controller) controller.postMessage({ type: "send-notes" });
  }

  /**
   * On the new-note form, once a service worker runs: the note is first kept on the device with a fresh
   * Idempotency-Key, then sent by the worker. Sent → its page opens; no connection or no session → it waits,
   * listed on the page, and goes when the connection (or the reader's session) is back; refused by the
   * server → the form is posted as usual, so the server's reasons show.
   */
  function setUpOfflineNotes() {
    if (!("serviceWorker" in navigator) || !window.indexedDB) return;
    navigator.serviceWorker.addEventListener("message", function (event) {
      var report = event.data || {};
      if (report.type !== "notes") return;
      lastReport = report;
      var form = document.querySelector("form.note-form");
      if (justWritten) {
        var key = justWritten;
        var sent = report.sent.filter(function (note) {
          return note.key === key;
        })[0];
        if (sent) {
          justWritten = null;
          window.location.assign(sent.url);
          return;
        }
        if (report.refused.some(function (note) { return note.key === key; }) && form) {
          justWritten = null;
          notesRequest("readwrite", function (store) {
            return store.delete(key);
          }).then(function () {
            form.setAttribute("data-plain-submit", "");
            form.submit();
          });
          return;
        }
        // Kept, not sent yet: the form is ready for another note and the list of waiting notes says so.
        justWritten = null;
        setSending(form, false);
        if (form) form.reset();
        showWaitingNotes(true);
        return;
      }
      // Notes sent in the background show up in the list they belong to.
      if (report.sent.length && window.location.pathname === "/notes") {
        window.location.reload();
        return;
      }
      showWaitingNotes();
    });

    var form = document.querySelector("form.note-form");
    if (form && new URL(form.action, window.location.href).pathname === "/notes") {
      form.addEventListener("submit", function (event) {
        var controller = navigator.serviceWorker.controller;
        if (event.defaultPrevented || form.hasAttribute("data-plain-submit") || !controller || !window.crypto ||
            typeof window.crypto.randomUUID !== "function" || !account) {
          return;
        }
        event.preventDefault();
        var fields = [];
        new FormData(form).forEach(function (value, name) {
          if (name !== "csrf" && typeof value === "string") fields.push([name, value]);
        });
        var title = form.querySelector("[name='title']");
        var action = new URL(form.action, window.location.href);
        var note = {
          key: window.crypto.randomUUID(),
          // Whose note it is: sent only while this account is signed in, listed only on its pages.
          account: account,
          // The form's address keeps the page's `?lang=`, so the saved note opens in the same language.
          action: action.pathname + action.search,
          fields: fields,
          title: title ? title.value : "",
          writtenAt: new Date().toISOString(),
        };
        setSending(form, true);
        notesRequest("readwrite", function (store) {
          return store.put(note);
        }).then(
          function () {
            justWritten = note.key;
            showWaitingNotes();
            navigator.serviceWorker.ready.then(function (registration) {
              if (registration.sync) registration.sync.register("send-notes").catch(function () {});
            });
            sendWaitingNotes();
          },
          function () {
            // The device would not keep it: post the form as usual.
            setSending(form, false);
            form.setAttribute("data-plain-submit", "");
            form.submit();
          }
        );
      });
    }
    showWaitingNotes();
  }

  setUpOfflineNotes();
})();
