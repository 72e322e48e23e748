// A few lines around htmx: the CSRF header, the "something changed" websocket, and answers
// with status 409 (stale board) or 400 (refused input, with its reason) still swapped in so the
// player sees the current position or what to correct.
(function () {
  "use strict";

  document.addEventListener("htmx:configRequest", function (event) {
    var meta = document.querySelector('meta[name="csrf-token"]');
    if (meta) event.detail.headers["X-CSRFToken"] = meta.content;
    // A refetch says which version the page shows: the answer then brings only what it lacks.
    if (/\/live(\?|$)/.test(event.detail.path) && shownVersion()) {
      event.detail.parameters.since = shownVersion();
    }
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

  function setTurnCount(count) {
    var span = document.getElementById("turn-count");
    if (span) span.textContent = String(count);
    var title = document.title.replace(/^\(\d+\) /, "");
    document.title = count > 0 ? "(" + count + ") " + title : title;
  }

  // The page refetches its partials only when told of a version newer than the one it shows:
  // a player's own move comes back with its answer, and the nudge for it (sent at commit,
  // often before that answer) must not fetch it a second time. While a request of the page is
  // in flight the decision waits for its answer, which may bring that version.
  var heardOf = 0;
  var asked = 0;
  var inFlight = 0;
  var unplayed = false;

  function shownVersion() {
    var status = document.getElementById("status");
    return status ? parseInt(status.dataset.version, 10) || 0 : 0;
  }

  function refetchIfBehind() {
    if (inFlight > 0) return;
    if (!unplayed && (heardOf <= shownVersion() || heardOf <= asked)) return;
    unplayed = false;
    asked = Math.max(asked, heardOf); // once per version, even if the answer is older
    htmx.trigger(document.body, "match-changed");
  }

  document.addEventListener("htmx:beforeRequest", function () { inFlight += 1; });
  document.addEventListener("htmx:afterRequest", function () {
    inFlight = Math.max(0, inFlight - 1);
    if (matchId()) refetchIfBehind();
  });

  // Pushed partials are what a refetch since the version before them would bring: swapped in
  // when the page shows exactly that version and holds no half-made move (picks in its
  // address) nor a request of its own in flight; otherwise the page refetches as for a nudge.
  function showPushed(data) {
    if (data.version <= shownVersion()) return; // our own move: its answer brought it
    if (data.since !== shownVersion() || location.search || inFlight > 0) {
      heardOf = Math.max(heardOf, data.version);
      refetchIfBehind();
      return;
    }
    htmx.swap("#match", data.html, { swapStyle: "none" });
  }

  function connect(delay) {
    var path = document.body.dataset.ws;
    if (!path || !window.WebSocket) return;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + path);
    var heartbeat = null;
    socket.onopen = function () {
      delay = 1000;
      var id = matchId();
      if (id) {
        // push: the partials another player's move changed come on the socket, drawn for us
        // (through the seat in the page's address, for a person holding several).
        var watch = { watch: id, push: true };
        var seat = /\/seat\/(\d+)\//.exec(location.pathname);
        if (seat) watch.seat = parseInt(seat[1], 10);
        socket.send(JSON.stringify(watch));
        // Re-sending the watch keeps our presence fresh (no "your turn" email while we look).
        heartbeat = setInterval(function () { socket.send(JSON.stringify({ watch: id })); }, 60000);
      }
    };
    socket.onmessage = function (event) {
      var data;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (data.type === "match" && data.match === matchId()) {
        heardOf = Math.max(heardOf, data.version || 0);
        // A chat message, a draw offer or a join keeps the version: always worth a refetch.
        if (data.played === false) unplayed = true;
        refetchIfBehind();
      } else if (data.type === "partials" && data.match === matchId()) {
        showPushed(data);
      } else if (data.type === "watching" && data.match === matchId() && data.version !== undefined) {
        // Subscribed a moment after the page was drawn: catch up on a move made in between.
        heardOf = Math.max(heardOf, data.version);
        refetchIfBehind();
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
