"""Small SVG helpers every system draws with (pure: no request, no model).

Numbers are written with a dot and at most one decimal, never through the template engine's
localisation: a French "12,5" in an SVG attribute would scatter the drawing. Markup built in
Python goes through Django's `format_html`/`SafeString` only.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable

from django.utils.html import conditional_escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from games.engine.hexgrid import Hex, Layout

Point = tuple[float, float]


def num(value: float) -> str:
    """A coordinate as short as it reads: "-150", "86.6" (one decimal, never a comma)."""
    text = f"{value:.1f}"
    if text == "-0.0":
        return "0"
    return text[:-2] if text.endswith(".0") else text


def points(pts: Iterable[Point]) -> str:
    """An SVG `points` attribute."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


@functools.cache
def centred_corners(layout: Layout, scale: float = 1.0) -> str:
    """A hexagon's corners around (0, 0), shrunk by `scale`: the same text for every hex of a
    drawing, so a redraw's gzip sends it once (issue 14: each hex's own corners were half of
    Hexpanse's hand drawings and a fifth of its board's pieces, gzip'd)."""
    return points((x * scale, y * scale) for x, y in layout.corners((0, 0)))


def placed_hexagon(layout: Layout, h: Hex, css: str, scale: float = 1.0) -> SafeString:
    """A hexagon at `h`'s place: the shared corners moved by a translation."""
    cx, cy = layout.to_pixel(h)
    return format_html(
        '<polygon class="{}" transform="translate({},{})" points="{}"/>',
        css,
        num(cx),
        num(cy),
        centred_corners(layout, scale),
    )


def polar(centre: Point, angle_deg: float, dist: float) -> Point:
    """The point `dist` away from centre at a screen angle (degrees, y grows downwards)."""
    a = math.radians(angle_deg)
    return centre[0] + dist * math.cos(a), centre[1] + dist * math.sin(a)


def view_box(box: tuple[float, float, float, float]) -> str:
    return " ".join(num(v) for v in box)


def line(x1: float, y1: float, x2: float, y2: float, css: str, **extra: str) -> SafeString:
    """An arrow or a line of sight between two points (the grid defines the arrow marker)."""
    attrs = format_html_join("", ' {}="{}"', sorted(extra.items()))
    return format_html(
        '<line class="{}" x1="{}" y1="{}" x2="{}" y2="{}" marker-end="url(#hb-arrow)"{}/>',
        css,
        num(x1),
        num(y1),
        num(x2),
        num(y2),
        attrs,
    )


def join(parts: Iterable[SafeString | str]) -> SafeString:
    """Markup pieces side by side; plain strings among them are escaped."""
    return mark_safe("".join(conditional_escape(p) for p in parts))
