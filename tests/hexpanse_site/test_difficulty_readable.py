"""The lobby's difficulty list reads whole on a 360 px phone: each option a word or two (a
select cut « Marin : 12 unités, pas de faction m »), what each means in the help text."""

from __future__ import annotations

from django.utils import translation

from games.hexpanse_site.forms import HexpanseOptionsForm

# About what a phone's select shows beside nothing else, at 16 px, in 360 px.
SHORT = 24


def test_each_difficulty_is_short_and_explained_in_both_languages():
    field = HexpanseOptionsForm.base_fields["mode"]
    for language in ("fr", "en"):
        with translation.override(language):
            labels = [str(label) for _key, label in field.choices]
            assert all(len(label) <= SHORT for label in labels), labels
            help_text = str(field.help_text)
            assert all(label in help_text for label in labels)
