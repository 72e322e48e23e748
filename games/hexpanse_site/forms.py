"""The lobby options of Hexpanse; the engine's validate_config checks them
(games/engine/hexpanse/setup.py). The number of players comes from the lobby."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from games.hexboard.forms import SystemOptionsForm, option_label, option_valued
from hexsite.form_fields import CheckboxField


class HexpanseOptionsForm(SystemOptionsForm):
    system_key = "hexpanse"
    mode = forms.ChoiceField(
        label=_("Difficulty"),
        # One word each, what they mean in the help text: a phone's select cut « Marin : 12
        # unités, pas de faction m » short at 360 px (the Hexpanse walk).
        choices=[
            ("marin", _("Sailor")),
            ("capitaine", _("Captain")),
            ("amiral", _("Admiral")),
        ],
        initial="capitaine",
        help_text=_(
            "Sailor: 12 normal units. Captain: 9 normal units and 3 units of a minor faction."
            " Admiral: as Captain, with a secret mission each."
        ),
    )
    teams = CheckboxField(
        label=_("Team play"),
        help_text=_(
            "4 or 6 players; teammates sit across: seats 1 and 3 with four, 1 and 4 with six;"
            " one person may hold both seats of a team."
        ),
        required=False,
    )
    elite = forms.TypedChoiceField(
        label=_("Elite units per player"),
        choices=[(n, str(n)) for n in range(4)],
        coerce=int,
        initial=0,
    )
    expert = CheckboxField(
        label=_("Expert: 6 units and two drafted minor factions"), required=False
    )
    alien = CheckboxField(
        label=_("Alien expansion factions (the Ox, the Mantacles)"), required=False
    )
    protector_policy = forms.ChoiceField(
        label=_("Protectors answer attacks"),
        choices=[
            ("ask", _("Ask me each time")),
            ("always", _("Always sacrifice the Protector")),
            ("never", _("Never sacrifice it")),
        ],
        initial="ask",
    )

    def config(self, data: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {
            "mode": data.get("mode") or "capitaine",
            "variants": {"elite": int(data.get("elite") or 0), "expert": bool(data.get("expert"))},
            "teams": True if data.get("teams") else None,
            "protector_policy": data.get("protector_policy") or "ask",
        }
        if data.get("alien"):
            out["alien"] = True
        return out


def options_summary(config: Mapping[str, Any]) -> list[str]:
    """A Hexpanse match's options in the form's words (BaseSite.options_summary): its
    difficulty, then only the variants it plays."""
    form = HexpanseOptionsForm
    variants = config.get("variants") or {}
    words = [option_valued(form, "mode", config.get("mode"))]
    if config.get("teams"):
        words.append(option_label(form, "teams"))
    if variants.get("expert"):
        words.append(option_label(form, "expert"))
    if config.get("alien"):
        words.append(option_label(form, "alien"))
    if variants.get("elite"):
        words.append(option_valued(form, "elite", variants["elite"]))
    return words


# The engine's refusals of a config that players can reach from the lobby, for the catalogues
# (hexboard.forms translates the engine's sentence when it knows it).
ENGINE_SENTENCES = (
    gettext_noop("Hexpanse is for 2 to 4 players, or 6 in three teams."),
    gettext_noop("Team play needs 4 or 6 seats (one person may hold two)."),
    gettext_noop("Expert mode plays with minor factions: Capitaine or Amiral."),
    gettext_noop("Expert mode needs 8 minor factions at most: 4 players."),
    gettext_noop("Six players need the six factions of the Alien expansion."),
)
