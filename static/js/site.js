// A few lines around htmx: the CSRF header, the "something changed" websocket, and answers
// with status 409 (stale board) or 400 (refused input, with its reason) still swapped in so the
// player sees the current position or what to correct.
(function () {
  "use strict";

  document.addEventListener("htmx:configRequest", function (event) {
    var meta = document.querySelector('meta[name="csrf-token"]');
    if (meta) event.detail.headers["X-CSRFToken"] = meta.content;
  });

  document.addEventListener("DOMContentLoaded", function () {
    if (window.htmx) {
      htmx.config.responseHandling = [
        { code: "204", swap: false },
        { code: "[23]..", swap: true },
        { code: "409", swap: true, error: false },
        // A refused input comes back as 400 with the form and its error: show it.
        { code: "400", swap: true, error: false },
        { code: "[45]..", swap: false, error: true },
      ];
    }
    connect(1000);
    showChosenSystemOptions();
  });

  // Lobby: show only the chosen game's options (without JS every fieldset stays visible).
  function showChosenSystemOptions() {
    var select = document.querySelector('.new-match select[name="system"]');
    if (!select) return;
    var update = function () {
      document.querySelectorAll(".new-match fieldset.config").forEach(function (fieldset) {
        var chosen = fieldset.dataset.system === select.value;
        fieldset.hidden = !chosen;
        fieldset.disabled = !chosen;
      });
    };
    select.addEventListener("change", update);
    update();
  }

  function matchId() {
    var el = document.getElementById("match");
    return el ? parseInt(el.dataset.match, 10) : null;
  }

  // A competition page that follows its changes (a campaign, a league season): its key.
  function livePage() {
    var el = document.querySelector("[data-live-page]");
    return el ? el.dataset.livePage : null;
  }

  function setTurnCount(count) {
    var span = document.getElementById("turn-count");
    if (span) span.textContent = String(count);
    var title = document.title.replace(/^\(\d+\) /, "");
    document.title = count > 0 ? "(" + count + ") " + title : title;
  }

  function connect(delay) {
    var path = document.body.dataset.ws;
    if (!path || !window.WebSocket) return;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + path);
    var heartbeat = null;
    socket.onopen = function () {
      delay = 1000;
      if (livePage()) socket.send(JSON.stringify({ follow: livePage() }));
      var id = matchId();
      if (id) {
        socket.send(JSON.stringify({ watch: id }));
        // Re-sending the watch keeps our presence fresh (no "your turn" email while we look).
        heartbeat = setInterval(function () { socket.send(JSON.stringify({ watch: id })); }, 60000);
      }
    };
    socket.onmessage = function (event) {
      var data;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (data.type === "page" && data.page === livePage()) {
        htmx.trigger(document.body, "page-changed");
      } else if (data.type === "following" && data.page === livePage()) {
        // Following again after a reconnection: catch up on what changed meanwhile.
        if (document.body.dataset.following) htmx.trigger(document.body, "page-changed");
        document.body.dataset.following = data.page;
      } else if (data.type === "match" && data.match === matchId()) {
        htmx.trigger(document.body, "match-changed");
      } else if (data.type === "watching" && data.match === matchId() && data.version !== undefined) {
        // Subscribed a moment after the page was drawn: catch up on a move made in between.
        var status = document.getElementById("status");
        if (status && status.dataset.version !== String(data.version)) {
          htmx.trigger(document.body, "match-changed");
        }
      } else if (data.type === "hello") {
        var span = document.getElementById("turn-count");
        if (span && span.textContent !== String(data.turns)) {
          setTurnCount(data.turns);
          htmx.trigger(document.body, "turns-changed");
        }
      } else if (data.type === "turns") {
        setTurnCount(data.count);
        htmx.trigger(document.body, "turns-changed"); // "My games" refetches its list
      }
    };
    socket.onclose = function () {
      if (heartbeat) clearInterval(heartbeat);
      // Reconnect with backoff (at most a minute), then refetch in case we missed a change.
      setTimeout(function () {
        connect(Math.min(delay * 2, 60000));
        if (matchId()) htmx.trigger(document.body, "match-changed");
      }, delay + Math.random() * 500);
    };
  }
})();
