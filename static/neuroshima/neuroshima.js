// Neuroshima Hex: rotation keys, battle auto-play. Everything also works without this file.
(function () {
  if (window.nhLoaded) return;
  window.nhLoaded = true;
  document.documentElement.classList.add("nh-js");
  document.querySelectorAll(".nh").forEach(function (el) { el.classList.add("nh-js"); });

  function click(testid) {
    var el = document.querySelector('[data-testid="' + testid + '"]');
    if (el) { el.click(); return true; }
    return false;
  }

  document.addEventListener("keydown", function (ev) {
    var t = ev.target;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable)) return;
    var done = false;
    if (ev.key === "q" || ev.key === "[") done = click("rotate-ccw");
    else if (ev.key === "e" || ev.key === "]") done = click("rotate-cw");
    else if (ev.key === "ArrowLeft") done = click("battle-prev");
    else if (ev.key === "ArrowRight") done = click("battle-next");
    if (done) ev.preventDefault();
  });

  // After htmx swaps the board, keep the focus near the board (keyboard users keep their place).
  document.body.addEventListener("htmx:afterSwap", function (ev) {
    var board = document.getElementById("nh-board");
    if (board) board.classList.add("nh-js");
    var next = board && board.querySelector('[data-testid="legal-hex"], [data-testid="confirm-move"]');
    if (next && ev.detail && ev.detail.target && ev.detail.target.id === "nh-board") next.focus();
  });

  // Auto-play: follow the Next link every 1.2 s; the page remembers it is playing via ?auto=1.
  var auto = new URLSearchParams(location.search).get("auto") === "1";
  function nextHref() {
    var next = document.querySelector('[data-testid="battle-next"]');
    if (!next) return null;
    if (next.tagName === "A") {
      var url = new URL(next.href);
      url.searchParams.set("auto", "1");
      return url.toString();
    }
    return null;
  }
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest && ev.target.closest("[data-autoplay]");
    if (!b) return;
    var href = nextHref();
    if (href) location.href = href;
    else { var n = document.querySelector('[data-testid="battle-next"]'); if (n) n.click(); }
  });
  if (auto) {
    var href = nextHref();
    if (href) setTimeout(function () { location.href = href; }, 1200);
  }
})();
