// hexsite's service worker (served at /sw.js by games/notifications/views.py):
// - shows the push notifications the site sends (games/notifications/push.py) and opens the
//   page they name when clicked;
// - when a page cannot be reached (offline), shows the offline page (games/notifications/
//   pwa.py) in the language of the last page the player saw.
// The only things it ever caches are those offline pages, one per language, the same for every
// account, and the two letters of that language: never a match page, a partial nor any answer of the site, so what one account saw
// (hidden information included) never sits in a cache another account of the browser reads.
var CACHE = "hexsite-offline-v1";
var LANGUAGES = ["fr", "en"];
var OFFLINE = LANGUAGES.map(function (code) { return "/offline/" + code + "/"; });
// The last page's language, from its Content-Language: kept in the cache too (two letters),
// since the browser stops an idle worker and its memory with it.
var LANGUAGE_KEY = "/offline/language";
var language = null;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      // Fetched without cookies: the pages are the same for everybody.
      return Promise.all(OFFLINE.map(function (url) {
        return fetch(url, { credentials: "omit" }).then(function (response) {
          if (!response.ok) throw new Error(url + ": " + response.status);
          return cache.put(url, response);
        });
      }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) { return name !== CACHE; }).map(function (name) {
        return caches.delete(name);
      }));
    }).then(function () { return self.clients.claim(); })
  );
});

function remember(said) {
  if (LANGUAGES.indexOf(said) < 0 || said === language) return;
  language = said;
  caches.open(CACHE).then(function (cache) { return cache.put(LANGUAGE_KEY, new Response(said)); });
}

function offlinePage(cache) {
  return cache.match(LANGUAGE_KEY).then(function (stored) {
    return stored ? stored.text() : "";
  }).then(function (stored) {
    var wanted = language || stored || (self.navigator.language || "fr").slice(0, 2);
    var code = LANGUAGES.indexOf(wanted) >= 0 ? wanted : "fr";
    return cache.match("/offline/" + code + "/");
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  // Only a page being opened: everything else (partials, forms, static files) goes to the
  // network untouched, as without a worker.
  if (request.mode !== "navigate" || request.method !== "GET") return;
  event.respondWith(
    fetch(request).then(function (response) {
      remember((response.headers.get("Content-Language") || "").slice(0, 2));
      return response;
    }).catch(function () {
      return caches.open(CACHE).then(offlinePage).then(function (page) {
        return page || Response.error();
      });
    })
  );
});

self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = { body: event.data.text() }; }
  event.waitUntil(
    self.registration.showNotification(data.title || "hexsite", {
      body: data.body || "",
      tag: data.tag || undefined,
      icon: "/static/favicon.svg",
      data: { url: data.url || "/" },
    })
  );
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (list) {
      for (var i = 0; i < list.length; i++) {
        if (new URL(list[i].url).pathname === url && "focus" in list[i]) return list[i].focus();
      }
      return self.clients.openWindow(url);
    })
  );
});
