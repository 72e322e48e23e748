"""Form fields every app's forms share: what a browser sends, read strictly."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class _SentCheckbox(forms.CheckboxInput):
    """A checkbox whose value reaches its field as sent (Django's turns any word into True)."""

    def value_from_datadict(self, data, files, name):
        return data.get(name, "")


class CheckboxField(forms.BooleanField):
    """A checkbox: ticked as a browser sends it ("on"; also "true", "1") or not (absent, "",
    "false", "0"). Any other value is a forged form, refused: Django's BooleanField would read
    any word as ticked."""

    widget = _SentCheckbox
    default_error_messages = {"invalid": _("Tick the box or leave it empty.")}
    TICKED, UNTICKED = ("on", "true", "1"), ("", "off", "false", "0")

    def __init__(self, *, template_name: str = "hexsite/check_field.html", **options):
        # Drawn as a whole field (form.as_div, field.as_field_group): the box inside its label,
        # one 44 px target with its words on a phone.
        super().__init__(template_name=template_name, **options)

    def to_python(self, value):
        if isinstance(value, str):
            if value.lower() not in self.TICKED + self.UNTICKED:
                raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
            return value.lower() in self.TICKED
        return super().to_python(value)
