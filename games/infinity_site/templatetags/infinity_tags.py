"""The seat's standing reactions in its panel: `{% infinity_reactions turn %}` (context: the
match page's, for the match id, version and CSRF token the forms post)."""

from __future__ import annotations

from typing import Any

from django import template

from games.hexboard.turn import hand_form_context
from games.infinity_site.reactions import panel

register = template.Library()


@register.inclusion_tag("infinity_site/_reactions.html", takes_context=True)
def infinity_reactions(context: Any, turn: dict[str, Any]) -> dict[str, Any]:
    return {"reactions": panel(turn["view"]), **hand_form_context(context, turn)}
