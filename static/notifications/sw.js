// hexsite's service worker: shows the push notifications the site sends (games/notifications/
// push.py) and opens the page they name when clicked. Nothing is cached.
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
