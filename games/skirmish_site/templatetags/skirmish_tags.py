"""The skirmish panel beside the board: `{% skirmish_panel turn %}` (context: the match page's,
for the match id and version the forms post)."""

from __future__ import annotations

from typing import Any

from django import template

from games.skirmish_site.panel import panel
from games.skirmish_site.pieces import Kept

register = template.Library()


@register.inclusion_tag("skirmish_site/_panel.html", takes_context=True)
def skirmish_panel(context: Any, turn: dict[str, Any]) -> dict[str, Any]:
    match = context.get("match")
    return {
        **panel(turn["view"]),
        "match_id": getattr(match, "pk", None),
        "version": context.get("version"),
        "seat": turn["view"].get("seat"),
        "csrf_token": context.get("csrf_token"),
        # A redraw out of band (a move's answer, a push, a pick): the page already has the
        # parts that never change.
        "redraw": bool(context.get("oob")),
    }


# The phase in which the table's terrain and deployment zones may still be new to an open page:
# they are chosen during the setup (a page open then gets them in the answer or push of that
# choice; one that slept through the whole setup fetches them once: static/hexboard/board.js).
TERRAIN_CHOSEN_IN = frozenset({"setup"})


@register.simple_tag(takes_context=True)
def redrawn(context: Any) -> dict[str, Any]:
    """The board's `turn` for this drawing. On a redraw (out of band: a move's answer, a push, a
    refetch; or a pick, which htmx aims at the board) the layers that stay put (pieces.Kept:
    the terrain, the deployment zones) are empty groups htmx fills with the page's own
    (hx-preserve), and the cards' script is left out; during the setup the terrain and zones are
    still drawn (they are being chosen). The terrain was a fifth of a move's answer (issue 14).
    The whole page draws everything."""
    turn: dict[str, Any] = context["turn"]
    request = context.get("request")
    if not context.get("oob") and not getattr(request, "htmx", False):
        return turn
    setup = turn["view"]["position"]["phase"] in TERRAIN_CHOSEN_IN
    drawn = [
        p.placeholder if isinstance(p, Kept) and not (setup and p.in_setup) else p
        for p in turn["pieces"]
    ]
    return {**turn, "pieces": drawn}
