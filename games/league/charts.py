"""Rating history as SVG geometry, pure; the template draws it (no client-side script).

The shaded band is mu ± sigma; the line is the displayed rating (the ordinal)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext

from games.hexboard.words import number
from games.league.ratings import ordinal

WIDTH, HEIGHT, PAD = 320, 140, 24


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    line: str  # polyline points for the ordinal
    band: str  # polygon points for mu ± sigma
    dots: tuple[tuple[float, float, str], ...]  # x, y, title
    y_max: float
    y_min: float
    empty: bool


def start_label() -> str:
    """The point before any game (its tooltip read « : 0 »)."""
    return gettext("before the first game")


def day_label(at) -> str:
    """A rated game's point, dated as the reader writes dates (it read « 2026-12-05 »)."""
    return date_format(timezone.localtime(at), "SHORT_DATE_FORMAT")


def _fmt(x: float, y: float) -> str:
    return f"{x:.1f},{y:.1f}"


def rating_chart(history: Sequence[tuple[str, float, float]]) -> Chart:
    """`history`: (label, mu, sigma) oldest first."""
    if not history:
        return Chart(WIDTH, HEIGHT, "", "", (), 0.0, 0.0, True)
    lows = [ordinal(mu, s) for _, mu, s in history] + [mu - s for _, mu, s in history]
    highs = [mu + s for _, mu, s in history]
    lo, hi = min(lows), max(highs)
    if hi - lo < 1:
        hi, lo = hi + 0.5, lo - 0.5
    n = len(history)

    def x(i: int) -> float:
        return PAD + (WIDTH - 2 * PAD) * (i / (n - 1) if n > 1 else 0.5)

    def y(v: float) -> float:
        return HEIGHT - PAD - (HEIGHT - 2 * PAD) * (v - lo) / (hi - lo)

    line = " ".join(_fmt(x(i), y(ordinal(mu, s))) for i, (_, mu, s) in enumerate(history))
    upper = [_fmt(x(i), y(mu + s)) for i, (_, mu, s) in enumerate(history)]
    lower = [_fmt(x(i), y(mu - s)) for i, (_, mu, s) in enumerate(history)]
    dots = tuple(
        (round(x(i), 1), round(y(ordinal(mu, s)), 1), _dot_title(label, ordinal(mu, s)))
        for i, (label, mu, s) in enumerate(history)
    )
    return Chart(
        WIDTH, HEIGHT, line, " ".join(upper + lower[::-1]), dots, round(hi, 1), round(lo, 1), False
    )


def _dot_title(label: str, rating: float) -> str:
    """ "d2: 22.4" / "d2 : 22,4": a point's tooltip in the reader's typography."""
    return gettext("%(when)s: %(rating)s") % {"when": label, "rating": number(round(rating, 1))}
