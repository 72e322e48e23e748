"""A pattern that both attacks and places says each count with its own plural: the French
card read "attaquer 2 territoire(s), puis pouvez placer 1 unité(s)"."""

from __future__ import annotations

from django.utils import translation

from games.hexpanse_site.texts import effect_text


def test_maria_murdocks_pattern_in_french():
    with translation.override("fr"):
        text = effect_text({"do": "pattern", "pattern": "B-maria"})
    assert text == "Vous devez attaquer 2 territoires, puis pouvez placer 1 unité, selon le modèle."


def test_one_attack_and_one_placing_in_english():
    with translation.override("en"):
        text = effect_text({"do": "pattern", "pattern": "B-herbert"})
    assert text == "Must attack 1 territory, then may place 1 unit, by the pattern."
