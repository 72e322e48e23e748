"""The seat's standing reactions in its panel: `{% infinity_reactions turn %}` (context: the
match page's, for the match id, version and CSRF token the forms post, and the request whose
address may name the trooper whose reaction is being changed: `?ora=<id>`)."""

from __future__ import annotations

from typing import Any

from django import template

from games.hexboard.turn import hand_form_context, picks_query
from games.infinity_site.reactions import panel

register = template.Library()

# The query name of the trooper whose reaction form is open (reactions.panel's `editing`).
EDITING = "ora"


@register.inclusion_tag("infinity_site/_reactions.html", takes_context=True)
def infinity_reactions(context: Any, turn: dict[str, Any]) -> dict[str, Any]:
    request = context.get("request")
    # As the picks: a live refetch keeps what the page's address names (turn.picks_query).
    query = picks_query(request, turn["urls"]["page"]) if request is not None else {}
    editing = query.get(EDITING) or None
    return {
        "reactions": panel(turn["view"], editing=editing),
        "editing_param": EDITING,
        **hand_form_context(context, turn),
    }
