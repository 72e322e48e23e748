"""The seat's choices by hand in its panel: `{% paintball_setup turn %}` (experts and grenades)
and `{% paintball_deploy turn %}` (context: the match page's, for the match id, version and
CSRF token the forms post)."""

from __future__ import annotations

from typing import Any

from django import template

from games.hexboard.turn import hand_form_context
from games.paintball_site.deploy import deploy_panel
from games.paintball_site.setup_by_hand import setup_panel

register = template.Library()


@register.inclusion_tag("paintball_site/_setup.html", takes_context=True)
def paintball_setup(context: Any, turn: dict[str, Any]) -> dict[str, Any]:
    panel = setup_panel(turn["view"], turn["seat"], turn["controls"])
    return {"name": "setup", "form": panel, "setup": panel, **hand_form_context(context, turn)}


@register.inclusion_tag("paintball_site/_deploy.html", takes_context=True)
def paintball_deploy(context: Any, turn: dict[str, Any]) -> dict[str, Any]:
    panel = deploy_panel(turn["view"], turn["seat"], turn["controls"])
    return {"name": "deploy", "form": panel, "deploy": panel, **hand_form_context(context, turn)}
