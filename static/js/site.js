// A few lines around htmx: the CSRF header, the "something changed" websocket, and answers
// with status 409 (stale board) or 400 (refused input, with its reason) still swapped in so the
// player sees the current position or what to correct.
(function () {
  "use strict";

  document.addEventListener("htmx:configRequest", function (event) {
    var meta = document.querySelector('meta[name="csrf-token"]');
    if (meta) event.detail.headers["X-CSRFToken"] = meta.content;
  });

  // The board's picks live in the page's address (games/hexboard/turn.py, picks_query): a
  // refetch is drawn for the address it left from. If a pick changed the address while it was
  // on its way, its answer would redraw the board without that pick: drop it and ask again
  // (htmx queues the new refetch behind this one).
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.target || event.target.id !== "match") return;
    var config = event.detail.requestConfig;
    var sentFrom = config && config.headers && config.headers["HX-Current-URL"];
    if (sentFrom && sentFrom !== location.href) {
      event.detail.shouldSwap = false;
      htmx.trigger(document.body, "match-changed");
    }
  });

  // Choices made in a form a refetch redraws but not sent yet (orders being written while the
  // other side sends theirs): kept when the redrawn form is the same step (its
  // data-keep-choices) and still offers them; hidden fields always come fresh.
  function formChoices() {
    var kept = {};
    document.querySelectorAll("form[data-keep-choices]").forEach(function (form) {
      var values = {};
      form.querySelectorAll("select[id], input[type=checkbox][name]").forEach(function (field) {
        values[field.id || field.name] = field.type === "checkbox" ? field.checked : field.value;
      });
      kept[form.dataset.keepChoices] = values;
    });
    return kept;
  }
  function restoreFormChoices(kept) {
    document.querySelectorAll("form[data-keep-choices]").forEach(function (form) {
      var values = kept[form.dataset.keepChoices];
      if (!values) return;
      form.querySelectorAll("select[id], input[type=checkbox][name]").forEach(function (field) {
        var value = values[field.id || field.name];
        if (value === undefined) return;
        if (field.type === "checkbox") field.checked = value;
        else if (field.querySelector('option[value="' + CSS.escape(value) + '"]')) field.value = value;
      });
    });
  }
  var choicesBeforeRefetch = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.target && event.target.id === "match" && event.detail.shouldSwap) {
      choicesBeforeRefetch = formChoices();
    }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target && event.target.id === "match" && choicesBeforeRefetch) {
      restoreFormChoices(choicesBeforeRefetch);
      choicesBeforeRefetch = null;
    }
  });

  // A pick's answer drawn on another position than the page's status (it crossed a refetch on
  // the way): refetch, which keeps the pick if it is still legal.
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!target || target.id !== "board") return;
    var board = document.getElementById("board");
    var status = document.getElementById("status");
    if (board && status && board.dataset.version && board.dataset.version !== status.dataset.version) {
      htmx.trigger(document.body, "match-changed");
    }
  });

  // A half-made move the position no longer allows was cleared by the server, which says so
  // (data-pick-reset): drop its picks from the address too, so no later refetch brings it back.
  function forgetClearedPicks() {
    if (location.search && document.querySelector("[data-pick-reset]")) {
      history.replaceState(history.state, "", location.pathname + location.hash);
    }
  }
  document.addEventListener("htmx:afterSettle", forgetClearedPicks);

  document.addEventListener("DOMContentLoaded", function () {
    forgetClearedPicks();
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
        socket.send(JSON.stringify({ watch: id }));
        // Re-sending the watch keeps our presence fresh (no "your turn" email while we look).
        heartbeat = setInterval(function () { socket.send(JSON.stringify({ watch: id })); }, 60000);
      }
    };
    socket.onmessage = function (event) {
      var data;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (data.type === "match" && data.match === matchId()) {
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
