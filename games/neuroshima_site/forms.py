"""The lobby options of Neuroshima Hex. cleaned_data is exactly the engine config
(games/engine/neuroshima/setup.py validate_config); the seat count is len(armies)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engine.neuroshima.setup import validate_config
from games.engine.neuroshima.tiles import ARMIES, army_name

MAX_SEATS = 4


def _army_choices() -> list[tuple[str, str]]:
    # both names, so the list reads in either language without a request
    return [("random", _("Random"))] + [
        (a, f"{army_name(a, 'fr')} / {army_name(a, 'en')}") for a in ARMIES
    ]


class NeuroshimaConfigForm(forms.Form):
    players = forms.TypedChoiceField(
        label=_("Players"), choices=[(2, "2"), (3, "3"), (4, "4")], coerce=int, initial=2
    )
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
    points_variant = forms.BooleanField(label=_("Points variant (3 or 4 players)"), required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for i in range(MAX_SEATS):
            self.fields[f"army_{i}"] = forms.ChoiceField(
                label=_("Army of player %(n)d") % {"n": i + 1},
                choices=_army_choices(),
                initial="random",
                required=i < 2,
            )

    def clean(self):
        data = super().clean()
        seats = data.get("players")
        if seats is None:
            return data
        config = {
            "armies": [data.get(f"army_{i}") or "random" for i in range(seats)],
            "mode": data.get("mode") or "ffa",
            "board": data.get("board") or "standard",
            "points_variant": bool(data.get("points_variant")),
        }
        if config["mode"] == "alliance" and seats != 4:
            raise forms.ValidationError(_("The alliance mode needs 4 players."))
        if config["points_variant"] and seats < 3:
            raise forms.ValidationError(_("The points variant needs 3 or 4 players."))
        try:
            config = validate_config(config, seats)
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None
        self.seats = seats
        return config
