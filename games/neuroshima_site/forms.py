"""The lobby options of Neuroshima Hex; the engine's validate_config checks them
(games/engine/neuroshima/setup.py). The number of players comes from the lobby."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.engine.neuroshima.tiles import ARMIES, army_name
from games.hexboard.forms import (
    SystemOptionsForm,
    option_choice,
    option_valued,
    options_ticked,
)
from hexsite.form_fields import CheckboxField


def _army_choices() -> list[tuple[str, str]]:
    # both names, so the list reads in either language without a request
    return [("random", _("Random"))] + [
        (a, f"{army_name(a, 'fr')} / {army_name(a, 'en')}") for a in ARMIES
    ]


class NeuroshimaOptionsForm(SystemOptionsForm):
    system_key = "neuroshima"
    mode = forms.ChoiceField(
        label=_("Mode"),
        choices=[("ffa", _("Free for all")), ("alliance", _("Alliance, 2 against 2"))],
        initial="ffa",
    )
    board = forms.ChoiceField(
        label=_("Board"),
        choices=[("standard", _("Standard")), ("king_of_the_hill", _("King of the Hill"))],
        initial="standard",
    )
    points_variant = CheckboxField(label=_("Points variant (3 or 4 players)"), required=False)

    def add_seat_fields(self, max_seats: int) -> None:
        for i in range(max_seats):
            self.fields[f"army_{i}"] = forms.ChoiceField(
                label=_("Army of player %(n)d") % {"n": i + 1},
                choices=_army_choices(),
                initial="random",
                required=False,
            )

    def config(self, data: dict[str, Any]) -> dict[str, Any]:
        return {
            "armies": [data.get(f"army_{i}") or "random" for i in range(self.seats)],
            "mode": data.get("mode") or "ffa",
            "board": data.get("board") or "standard",
            "points_variant": bool(data.get("points_variant")),
        }


def options_summary(config: Mapping[str, Any]) -> list[str]:
    """A Neuroshima match's options in the form's words (BaseSite.options_summary); the armies
    are said by `side_name`."""
    form = NeuroshimaOptionsForm
    words = [
        option_choice(form, "mode", config.get("mode")),
        option_valued(form, "board", config.get("board")),
        *options_ticked(form, config, ("points_variant",)),
    ]
    return [w for w in words if w]


# The engine's refusals of a config that players can reach from the lobby, for the catalogues
# (hexboard.forms translates the engine's sentence when it knows it).
ENGINE_SENTENCES = (
    gettext_noop("The alliance mode is for 4 players (two teams of two)."),
    gettext_noop("The points variant is for games of more than two players."),
)
