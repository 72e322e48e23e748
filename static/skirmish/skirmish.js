// The skirmish's board (games/skirmish_site): a model's focus card (its profile) and its lines
// of fire, drawn above everything while the model is hovered, tapped or focused. The server
// sends each model's card lines (data-card, empty when they are its title's sentence split at
// ". ") and its targets' centres (data-fire) only: the cards drawn on the server were half of
// every move's answer (issue 14). Without this file a
// model still names its profile (its title) and is reached by the keyboard.
(function () {
  if (window.skirmishLoaded) return;
  window.skirmishLoaded = true;
  var SVG = "http://www.w3.org/2000/svg";
  // As the server drew it (games/skirmish_site/pieces.py): the model's radius, the card's width.
  var RADIUS = 11.5, WIDTH = 196, LINE = 14;

  function make(tag, attrs, text) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function modelOf(node) {
    return node && node.closest ? node.closest(".model[data-card]") : null;
  }
  function hide() {
    document.querySelectorAll(".sk-focus").forEach(function (g) { g.remove(); });
  }
  function show(model) {
    hide();
    var svg = model.ownerSVGElement;
    var at = /translate\(([-\d.]+),([-\d.]+)\)/.exec(model.getAttribute("transform") || "");
    if (!svg || !at) return;
    var x = parseFloat(at[1]), y = parseFloat(at[2]);
    // The card's lines, else (most models) the parts of the sentence its title says.
    var title = model.querySelector("title");
    var lines = model.getAttribute("data-card")
      ? model.getAttribute("data-card").split("\n")
      : (title ? title.textContent : "").replace(/\.$/, "").split(". ");
    var box = svg.viewBox.baseVal;
    var group = make("g", { "class": "sk-focus", "data-testid": "model-card", "aria-hidden": "true" });
    (model.getAttribute("data-fire") || "").split(" ").forEach(function (target) {
      if (!target) return;
      var to = target.split(",");
      group.appendChild(make("line", {
        "class": "line-of-fire", "data-testid": "line-of-fire", "marker-end": "url(#hb-arrow)",
        x1: x, y1: y, x2: to[0], y2: to[1],
      }));
    });
    // The card stays inside the board: beside the model, above it when there is room.
    var height = LINE * lines.length + 8;
    var left = Math.min(Math.max(-WIDTH / 2, box.x + 2 - x), box.x + box.width - 2 - WIDTH - x);
    var top = y - RADIUS - 8 - height > box.y ? -RADIUS - 8 - height : RADIUS + 8;
    var card = make("g", { transform: "translate(" + x + "," + y + ")" });
    card.appendChild(make("rect", { "class": "card", x: left, y: top, width: WIDTH, height: height, rx: 4 }));
    lines.forEach(function (text, i) {
      card.appendChild(make("text", {
        "class": i === 0 ? "card-title" : "card-line", x: left + 6, y: top + 16 + LINE * i,
      }, text));
    });
    group.appendChild(card);
    svg.appendChild(group);
  }
  function shown() {
    var focused = modelOf(document.activeElement);
    if (focused) show(focused);
    else hide();
  }

  document.addEventListener("focusin", function (ev) {
    var model = modelOf(ev.target);
    if (model) show(model);
  });
  document.addEventListener("focusout", function (ev) {
    if (modelOf(ev.target) && !modelOf(ev.relatedTarget)) hide();
  });
  document.addEventListener("mouseover", function (ev) {
    var model = modelOf(ev.target);
    if (model) show(model);
  });
  document.addEventListener("mouseout", function (ev) {
    var model = modelOf(ev.target);
    if (model && !model.contains(ev.relatedTarget)) shown();
  });

  // A redraw sends the terrain and the legend empty (hx-preserve): hexboard/board.js fetches
  // them for a page that never had them.
  // The armies' list comes closed and empty with a redraw (fetched when opened); board.js opens
  // it again when it was open, before htmx listens to it: ask for it then.
  function reopened() {
    document.querySelectorAll("details.sk-rosters[open][hx-get]").forEach(function (d) {
      if (!d.querySelector(".sk-roster") && window.htmx) htmx.trigger(d, "toggle");
    });
  }
  document.addEventListener("htmx:afterSettle", reopened);
})();
