/*
 * The IndexedDB store of notes written offline, shared by the page script (notes-offline.js, which puts notes
 * there) and the service worker (sw.js, which sends them): `self.BoxOfficeNotesStore.request(mode, work)` runs
 * `work(objectStore)` in one transaction and resolves with its request's result once the transaction completes.
 */
(function (scope) {
  "use strict";

  function open() {
    return new Promise(function (resolve, reject) {
      var opening = scope.indexedDB.open("boxoffice", 1);
      opening.onupgradeneeded = function () {
        opening.result.createObjectStore("notes", { keyPath: "key" });
      };
      opening.onsuccess = function () {
        resolve(opening.result);
      };
      opening.onerror = function () {
        reject(opening.error);
      };
    });
  }

  function request(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction("notes", mode);
        var pending = work(transaction.objectStore("notes"));
        transaction.oncomplete = function () {
          db.close();
          resolve(pending ? pending.result : undefined);
        };
        transaction.onerror = function () {
          db.close();
          reject(transaction.error);
        };
      });
    });
  }

  scope.BoxOfficeNotesStore = { request: request };
})(self);
