"""The base of every system's lobby options form.

Each system's form is built with `prefix=<system key>` (five systems' fields never collide when
the lobby is posted without JavaScript, which submits every fieldset) and the seat count chosen
in the lobby; its `cleaned_data` after `clean()` is the engine config, validated by the engine
itself (`validate_config`), so the form never repeats the rules.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from games.engine import registry


class SystemOptionsForm(forms.Form):
    system_key: str = ""

    def __init__(
        self, data: Any = None, *, seats: int = 2, user: Any = None, **kwargs: Any
    ) -> None:
        kwargs.setdefault("prefix", self.system_key)
        super().__init__(data, **kwargs)
        self.seats = seats
        self.user = user  # the match's creator (a form may offer their army lists), or None
        system = registry.get_system(self.system_key)
        self.min_seats, self.max_seats = system.min_seats, system.max_seats
        self.add_seat_fields(system.max_seats)

    def add_seat_fields(self, max_seats: int) -> None:
        """Per-seat options (an army per player...): add fields here."""

    def config(self, data: dict[str, Any]) -> dict[str, Any]:
        """The cleaned fields as an engine config (before the engine validates it)."""
        return data

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        if not self.min_seats <= self.seats <= self.max_seats:
            raise forms.ValidationError(
                _("This game is for %(min)d to %(max)d players.")
                % {"min": self.min_seats, "max": self.max_seats}
            )
        try:
            return registry.get_system(self.system_key).validate_config(
                self.config(data), self.seats
            )
        except ValueError as error:
            # The engine says why in English; catalogues may translate its known sentences.
            raise forms.ValidationError(_(str(error))) from None
