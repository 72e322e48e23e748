// Every visible text of the page, and every form control, against what is really behind it:
// WCAG 2 contrast of the text's computed colour (faded by its own and its ancestors' opacity)
// on its effective background (the first opaque background up the ancestors, the translucent
// ones on the way blended over it; the canvas of the page's colour scheme under all).
// Returns the page's own background, and the offenders.
() => {
  const parse = (text) => {
    const m = /rgba?\(([^)]+)\)/.exec(text);
    if (!m) return null;
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat([1]);
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const dark = getComputedStyle(document.documentElement).colorScheme.includes("dark")
    && !getComputedStyle(document.documentElement).colorScheme.includes("light");
  const canvas = dark ? [18, 18, 18, 1] : [255, 255, 255, 1];
  const backgroundOf = (element) => {
    const layers = [];
    for (let e = element; e && e.nodeType === 1; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg && bg[3] > 0) {
        layers.push(bg);
        if (bg[3] >= 1) break;
      }
    }
    return layers.reverse().reduce((under, top) => over(top, under), canvas);
  };
  const opacityOf = (element) => {
    let o = 1;
    for (let e = element; e && e.nodeType === 1; e = e.parentElement) {
      o *= Number(getComputedStyle(e).opacity);
    }
    return o;
  };
  const visible = (e) => {
    const r = e.getBoundingClientRect();
    const style = getComputedStyle(e);
    const onPage = r.right + scrollX > 0 && r.bottom + scrollY > 0; // not parked off-screen
    return onPage && r.width > 1 && r.height > 1 && style.visibility === "visible"
      && e.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const name = (e) => e.tagName.toLowerCase() + (e.className && typeof e.className === "string"
    ? "." + e.className.trim().split(/\s+/).join(".") : "");
  const rgb = (c) => "#" + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  const offenders = [];
  const controls = "button, a.button, input:not([type=hidden]), select, textarea";
  for (const e of document.body.querySelectorAll("*")) {
    if (e.closest("svg, option, script, style, noscript, template")) continue;
    const ownText = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const isField = e.matches("input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea");
    if (!(ownText || isField) || !visible(e)) continue;
    const style = getComputedStyle(e);
    const bg = backgroundOf(e);
    const ink = parse(style.color);
    if (!ink) continue;
    const seen = over([ink[0], ink[1], ink[2], ink[3] * opacityOf(e)], bg);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const need = large ? 3 : 4.5;
    const r = ratio(seen, bg);
    if (r < need) {
      const words = (isField ? e.value || e.name : e.textContent).trim().replace(/\s+/g, " ");
      offenders.push(`${name(e)} "${words.slice(0, 40)}": ${r.toFixed(2)} < ${need} (${rgb(seen)} on ${rgb(bg)})`);
    }
  }
  // A control's edge (WCAG 1.4.11): its border or its own background stands out 3:1 from
  // what surrounds it. A control with neither (a link-like button) is text, checked above.
  for (const e of document.body.querySelectorAll(controls)) {
    if (e.closest("svg") || !visible(e)) continue;
    const style = getComputedStyle(e);
    const own = parse(style.backgroundColor);
    const border = parse(style.borderTopColor);
    const bordered = parseFloat(style.borderTopWidth) >= 1 && border && border[3] > 0;
    if ((!own || own[3] === 0) && !bordered) continue;
    const around = backgroundOf(e.parentElement);
    const filled = backgroundOf(e);
    const edge = bordered ? over(border, around) : null;
    if (ratio(filled, around) < 3 && !(edge && ratio(edge, around) >= 3)) {
      offenders.push(`${name(e)} edge: ${(edge ? ratio(edge, around) : ratio(filled, around)).toFixed(2)} < 3 (${rgb(edge || filled)} on ${rgb(around)})`);
    }
  }
  return { page: rgb(backgroundOf(document.body)), pageLuminance: luminance(backgroundOf(document.body)), dark, offenders };
}
