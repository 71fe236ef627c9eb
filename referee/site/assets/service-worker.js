/* The site's service worker (written by referee/site/offline.py as sw.js at the
 * site's root): every file of the site cached on the first visit, so the site
 * works with no network afterwards; a new build is a new VERSION, whose cache
 * replaces the old one when this worker takes over. Pages and the search index
 * are asked of the network first (the newest build wins while online), the
 * rest of the cache first. */
"use strict";
var CACHE = "referee-VERSION";
var FILES = "FILES";

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    var root = new URL("./", self.location).href;
    return cache.addAll(FILES.map(function (f) { return root + f; }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("referee-") === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function fresh(request) {  // a page or the search index: the network's, else the cache's
  return fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }, function () {
    return caches.match(request, { ignoreSearch: true }).then(function (found) {
      return found || caches.match(new URL("./index.html", self.location).href);
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  var page = request.mode === "navigate" || /\.html$|search_index\.js(on)?$/.test(new URL(request.url).pathname);
  if (page) { event.respondWith(fresh(request)); return; }
  event.respondWith(caches.match(request, { ignoreSearch: true }).then(function (found) {
    return found || fetch(request);
  }));
});
