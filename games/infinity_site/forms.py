"""The lobby options of Infinity; the engine's validate_config checks them
(games/engine/infinity/setup.py)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.hexboard.forms import SystemOptionsForm


class InfinityOptionsForm(SystemOptionsForm):
    system_key = "infinity"
    scenario = forms.ChoiceField(
        label=_("Scenario"),
        choices=[
            ("annihilation", _("Annihilation")),
            ("civilian_evacuation", _("Civilian Evacuation")),
        ],
        initial="annihilation",
    )
    army = forms.ChoiceField(
        label=_("Army of the first player"),
        choices=[
            ("corregidor", _("Corregidor Jurisdictional Command (against the JSA)")),
            ("jsa", _("Japanese Sectorial Army (against Corregidor)")),
        ],
        initial="corregidor",
    )
    board = forms.ChoiceField(
        label=_("Table"),
        choices=[("small", _("Small, 16 × 16 hexes")), ("standard", _("Standard, 24 × 24 hexes"))],
        initial="small",
    )
    civilians = forms.ChoiceField(
        label=_("Civilians"),
        choices=[
            ("", _("As the scenario says")),
            ("none", _("None")),
            ("neutral", _("Neutral")),
            ("mixed", _("Mixed: neutral or hostile, found out on contact")),
        ],
        initial="",
        required=False,
    )
    reactions = forms.ChoiceField(
        label=_("Reactions at first"),
        choices=[
            ("ask", _("Ask me for every reaction")),
            ("auto", _("Automatic: shoot what enters the line of fire, dodge templates")),
        ],
        initial="ask",
        help_text=_("Each player can change each trooper's policy during the game."),
    )
    max_game_turns = forms.TypedChoiceField(
        label=_("Game turns"), choices=[(n, n) for n in (1, 2, 3)], coerce=int, initial=3
    )
    hidden_deployment = forms.BooleanField(
        label=_("Hidden deployment (one trooper a side, reacting by its trigger)"),
        required=False,
    )

    def config(self, data: dict[str, Any]) -> dict[str, Any]:
        armies = ["corregidor", "jsa"]
        if data.get("army") == "jsa":
            armies.reverse()
        return {
            "scenario": data.get("scenario") or "annihilation",
            "armies": armies,
            "board": data.get("board") or "small",
            "civilians": data.get("civilians") or None,
            "reactions": data.get("reactions") or "ask",
            "max_game_turns": int(data.get("max_game_turns") or 3),
            "hidden_deployment": bool(data.get("hidden_deployment")),
        }


# The engine's refusals of a config that players can reach from the lobby, for the catalogues.
ENGINE_SENTENCES = (gettext_noop("Civilian Evacuation needs civilians."),)
