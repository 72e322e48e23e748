"""The lobby options of Infinity: scenario, table, civilians, reactions, game turns, the
creator's army (a starter roster or one of their lists, games/armies) and the other seat's (the
computer's; a player joining picks their own); the engine's validate_config checks them
(games/engine/infinity/setup.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, pgettext_lazy

from games.armies import selectors
from games.armies.services import ArmyRefused, army_for_match
from games.hexboard.forms import (
    SystemOptionsForm,
    option_label,
    option_valued,
)
from hexsite.form_fields import CheckboxField

STARTERS = ("corregidor", "jsa")


class InfinityOptionsForm(SystemOptionsForm):
    system_key = "infinity"
    scenario = forms.ChoiceField(
        label=_("Scenario"),
        choices=[
            ("annihilation", _("Annihilation")),
            ("civilian_evacuation", _("Civilian Evacuation")),
            ("zone_control", _("Zone Control")),
        ],
        initial="annihilation",
    )
    points_limit = forms.IntegerField(
        label=_("Points limit of each army list (optional)"),
        min_value=50,
        max_value=1000,
        required=False,
        help_text=_("The starter rosters are worth about 150 points."),
    )
    board = forms.ChoiceField(
        label=_("Table"),
        choices=[
            ("small", _("Small, 16 × 16 hexes")),
            ("standard", _("Standard, 24 × 24 hexes")),
            ("town", _("Town, 16 × 16 hexes, with roofs to climb")),
        ],
        initial="small",
    )
    civilians = forms.ChoiceField(
        label=_("Civilians"),
        choices=[
            ("", _("As the scenario says")),
            ("none", pgettext_lazy("civilians", "None")),
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
    hidden_deployment = CheckboxField(
        label=_("Hidden deployment (one trooper a side, reacting by its trigger)"),
        required=False,
    )

    def add_seat_fields(self, max_seats: int) -> None:
        starters = [
            ("corregidor", _("Corregidor Jurisdictional Command (starter roster)")),
            ("jsa", _("Japanese Sectorial Army (starter roster)")),
        ]
        lists = selectors.army_lists_of_system(user=self.user, system="infinity")
        mine = [(str(a.pk), f"{a.name} ({a.total} pts)") for a in lists if a.valid]
        # Radios, not a select: a phone's select cut « Commandement Juridictionnel de
        # Corregidor (liste de départ) » short; a radio's words wrap.
        self.fields["army"] = forms.ChoiceField(
            label=_("Your army"),
            choices=starters + mine,
            initial="corregidor",
            widget=forms.RadioSelect,
            # A new player's only way to a camouflaged Ninja (no starter roster has one).
            help_text=_(
                "Or a list of your own, built under “Armies” (the JSA's camouflaged Ninja, "
                "for one)."
            ),
        )
        self.fields["opponent_army"] = forms.ChoiceField(
            label=_("The other army (the computer's; a player joining picks their own)"),
            choices=[("", _("The other starter roster"))] + starters + mine,
            widget=forms.RadioSelect,
            required=False,
            initial="",
        )

    def _army(self, choice: str, limit: Any) -> Any:
        if choice in STARTERS:
            return choice
        try:
            return army_for_match(
                owner=self.user, system="infinity", list_id=choice, points_limit=limit
            )
        except ArmyRefused as refusal:
            raise forms.ValidationError(refusal.message) from None

    def config(self, data: dict[str, Any]) -> dict[str, Any]:
        limit = data.get("points_limit")
        mine = self._army(data.get("army") or "corregidor", limit)
        other = data.get("opponent_army") or ""
        if other:
            theirs = self._army(other, limit)
        else:
            sectorial = mine if isinstance(mine, str) else (mine or {}).get("sectorial")
            theirs = "jsa" if sectorial == "corregidor" else "corregidor"
        return {
            "scenario": data.get("scenario") or "annihilation",
            "armies": [mine or "corregidor", theirs or "corregidor"],
            "points_limit": limit,
            "board": data.get("board") or "small",
            "civilians": data.get("civilians") or None,
            "reactions": data.get("reactions") or "ask",
            "max_game_turns": int(data.get("max_game_turns") or 3),
            "hidden_deployment": bool(data.get("hidden_deployment")),
        }


def options_summary(config: Mapping[str, Any]) -> list[str]:
    """An Infinity match's options in the form's words (BaseSite.options_summary): scenario and
    table, then what differs from a plain game. The armies are said by `side_name`; the lists'
    troopers are not said (a hidden deployment hides one of them)."""
    form = InfinityOptionsForm
    words = [
        option_valued(form, "scenario", config.get("scenario")),
        option_valued(form, "board", config.get("board")),
    ]
    if config.get("civilians") in ("neutral", "mixed"):
        words.append(option_valued(form, "civilians", config["civilians"]))
    if config.get("points_limit"):
        words.append(option_valued(form, "points_limit", config["points_limit"]))
    if config.get("max_game_turns") not in (None, 3):
        words.append(option_valued(form, "max_game_turns", config["max_game_turns"]))
    if config.get("hidden_deployment"):
        words.append(option_label(form, "hidden_deployment"))
    return [w for w in words if w]


# The engine's refusals of a config that players can reach from the lobby, for the catalogues.
ENGINE_SENTENCES = (gettext_noop("Civilian Evacuation needs civilians."),)
