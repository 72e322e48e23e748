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
    }
