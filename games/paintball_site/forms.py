"""The lobby options of paintball; the engine's validate_config checks them
(games/engine/paintball/setup.py). Always two teams."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.hexboard.forms import (
    SystemOptionsForm,
    option_choice,
    option_valued,
    options_ticked,
)
from hexsite.form_fields import CheckboxField


class PaintballOptionsForm(SystemOptionsForm):
    system_key = "paintball"
    scenario = forms.ChoiceField(
        label=_("Scenario"),
        choices=[
            ("capture_the_flag", _("Capture the flag (12 turns)")),
            ("centre_flag", _("Centre flag (10 turns)")),
            ("elimination", _("Elimination (10 turns, larger field)")),
            ("base_assault", _("Base assault (8 turns: one team attacks, the other defends)")),
        ],
        initial="capture_the_flag",
    )
    board = forms.ChoiceField(
        label=_("Field"),
        choices=[
            ("", _("The scenario's own")),
            ("hexon_basic", _("Small: four Hexon boards (26 hexes)")),
            ("field_5", _("Medium (49 hexes)")),
            ("field_7", _("Large (69 hexes)")),
        ],
        required=False,
    )
    attacker = forms.ChoiceField(
        label=_("Base assault: attacking team"),
        choices=[("red", _("Red")), ("blue", _("Blue"))],
        initial="red",
        required=False,
    )
    experts = CheckboxField(label=_("Experts (3 action points)"), required=False)
    grenades = CheckboxField(label=_("Smoke and paint grenades"), required=False)
    blind_spots = CheckboxField(label=_("Blind spots (figures face one way)"), required=False)
    heavy_cover = CheckboxField(
        label=_("Heavy cover (barrels and woods)"), required=False, initial=True
    )
    hills = CheckboxField(label=_("Hills (large field only)"), required=False)

    def config(self, data: dict[str, Any]) -> dict[str, Any]:
        config: dict[str, Any] = {
            "scenario": data.get("scenario") or "capture_the_flag",
            "attacker": data.get("attacker") or "red",
        }
        if data.get("board"):
            config["board"] = data["board"]
        for key in CHECKBOXES:
            config[key] = bool(data.get(key))
        return config


CHECKBOXES = ("experts", "grenades", "blind_spots", "heavy_cover", "hills")


def options_summary(config: Mapping[str, Any]) -> list[str]:
    """A paintball match's options in the form's words (BaseSite.options_summary)."""
    form = PaintballOptionsForm
    words = [
        option_choice(form, "scenario", config.get("scenario")),
        option_valued(form, "board", config.get("board")) if config.get("board") else "",
    ]
    if config.get("scenario") == "base_assault":
        words.append(option_valued(form, "attacker", config.get("attacker") or "red"))
    words += options_ticked(form, config, CHECKBOXES)
    return [w for w in words if w]


# The engine's refusals of a config that players can reach from the lobby, for the catalogues
# (hexboard.forms translates the engine's sentence when it knows it).
ENGINE_SENTENCES = (gettext_noop("Paintball is played by two teams."),)
