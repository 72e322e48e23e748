"""The skirmish's lobby options: board, scenario, points limit, the creator's army list and the
computer's army (the engine's validate_config checks the result; an open seat's player picks
their list when taking the seat, games/armies)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.armies import selectors
from games.armies.services import ArmyRefused, army_for_match
from games.engine.skirmish.scenarios import SCENARIOS
from games.engine.skirmish.system import SYSTEM
from games.hexboard.forms import SystemOptionsForm, option_valued
from games.skirmish_site.describe import SCENARIOS as SCENARIO_LABELS

DEFAULT = ""
SAME = "same"


class SkirmishOptionsForm(SystemOptionsForm):
    system_key = "skirmish"
    board = forms.ChoiceField(
        label=_("Board"),
        choices=[
            ("standard", _("Standard (17 × 15 hexes)")),
            ("small", _("Small (13 × 11 hexes)")),
        ],
        initial="standard",
    )
    scenario = forms.ChoiceField(
        label=_("Scenario"),
        choices=[("random", _("Rolled on a die"))] + [(k, SCENARIO_LABELS[k]) for k in SCENARIOS],
        initial="random",
    )
    points_limit = forms.IntegerField(
        label=_("Points limit of each army"), min_value=50, max_value=5000, initial=300
    )

    def add_seat_fields(self, max_seats: int) -> None:
        mine = [(DEFAULT, _("The default company (271 points)"))]
        lists = selectors.army_lists_of_system(user=self.user, system="skirmish")
        mine += [(str(a.pk), f"{a.name} ({a.total} pts)") for a in lists if a.valid]
        self.fields["army"] = forms.ChoiceField(
            label=_("Your army"), choices=mine, required=False, initial=DEFAULT
        )
        self.fields["opponent_army"] = forms.ChoiceField(
            label=_("The computer's army (a player joining picks their own)"),
            choices=[(DEFAULT, _("The default company")), (SAME, _("A copy of mine"))] + mine[1:],
            required=False,
            initial=DEFAULT,
        )

    def config(self, data: dict[str, Any]) -> dict[str, Any]:
        limit = data.get("points_limit")
        try:
            mine = army_for_match(
                owner=self.user, system="skirmish", list_id=data.get("army"), points_limit=limit
            )
            other_choice = data.get("opponent_army") or DEFAULT
            other = (
                mine
                if other_choice == SAME
                else army_for_match(
                    owner=self.user, system="skirmish", list_id=other_choice, points_limit=limit
                )
            )
        except ArmyRefused as refusal:
            raise forms.ValidationError(refusal.message) from None
        config: dict[str, Any] = {"board": data.get("board") or "standard", "points_limit": limit}
        if data.get("scenario") and data["scenario"] != "random":
            config["scenario"] = data["scenario"]
        return SYSTEM.config_with_armies(config, [mine, other])


def options_summary(config: Mapping[str, Any]) -> list[str]:
    """A skirmish's options in the form's words (BaseSite.options_summary): the joining player
    brings their own list, so the lists are not said, only the limit they keep to."""
    form = SkirmishOptionsForm
    words = [
        option_valued(form, "board", config.get("board") or "standard"),
        option_valued(form, "scenario", config.get("scenario") or "random"),
    ]
    if config.get("points_limit"):
        words.append(option_valued(form, "points_limit", config["points_limit"]))
    return words
