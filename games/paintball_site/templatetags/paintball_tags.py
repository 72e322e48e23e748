"""The seat's deployment by hand in its panel: `{% paintball_deploy turn %}` (context: the
match page's, for the match id, version and CSRF token the form posts)."""

from __future__ import annotations

from typing import Any

from django import template

from games.hexboard.turn import hand_form_context
from games.paintball_site.deploy import deploy_panel

register = template.Library()


@register.inclusion_tag("paintball_site/_deploy.html", takes_context=True)
def paintball_deploy(context: Any, turn: dict[str, Any]) -> dict[str, Any]:
    return {
        "deploy": deploy_panel(turn["view"], turn["seat"], turn["controls"]),
        **hand_form_context(context, turn),
    }
