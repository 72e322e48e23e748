"""The skirmish panel beside the board: `{% skirmish_panel turn %}` (context: the match page's,
for the match id and version the forms post)."""

from __future__ import annotations

from typing import Any

from django import template

from games.skirmish_site.panel import panel

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
# choice; one that slept through the whole setup fetches them once: static/skirmish/skirmish.js).
TERRAIN_CHOSEN_IN = frozenset({"setup"})


@register.simple_tag(takes_context=True)
def redrawn(context: Any) -> dict[str, Any]:
    """The board's `turn` for this drawing: on a redraw out of band (a move's answer, a push, a
    refetch) once the table is set, its terrain and deployment zones (pieces.Kept) are empty
    groups htmx fills with the page's own (hx-preserve). The terrain was a fifth of a move's
    answer (issue 14); neither changes after the setup. The whole page (and a pick, which aims at the board) draws it."""
    turn: dict[str, Any] = context["turn"]
    if not context.get("oob") or turn["view"]["position"]["phase"] in TERRAIN_CHOSEN_IN:
        return turn
    pieces = [getattr(p, "placeholder", p) for p in turn["pieces"]]
    return {**turn, "pieces": pieces}
