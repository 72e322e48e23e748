// The builder's costs box sticks to the top of the screen while the units scroll under it. A
// control reached backwards with the keyboard (Shift+Tab) was scrolled to the very top, under
// the box: keep the page's scroll padding as tall as the box, which grows with its problems.
(function () {
  function pad() {
    var costs = document.getElementById("army-costs");
    if (!costs) return;
    document.documentElement.style.scrollPaddingTop = costs.offsetHeight + 16 + "px";
  }
  document.addEventListener("DOMContentLoaded", pad);
  document.addEventListener("htmx:afterSettle", pad);
  window.addEventListener("resize", pad);
})();
