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
    if (done) ev.preventDefault();
  });

  // Picks (a legal hex, a hand item, cycle, cancel) are plain links to the match page: without
  // JS they load it. Here they fetch the same address aimed at #board, which answers with the
  // board and hand only and names the address to push (matches.views.match_page).
  document.addEventListener("click", function (ev) {
    if (ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
    var link = ev.target.closest && ev.target.closest("#board a, #hb-hand a");
    var href = link && link.getAttribute("href");
    if (!href || href.charAt(0) !== "?" || !window.htmx) return;
    ev.preventDefault();
    window.htmx.ajax("GET", href, { target: "#board", swap: "outerHTML" });
  });

  // After a pick swaps the board, keep the focus near it (keyboard users keep their place):
  // on the first legal hex, else on the Confirm button.
  document.body.addEventListener("htmx:afterSettle", function (ev) {
    if (!(ev.detail && ev.detail.target && ev.detail.target.id === "board")) return;
    var next = document.querySelector('#board .targets a, [data-testid="confirm-move"]');
    if (next) next.focus();
  });

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
