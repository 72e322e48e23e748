"""Tie-breakers in a player's words, and the orders an organiser chooses among (a setting of the
league, `League.tiebreakers`; standings.table computes them)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext_lazy as _

from games.league.standings import TIEBREAKERS

NAMES = {
    "head_to_head": _("head-to-head"),
    "buchholz": _("Buchholz"),
    "buchholz_cut1": _("Buchholz cut 1"),
    "sonneborn_berger": _("Sonneborn-Berger"),
    "score_diff": _("score difference"),
    "wins": _("wins"),
}

# The orders offered: the default; the systems' duel presets (the game's own points first); a
# Swiss as FIDE breaks ties (Buchholz cut 1, Buchholz, Sonneborn-Berger); a round robin as FIDE
# does (head-to-head, Sonneborn-Berger, wins).
ORDERS: tuple[tuple[str, ...], ...] = (
    TIEBREAKERS,
    ("score_diff", "head_to_head", "buchholz"),
    ("buchholz_cut1", "buchholz", "sonneborn_berger", "head_to_head"),
    ("head_to_head", "sonneborn_berger", "wins", "score_diff"),
)


def in_words(order: Sequence[str]) -> str:
    """« confrontation directe → Buchholz → victoires » (the default order when none is set)."""
    return " → ".join(str(NAMES.get(name, name)) for name in (order or TIEBREAKERS))


def order_choices(current: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """The select's choices (value: names joined by commas); a league's own order, if it is
    none of these (an older preset), first, so that editing keeps it."""
    orders = list(ORDERS)
    if current and tuple(current) not in orders:
        orders.insert(0, tuple(current))
    return [(",".join(order), in_words(order)) for order in orders]
