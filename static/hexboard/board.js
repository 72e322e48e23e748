// The shared board (games/hexboard): picks fetched by htmx, focus after a pick, cycle keys,
// step-viewer keys and auto-play. Everything also works without this file.
(function () {
  if (window.hexboardLoaded) return;
  window.hexboardLoaded = true;
  document.documentElement.classList.add("hb-js");

  // Coordinates on the board and in the story's sentences: off unless the player asks; the
  // choice is remembered in this browser.
  var COORDS = "hexsite.coords";
  function showCoords(on) {
    document.documentElement.classList.toggle("hb-coords", on);
    document.querySelectorAll(".hb-coords-toggle").forEach(function (b) {
      b.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }
  try { showCoords(localStorage.getItem(COORDS) === "1"); } catch (e) { /* private mode */ }
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest(".hb-coords-toggle");
    if (!b) return;
    var on = !document.documentElement.classList.contains("hb-coords");
    showCoords(on);
    try { localStorage.setItem(COORDS, on ? "1" : "0"); } catch (e) { /* private mode */ }
  });

  // Board zoom. Large boards (the skirmish's, Infinity's) leave hexes of 13 to 26 px on a
  // phone: too small to tap. Zooming widens the board's layers inside their stage, which then
  // scrolls; the level is remembered per game in this browser. It lives on the stage, which
  // htmx never swaps, so every redraw of the board keeps it. Until the player chooses a level,
  // a board on a touch screen starts at the first one whose hexes a finger can tap (TAP, the
  // site's 44 px targets), so a phone shows part of the board at a readable scale and scrolls
  // to the rest; a mouse points at smaller hexes, and sees the whole board.
  var ZOOMS = [1, 1.5, 2, 3, 4];
  var TAP = 44;
  function zoomKey(tools) { return "hexsite.zoom." + (tools.getAttribute("data-zoom-key") || ""); }
  function storedZoom(tools) {
    var level = NaN;
    try { level = parseFloat(localStorage.getItem(zoomKey(tools))); } catch (e) { /* private mode */ }
    return ZOOMS.indexOf(level) >= 0 ? level : tappableZoom(tools);
  }
  function tappableZoom(tools) {
    var stage = tools.closest(".board-stage");
    var hex = stage && stage.querySelector("svg.hb-grid .cells polygon[data-hex]");
    if (!hex || !window.matchMedia("(pointer: coarse)").matches) return 1;
    applyZoom(tools, 1); // measured at its fitted size
    var box = hex.getBoundingClientRect();
    var across = Math.min(box.width, box.height); // a hex's narrowest way across
    for (var i = 0; i < ZOOMS.length; i++) if (!across || across * ZOOMS[i] >= TAP) return ZOOMS[i];
    return ZOOMS[ZOOMS.length - 1];
  }
  function applyZoom(tools, level) {
    var stage = tools.closest(".board-stage");
    if (!stage) return;
    stage.classList.remove("hb-zoomed"); // measured at its fitted width first
    stage.style.removeProperty("--hb-board-width");
    if (level > 1) {
      var grid = stage.querySelector("svg.hb-grid");
      var fitted = grid ? grid.getBoundingClientRect().width : stage.clientWidth;
      stage.style.setProperty("--hb-board-width", Math.round(fitted * level) + "px");
      stage.classList.add("hb-zoomed");
    }
    stage.setAttribute("data-zoom", String(level));
    tools.querySelector('[data-zoom="out"]').disabled = level <= ZOOMS[0];
    tools.querySelector('[data-zoom="in"]').disabled = level >= ZOOMS[ZOOMS.length - 1];
    var shown = level.toLocaleString(document.documentElement.lang || undefined);
    tools.querySelector(".hb-zoom-level").textContent =
      level > 1 ? (tools.getAttribute("data-zoom-text") || "") + " " + shown + "×" : "";
  }
  function shownZoom(tools) {
    return parseFloat(tools.closest(".board-stage").getAttribute("data-zoom")) || 1;
  }
  function zoomBy(tools, step) {
    var now = ZOOMS.indexOf(shownZoom(tools));
    var level = ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, (now < 0 ? 0 : now) + step))];
    applyZoom(tools, level);
    try { localStorage.setItem(zoomKey(tools), String(level)); } catch (e) { /* private mode */ }
    return true;
  }
  function eachTools(fn) { document.querySelectorAll(".board-stage > .hb-tools").forEach(fn); }
  eachTools(function (tools) { applyZoom(tools, storedZoom(tools)); });
  var fittedFor = window.innerWidth;
  window.addEventListener("resize", function () { // a phone turned: the fitted width changed
    // (Not when only the height did: a phone's address bar hiding as the board scrolls would
    // reset the stage's scroll.)
    if (window.innerWidth === fittedFor) return;
    fittedFor = window.innerWidth;
    eachTools(function (tools) { applyZoom(tools, storedZoom(tools)); });
  });
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest(".hb-tools [data-zoom]");
    if (b) zoomBy(b.closest(".hb-tools"), b.getAttribute("data-zoom") === "in" ? 1 : -1);
  });

  function click(selector) {
    var el = document.querySelector(selector);
    if (el) { el.click(); return true; }
    return false;
  }

  document.addEventListener("keydown", function (ev) {
    var t = ev.target;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
    var done = false;
    if (ev.key === "q" || ev.key === "[") done = click('[data-cycle="prev"]');
    else if (ev.key === "e" || ev.key === "]") done = click('[data-cycle="next"]');
    else if (ev.key === "ArrowLeft") done = click('[data-step="prev"]');
    else if (ev.key === "ArrowRight") done = click('[data-step="next"]');
    else if (ev.key === "+" || ev.key === "-") {
      var tools = document.querySelector(".board-stage > .hb-tools");
      done = !!tools && zoomBy(tools, ev.key === "+" ? 1 : -1);
    }
    if (done) ev.preventDefault();
  });

  // Picks (a legal hex, a hand item, cycle, cancel) are plain links to the match page: without
  // JS they load it. Here they fetch the same address aimed at #board, which answers with the
  // board and hand only and names the address to push (matches.views.match_page).
  document.addEventListener("click", function (ev) {
    if (ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
    var link = ev.target.closest && ev.target.closest("#board a, #hb-hand a, #hand a[data-pick]");
    var href = link && link.getAttribute("href");
    if (!href || href.charAt(0) !== "?" || !window.htmx) return;
    ev.preventDefault();
    window.htmx.ajax("GET", href, { target: "#board", swap: "outerHTML" });
  });

  // Legal targets swapped in by htmx (a pick's or a move's answer, a refetch, a push) come
  // short: their group's data-href is the address they share but for the hex, and each names
  // its hex in data-pick (games/hexboard/targets.py; issue 14: an answer's size). Each gets its
  // address and its hex drawn at the centre of the grid's cell, as a whole page writes them,
  // before the swap settles (the focus after a pick looks for them then).
  var SVG_NS = "http://www.w3.org/2000/svg";
  function cellCentre(cell) {
    var x = 0, y = 0, n = cell.points.numberOfItems;
    for (var i = 0; i < n; i++) { x += cell.points.getItem(i).x; y += cell.points.getItem(i).y; }
    return [x / n, y / n];
  }
  function completeTargets() {
    document.querySelectorAll(".targets[data-href]").forEach(function (group) {
      var shared = group.getAttribute("data-href");
      group.querySelectorAll("a[data-pick]:not([href])").forEach(function (link) {
        var hex = link.getAttribute("data-pick");
        link.setAttribute("href", shared + hex);
        var cell = document.querySelector('.hb-grid polygon[data-hex="' + CSS.escape(hex) + '"]');
        if (!cell) return;
        var at = cellCentre(cell);
        var use = document.createElementNS(SVG_NS, "use");
        use.setAttribute("href", "#hb-hex");
        use.setAttribute("x", at[0].toFixed(1));
        use.setAttribute("y", at[1].toFixed(1));
        link.appendChild(use);
      });
      group.removeAttribute("data-href");
    });
  }
  completeTargets();
  document.addEventListener("htmx:afterSwap", completeTargets);
  document.addEventListener("htmx:oobAfterSwap", completeTargets);

  // A section of the hand whose body is drawn on demand (data-pick-on-open: an Infinity
  // trooper's reaction form) opens with its pick: the user's click or key on its summary
  // follows the pick link inside (a redraw that reopens it is not a click, and asks nothing).
  document.addEventListener("click", function (ev) {
    var summary = ev.target.closest && ev.target.closest("#hand details[data-pick-on-open] > summary");
    if (!summary || summary.parentNode.open) return;
    var link = summary.parentNode.querySelector("a[data-pick]");
    if (link) link.click();
  });

  // After a pick swaps the board, keep the focus near it (keyboard users keep their place):
  // in the form the pick opened, else on the first legal hex, else on the Confirm button
  // (asked in that order: the hand, with Confirm, comes before the board in the page).
  document.body.addEventListener("htmx:afterSettle", function (ev) {
    if (!(ev.detail && ev.detail.target && ev.detail.target.id === "board")) return;
    var next = document.querySelector("#hand [data-pick-focus]")
      || document.querySelector("#board .targets a")
      || document.querySelector('[data-testid="confirm-move"]');
    if (next) next.focus();
  });

  // --- A half-made move while the match changes --------------------------------------------
  // The opponent's move (pushed or refetched), a heartbeat's refetch or the other side of a
  // simultaneous step redraws the board and the hand. One rule for every system: what the
  // player was building is kept when the new position still allows it, and dropped with a
  // sentence when it does not. Picks live in the page's address and the server checks them
  // against the new legal moves on every redraw (games/hexboard/turn.py); choices in a form
  // being written (data-keep-choices) are put back below, where the redrawn form (drawn from
  // the new legal moves) still offers them. A Confirm posted against an older version is
  // refused as stale (409) by the server and changes nothing.

  // The server dropped picks the position no longer allows (its data-pick-reset notice): the
  // address forgets them too, so no later redraw brings them back on another position.
  function forgetDroppedPicks() {
    if (location.search && document.querySelector("#hand [data-pick-reset]:not([data-form-reset])")) {
      history.replaceState(history.state, "", location.pathname + location.hash);
    }
  }
  forgetDroppedPicks();
  document.addEventListener("htmx:afterSettle", forgetDroppedPicks);

  // A refetch is drawn for the address it left from. If a pick (or forgetting one) changed the
  // address while it was on its way, its answer would draw the board without the newer pick:
  // drop it and ask again (htmx queues the new refetch behind this one).
  document.addEventListener("htmx:beforeSwap", function (ev) {
    var d = ev.detail;
    if (!d || !d.shouldSwap || !ev.target || ev.target.id !== "match") return;
    var sentFrom = d.requestConfig && d.requestConfig.headers && d.requestConfig.headers["HX-Current-URL"];
    if (sentFrom && sentFrom !== location.href) {
      d.shouldSwap = false;
      window.htmx.trigger(document.body, "match-changed");
    }
  });

  // A pick's answer (board and hand only) drawn on another version than the page's status: it
  // crossed a change on the way. Refetch, which keeps the pick if it is still legal.
  document.addEventListener("htmx:afterSwap", function (ev) {
    var board = document.getElementById("board");
    var status = document.getElementById("status");
    if (ev.target !== board || !status || !board.dataset.version) return;
    if (board.dataset.version !== status.dataset.version) {
      window.htmx.trigger(document.body, "match-changed");
    }
  });

  // Choices the player made in a form being written (orders of a simultaneous step), not sent
  // yet: `data-chosen` marks the fields they changed.
  document.addEventListener("change", function (ev) {
    var field = ev.target;
    if (field && field.closest && field.closest("form[data-keep-choices]")) field.dataset.chosen = "1";
  });
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (form && form.dataset && form.dataset.keepChoices) form.dataset.sent = "1";
  });
  function fieldKey(field) { return field.type === "checkbox" ? "name:" + field.name : "id:" + field.id; }
  function findField(form, key) {
    var name = key.slice(key.indexOf(":") + 1);
    var found = key.indexOf("name:") === 0
      ? form.querySelector('input[type=checkbox][name="' + CSS.escape(name) + '"]')
      : form.querySelector("#" + CSS.escape(name));
    return found;
  }
  // Sections the player opened in the hand (a <details> with an id) stay open through a
  // redraw (site.js then puts the focus back on the summary of the one a form was sent from).
  var openSections = null;
  document.addEventListener("htmx:oobBeforeSwap", function (ev) {
    if (!ev.detail || !ev.detail.target || ev.detail.target.id !== "hand") return;
    openSections = [];
    ev.detail.target.querySelectorAll("details[open][id]").forEach(function (d) { openSections.push(d.id); });
  });
  document.addEventListener("htmx:oobAfterSwap", function (ev) {
    if (!openSections || !ev.detail || !ev.detail.target || ev.detail.target.id !== "hand") return;
    openSections.forEach(function (id) {
      var d = document.getElementById(id);
      if (d && d.tagName === "DETAILS") d.open = true;
    });
    openSections = null;
  });
  var keptChoices = null;
  document.addEventListener("htmx:oobBeforeSwap", function (ev) {
    if (!ev.detail || !ev.detail.target || ev.detail.target.id !== "hand") return;
    keptChoices = [];
    ev.detail.target.querySelectorAll("form[data-keep-choices]").forEach(function (form) {
      var values = [];
      form.querySelectorAll("[data-chosen]").forEach(function (field) {
        values.push([fieldKey(field), field.type === "checkbox" ? field.checked : field.value]);
      });
      if (values.length) keptChoices.push({ step: form.dataset.keepChoices, sent: !!form.dataset.sent, values: values });
    });
  });
  document.addEventListener("htmx:oobAfterSwap", function (ev) {
    if (!keptChoices || !ev.detail || !ev.detail.target || ev.detail.target.id !== "hand") return;
    var kept = keptChoices;
    keptChoices = null;
    var hand = document.getElementById("hand");
    if (!hand) return;
    var dropped = null; // where to say so: the redrawn form, else the hand
    kept.forEach(function (entry) {
      var form = hand.querySelector('form[data-keep-choices="' + CSS.escape(entry.step) + '"]');
      if (!form) {
        if (!entry.sent) dropped = dropped || hand; // the step ended without these choices
        return;
      }
      entry.values.forEach(function (pair) {
        var field = findField(form, pair[0]);
        var value = pair[1];
        var offered = field && (field.type === "checkbox"
          || field.querySelector('option[value="' + CSS.escape(value) + '"]'));
        if (!offered) { dropped = form; return; }
        if (field.type === "checkbox") field.checked = value;
        else field.value = value;
        field.dataset.chosen = "1";
      });
    });
    if (dropped) sayChoicesDropped(hand, dropped);
  });
  function sayChoicesDropped(hand, where) {
    var source = document.querySelector("[data-reset-text]");
    if (!source || hand.querySelector("[data-pick-reset]")) return;
    var notice = document.createElement("p");
    notice.className = "hb-notice";
    notice.setAttribute("role", "status");
    notice.setAttribute("data-pick-reset", "");
    notice.setAttribute("data-form-reset", "");
    notice.setAttribute("data-testid", "pick-reset");
    notice.textContent = source.dataset.resetText;
    if (where === hand) hand.insertBefore(notice, hand.firstChild);
    else where.parentNode.insertBefore(notice, where);
  }

  // The step viewer's Previous / Next load the next page: the focus stays on the control the
  // player used (Next again, Previous at the last step), not back at the page's top, as a
  // pick keeps it on the board. Remembered for this one load in this tab only.
  var STEP_FOCUS = "hexsite.stepFocus";
  document.addEventListener("click", function (ev) {
    var link = ev.target.closest && ev.target.closest("a[data-step]");
    if (!link) return;
    try { sessionStorage.setItem(STEP_FOCUS, link.getAttribute("data-step")); } catch (e) { /* private mode */ }
  });
  (function () {
    var used = null;
    try {
      used = sessionStorage.getItem(STEP_FOCUS);
      sessionStorage.removeItem(STEP_FOCUS);
    } catch (e) { return; }
    if (used !== "prev" && used !== "next") return;
    var other = used === "next" ? "prev" : "next";
    var control = document.querySelector('a[data-step="' + used + '"]')
      || document.querySelector('a[data-step="' + other + '"]');
    if (control) control.focus();
  })();

  // Parts a system's redraw leaves to the page (games' still terrain, a market between its
  // changes): sent empty with hx-preserve and data-placeholder, htmx keeps the page's own. A page
  // that never had them (it slept through the turn that drew them) is left with the empty one:
  // it fetches itself once and takes them (issue 14: the answers' size).
  var healing = false;
  function heal() {
    if (healing || !document.querySelector("[data-placeholder]")) return;
    healing = true;
    fetch(location.href, { credentials: "same-origin" })
      .then(function (answer) { return answer.text(); })
      .then(function (text) {
        var page = new DOMParser().parseFromString(text, "text/html");
        document.querySelectorAll("[data-placeholder]").forEach(function (empty) {
          var full = page.getElementById(empty.id);
          if (full && !full.hasAttribute("data-placeholder")) {
            empty.replaceWith(document.importNode(full, true));
          }
        });
      })
      .catch(function () { /* offline: the next redraw tries again */ })
      .finally(function () { healing = false; });
  }
  document.addEventListener("htmx:afterSettle", heal);
  document.addEventListener("htmx:oobAfterSwap", heal);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", heal);
  else heal();

  // Auto-play: follow the Next link every 1.2 s; the page remembers it is playing via ?auto=1.
  function nextHref() {
    var next = document.querySelector('[data-step="next"]');
    if (!next || next.tagName !== "A") return null;
    var url = new URL(next.href);
    url.searchParams.set("auto", "1");
    return url.toString();
  }
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest("[data-autoplay]");
    if (!b) return;
    var href = nextHref();
    if (href) location.href = href;
    else click('[data-step="next"]');
  });
  if (new URLSearchParams(location.search).get("auto") === "1") {
    var href = nextHref();
    if (href) setTimeout(function () { location.href = href; }, 1200);
  }
})();
