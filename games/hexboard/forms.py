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


# --- a config in the options form's own words (BaseSite.options_summary) ----------------------


def option_label(form_class: type[forms.Form], name: str) -> str:
    """The label the options form gives field `name`, in the reader's language."""
    return str(form_class.base_fields[name].label)


def option_choice(form_class: type[forms.Form], name: str, value: Any) -> str:
    """The words the options form shows for `value` of choice field `name` ("" for a value it
    does not offer: a config written by another version says nothing it cannot name)."""
    field = form_class.base_fields[name]
    for key, label in getattr(field, "choices", ()):
        if str(key) == str(value):
            return str(label)
    return ""


def option_valued(form_class: type[forms.Form], name: str, value: Any) -> str:
    """« Label: value », the value in the form's words when it offers choices."""
    field = form_class.base_fields[name]
    shown = option_choice(form_class, name, value) if hasattr(field, "choices") else ""
    return _("%(option)s: %(value)s") % {
        "option": option_label(form_class, name),
        "value": shown or value,
    }


def options_ticked(form_class: type[forms.Form], config: Any, names: tuple[str, ...]) -> list[str]:
    """The labels of the checkboxes among `names` that `config` ticks."""
    return [option_label(form_class, name) for name in names if config.get(name) is True]
