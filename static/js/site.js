// A few lines around htmx: the CSRF header, the "something changed" websocket, and answers
// with status 409 (stale board) or 400 (refused input, with its reason) still swapped in so the
// player sees the current position or what to correct.
(function () {
  "use strict";

  document.addEventListener("htmx:configRequest", function (event) {
    var meta = document.querySelector('meta[name="csrf-token"]');
    if (meta) event.detail.headers["X-CSRFToken"] = meta.content;
    // The language the page was drawn in: with its address and version, it names what the page
    // shows (games/matches/shown_parts.py), which a redraw may leave to it.
    if (document.documentElement.lang) {
      event.detail.headers["X-Page-Language"] = document.documentElement.lang;
    }
    if (shownVersion()) event.detail.headers["X-Page-Version"] = shownVersion(); // for a pick
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
    chimeReady();
    showChosenSystemOptions();
    foldableMenu();
    pushToggle();
    offlinePage();
  });

  // The installable site's worker (static/notifications/sw.js) on every page: it shows the
  // offline page when a page cannot be reached, and the push notifications.
  function offlinePage() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("/sw.js").catch(function () {});
  }

  // A campaign map's territory a winner may pick ticks its checkbox when clicked (the boxes
  // stay below the map for keyboards and without JavaScript).
  document.addEventListener("click", function (event) {
    var region = event.target.closest && event.target.closest("[data-check]");
    if (!region) return;
    var box = document.getElementById(region.dataset.check);
    if (!box) return;
    box.checked = !box.checked;
    box.dispatchEvent(new Event("change", { bubbles: true }));
  });
  document.addEventListener("change", function (event) {
    var box = event.target;
    if (!box || box.type !== "checkbox" || !box.id) return;
    var region = document.querySelector('[data-check="' + box.id + '"]');
    if (region) region.classList.toggle("chosen", box.checked);
  });

  // A form an htmx answer or push swapped in carries no CSRF field (issue 14: 64 random
  // characters gzip cannot shrink, hexsite/templatetags/page_csrf.py); submitted without htmx
  // (a rematch, a challenge's answer), it gets the page's token here, as htmx sends it.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || (form.method || "").toLowerCase() !== "post" || form.elements.csrfmiddlewaretoken) return;
    var meta = document.querySelector('meta[name="csrf-token"]');
    if (!meta || new URL(form.action, location.href).origin !== location.origin) return;
    var field = document.createElement("input");
    field.type = "hidden";
    field.name = "csrfmiddlewaretoken";
    field.value = meta.content;
    form.appendChild(field);
  }, true);

  // Irreversible actions ask first: a form with data-confirm submits only once confirmed.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form && form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  // Phones: the header's links fold behind a Menu button (without JS they all stay visible).
  function foldableMenu() {
    var button = document.querySelector(".menu-toggle");
    var links = document.getElementById("site-links");
    if (!button || !links) return;
    document.documentElement.classList.add("js-menu");
    button.hidden = false;
    button.addEventListener("click", function () {
      var open = button.getAttribute("aria-expanded") !== "true";
      button.setAttribute("aria-expanded", open ? "true" : "false");
      links.classList.toggle("open", open);
    });
  }

  // After an action on the match page the focus goes to the next useful control, not to the
  // page's top: what the new state asks for first (confirm, a decision, a legal hex, the
  // options of a step picked in the hand, e.g. a paintball figure's Move / Shoot, a tile, End
  // turn: never End turn while an option waits, one Enter would end the phase), or the
  // end-of-game buttons; after a chat message, back to the message box;
  // after a form in an open section of the hand (a trooper's reactions), back to that
  // section's summary, which now says what was saved.
  // Nothing to do yet (the opponent or the computer plays next, e.g. after « Play second »):
  // the hand's sentence saying so, where the player was, rather than the status line's « Next
  // game » at the page's top; when their move arrives, the refetch below keeps it on that
  // sentence redrawn, or, once it is gone, moves it to what the new state asks for.
  var WAITING = '#hb-hand [data-testid="decision-prompt"], #hb-hand [data-testid="step-prompt"]';
  var NEXT_CONTROL = [
    '[data-testid="confirm-move"]',
    "#hb-hand .hb-decision button",
    "#board .targets a",
    "#hb-hand .hb-options a",
    "#hb-hand .hand-items a",
    "#hb-hand .hb-controls button",
    '[data-testid="ending"] button, [data-testid="ending"] a',
    WAITING,
    '[data-testid="next-game"]',
  ];
  var focusAfter = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (!elt || !elt.closest || !elt.closest("#match") || elt.tagName !== "FORM") return;
    var section = elt.closest("#hand details[id]");
    if (elt.closest("#chat")) focusAfter = "#chat-text";
    else if (section) focusAfter = "#" + CSS.escape(section.id) + " > summary";
    else focusAfter = "next";
  });
  // A live refetch (the opponent moved, or our own move's echo) redraws the partials: when it
  // removes the focused control, the focus goes to the same control redrawn or the next one,
  // not back to the page's top.
  var focusedBeforeSwap = null;
  function rememberFocus() {
    var active = document.activeElement;
    focusedBeforeSwap = active && active.closest && active.closest("#match") ? active : null;
  }
  document.addEventListener("htmx:beforeSwap", rememberFocus);
  function nextControl() {
    var target = null;
    for (var i = 0; i < NEXT_CONTROL.length && !target; i++) {
      target = document.querySelector(NEXT_CONTROL[i]);
    }
    return target || document.getElementById("status-title");
  }
  document.addEventListener("htmx:afterSettle", function () {
    var lost = focusedBeforeSwap;
    focusedBeforeSwap = null;
    var target = null;
    if (focusAfter) {
      var wanted = focusAfter;
      focusAfter = null;
      target = wanted === "next" ? nextControl() : document.querySelector(wanted);
    } else if (lost && !lost.isConnected && (!document.activeElement || document.activeElement === document.body)) {
      var testid = lost.getAttribute("data-testid");
      target = (lost.id && document.getElementById(lost.id))
        || (testid && document.querySelector('#match [data-testid="' + testid + '"]'))
        || nextControl();
    }
    if (target) {
      if (!target.hasAttribute("tabindex") && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) {
        target.setAttribute("tabindex", "-1");
      }
      target.focus();
    }
  });

  // The inbox: "Mark as read", "Mark all as read" and a challenge's answer redraw the list,
  // and the button pressed is gone with it. The focus goes to the next unread entry's "Mark as
  // read", else to the page's heading, not back to the page's top (a keyboard reader marking
  // entries one by one had to tab down the whole menu again each time).
  var inboxAction = false;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    inboxAction = !!(elt && elt.closest && elt.closest("#inbox") && elt.tagName === "FORM");
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!inboxAction) return;
    inboxAction = false;
    var target = document.querySelector("#inbox .inbox-item button.link")
      || document.getElementById("inbox-title");
    if (!target) return;
    if (!/^(A|BUTTON)$/.test(target.tagName)) target.setAttribute("tabindex", "-1");
    target.focus();
  });

  // The match page's announcer (#match-news, a polite live region that htmx never swaps: a
  // region swapped whole is not reliably read). After a redraw (our move, a pick, a push) it
  // says whose turn it is and what just happened, as the status reads them, once: the same
  // words are not said again, and the board is never read out.
  var NEWS = ['[data-testid="turn-line"]', '[data-testid="ending"] .ending-headline', ".last-event"];
  var saidNews = null;
  function matchNews() {
    var parts = [];
    NEWS.forEach(function (selector) {
      var el = document.querySelector("#status " + selector);
      var text = el ? el.textContent.replace(/\s+/g, " ").trim() : "";
      if (text) parts.push(text);
    });
    return parts.join(" ");
  }
  document.addEventListener("DOMContentLoaded", function () { saidNews = matchNews(); });
  document.addEventListener("htmx:afterSettle", function () {
    var announcer = document.getElementById("match-news");
    if (!announcer) return;
    var news = matchNews();
    if (news === saidNews) return;
    saidNews = news;
    announcer.textContent = news;
  });

  // Browser notifications (the inbox page's switch): subscribe this browser through its push
  // service with our VAPID key, and tell the site where to send.
  function pushToggle() {
    var box = document.getElementById("push-settings");
    if (!box) return;
    var status = document.getElementById("push-status");
    var on = document.getElementById("push-enable");
    var off = document.getElementById("push-disable");
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
      status.textContent = box.dataset.unsupported;
      return;
    }
    var post = function (body) {
      var meta = document.querySelector('meta[name="csrf-token"]');
      return fetch(box.dataset.subscribe, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": meta ? meta.content : "" },
        body: JSON.stringify(body),
      });
    };
    var show = function (subscribed) {
      on.hidden = subscribed;
      off.hidden = !subscribed;
      status.textContent = subscribed ? box.dataset.on : box.dataset.off;
    };
    navigator.serviceWorker.register("/sw.js").then(function (registration) {
      return registration.pushManager.getSubscription().then(function (existing) {
        show(!!existing);
        on.addEventListener("click", function () {
          fetch(box.dataset.key).then(function (r) { return r.json(); }).then(function (data) {
            return registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: urlBase64ToBytes(data.key),
            });
          }).then(function (subscription) {
            return post(subscription.toJSON());
          }).then(function () { show(true); }).catch(function () {
            status.textContent = box.dataset.refused;
          });
        });
        off.addEventListener("click", function () {
          registration.pushManager.getSubscription().then(function (subscription) {
            if (!subscription) return show(false);
            return post({ endpoint: subscription.endpoint, unsubscribe: true }).then(function () {
              return subscription.unsubscribe();
            }).then(function () { show(false); });
          });
        });
      });
    }).catch(function () { status.textContent = box.dataset.unsupported; });
  }

  function urlBase64ToBytes(text) {
    var padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

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
    // Only as many seats (and per-seat options such as armies) as there are players.
    var players = document.querySelector('.new-match select[name="players"]');
    if (!players) return;
    var fit = function () {
      var n = parseInt(players.value, 10) || 2;
      document.querySelectorAll('.new-match [name^="seat_"], .new-match [name*="-army_"]').forEach(function (field) {
        // seat_k is the (k+1)th seat, army_k the (k+1)th player's army
        var index = parseInt(field.name.replace(/^.*_/, ""), 10);
        var row = field.closest("p") || field;
        row.hidden = index + 1 > n;
      });
    };
    players.addEventListener("change", fit);
    fit();
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

  // How many turns wait for the player, as the page shows it (drawn with it, then as the
  // socket tells).
  var turnsShown = (function () {
    var span = document.getElementById("turn-count");
    return span ? parseInt(span.textContent, 10) || 0 : 0;
  })();

  function setTurnCount(count) {
    turnsShown = count;
    var span = document.getElementById("turn-count");
    if (span) span.textContent = String(count);
    var title = document.title.replace(/^\(\d+\) /, "");
    document.title = count > 0 ? "(" + count + ") " + title : title;
  }

  // A short, gentle chime when it becomes the player's turn, on any open page of theirs
  // (their setting, on <body data-turn-chime>). Told by the socket's "turns" count growing:
  // a turn started for them (an opponent moved, a computer answered), never their own move
  // (their count shrinks) nor a redraw. Browsers let a page sound only after a gesture in it:
  // the AudioContext is made on the first click or key, and without one the page stays
  // silent. Of this browser's tabs, one chimes for a turn (a lock and a note in
  // localStorage). Each chime played is counted on <body data-chimes>, with a "hexsite:chime"
  // event, and each turn heard on <body data-turn-began> once its chime was decided
  // (tests/notifications/test_turn_chime_browser.py reads them).
  var chimeAudio = null;
  var tabId = String(Math.random()).slice(2);
  var CHIMED_KEY = "hexsite-chimed";
  var OTHER_TAB_WINDOW_MS = 5000; // another tab chimed this recently: the same turn

  function chimeReady() {
    if (!document.body.dataset.turnChime) return;
    var unlock = function () {
      var Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      try {
        if (!chimeAudio) chimeAudio = new Context();
        if (chimeAudio.state === "suspended") chimeAudio.resume();
      } catch (e) { chimeAudio = null; }
    };
    document.addEventListener("pointerdown", unlock, true);
    document.addEventListener("keydown", unlock, true);
  }

  function bump(name) {
    document.body.dataset[name] = String((parseInt(document.body.dataset[name], 10) || 0) + 1);
  }

  // Two soft notes, a fifth apart, fading out: under a second, no sound file.
  function playChime() {
    if (!chimeAudio || chimeAudio.state !== "running") return false;
    var start = chimeAudio.currentTime + 0.02;
    [[660, 0], [990, 0.16]].forEach(function (note) {
      var tone = chimeAudio.createOscillator();
      var level = chimeAudio.createGain();
      tone.type = "sine";
      tone.frequency.value = note[0];
      level.gain.setValueAtTime(0.0001, start + note[1]);
      level.gain.exponentialRampToValueAtTime(0.12, start + note[1] + 0.03);
      level.gain.exponentialRampToValueAtTime(0.0001, start + note[1] + 0.6);
      tone.connect(level).connect(chimeAudio.destination);
      tone.start(start + note[1]);
      tone.stop(start + note[1] + 0.65);
    });
    return true;
  }

  function chimeForTurn() {
    var decide = function () {
      var other = null;
      try { other = JSON.parse(localStorage.getItem(CHIMED_KEY) || "null"); } catch (e) { other = null; }
      var chimedElsewhere = other && other.tab !== tabId && Date.now() - other.at < OTHER_TAB_WINDOW_MS;
      // Without a gesture in this tab it stays silent, and another tab may sound.
      if (!chimedElsewhere && playChime()) {
        try { localStorage.setItem(CHIMED_KEY, JSON.stringify({ tab: tabId, at: Date.now() })); } catch (e) { /* private mode */ }
        bump("chimes");
        document.dispatchEvent(new CustomEvent("hexsite:chime"));
      }
      bump("turnBegan"); // decided, chimed or not
    };
    if (navigator.locks) navigator.locks.request("hexsite-chime", decide);
    else decide();
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
    rememberFocus(); // as for a refetch's swap (htmx:beforeSwap comes only with a request)
    htmx.swap("#match", data.html, { swapStyle: "none" });
  }

  // The unread count the page shows (drawn with it, then as the socket tells).
  var unreadShown = (function () {
    var badge = document.getElementById("notes-count");
    return badge ? parseInt(badge.lastChild && badge.lastChild.textContent, 10) || 0 : 0;
  })();
  // A new entry (the count grew): an open inbox redraws its list. Not when it shrank: the page's
  // own "mark as read" or answer already redrew it, with its sentence on top.
  function setUnreadCount(count) {
    if (count > unreadShown) htmx.trigger(document.body, "notes-arrived");
    unreadShown = count;
    var badge = document.getElementById("notes-count");
    if (!badge) return;
    var label = badge.firstElementChild;
    badge.textContent = "";
    if (label) badge.appendChild(label);
    badge.appendChild(document.createTextNode(String(count)));
    badge.hidden = !(count > 0);
  }

  var socketsOpened = 0; // a second one is a reconnection
  function connect(delay) {
    var path = document.body.dataset.ws;
    if (!path || !window.WebSocket) return;
    // A visitor not signed in listens only on a page that changes: a match or a live page.
    if (!document.body.dataset.signedIn && !matchId() && !livePage()) return;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + path);
    var heartbeat = null;
    socket.onopen = function () {
      delay = 1000;
      socketsOpened += 1;
      if (livePage()) socket.send(JSON.stringify({ follow: livePage() }));
      document.body.dataset.live = "1"; // the page hears changes from now on (tests wait for it)
      var id = matchId();
      if (id) {
        // push: the partials another player's move changed come on the socket, drawn for us
        // (through the seat in the page's address, for a person holding several).
        var watch = { watch: id, push: true, lang: document.documentElement.lang };
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
      if (data.type === "page" && data.page === livePage()) {
        htmx.trigger(document.body, "page-changed");
      } else if (data.type === "following" && data.page === livePage()) {
        // Following again after a reconnection: catch up on what changed meanwhile.
        if (document.body.dataset.following) htmx.trigger(document.body, "page-changed");
        document.body.dataset.following = data.page;
      } else if (data.type === "match" && data.match === matchId()) {
        heardOf = Math.max(heardOf, data.version || 0);
        // A chat message, a draw offer or a join keeps the version: always worth a refetch.
        if (data.played === false) unplayed = true;
        refetchIfBehind();
      } else if (data.type === "partials" && data.match === matchId()) {
        showPushed(data);
      } else if (data.type === "notes") {
        setUnreadCount(data.count);
      } else if (data.type === "challenges") {
        htmx.trigger(document.body, "challenges-changed"); // "My games" redraws its challenges
      } else if (data.type === "watching" && data.match === matchId() && data.version !== undefined) {
        // Subscribed a moment after the page was drawn: catch up on a move made in between.
        heardOf = Math.max(heardOf, data.version);
        refetchIfBehind();
      } else if (data.type === "hello") {
        if (data.notes !== undefined) setUnreadCount(data.notes); // changed while it connected
        // A turn that began while the socket was away is a turn like any other (not on the
        // page's first connection: the page was just drawn with its count).
        var beganAway = socketsOpened > 1 && data.turns > turnsShown;
        var span = document.getElementById("turn-count");
        if (span && span.textContent !== String(data.turns)) {
          setTurnCount(data.turns);
          htmx.trigger(document.body, "turns-changed");
        }
        if (beganAway && document.body.dataset.turnChime) chimeForTurn();
      } else if (data.type === "turns") {
        var began = data.count > turnsShown;
        setTurnCount(data.count);
        if (began && document.body.dataset.turnChime) chimeForTurn();
        htmx.trigger(document.body, "turns-changed"); // "My games" refetches its list
      }
    };
    socket.onclose = function () {
      if (heartbeat) clearInterval(heartbeat);
      delete document.body.dataset.live;
      // Reconnect with backoff (at most a minute), then refetch in case we missed a change.
      setTimeout(function () {
        connect(Math.min(delay * 2, 60000));
        if (matchId()) htmx.trigger(document.body, "match-changed");
      }, delay + Math.random() * 500);
    };
  }
})();
