// Hexpanse's match page. A redraw after a turn's first action sends the market's cards as an
// empty row that htmx fills with the page's own (hx-preserve, templatetags/hexpanse.py). A page
// that holds another market (it slept through a market phase) is left with the empty row: it
// fetches itself once and takes the cards from there.
(function () {
  "use strict";
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
  document.addEventListener("DOMContentLoaded", heal);
})();
