"""Each system sums a match's options up in its options form's own words (BaseSite.
options_summary), in French and in English, saying only what the form shows its creator."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.matches.systems import get_site

CONFIGS = {
    "hexpanse": (
        {"mode": "marin", "variants": {"elite": 0, "expert": False}, "alien": True},
        {"en": ["Difficulty: Sailor", "Alien expansion factions (the Ox, the Mantacles)"]},
    ),
    "infinity": (
        {"scenario": "zone_control", "board": "town", "hidden_deployment": True},
        {"en": ["Scenario: Zone Control", "Table: Town, 16 × 16 hexes, with roofs to climb"]},
    ),
    "neuroshima": (
        {"mode": "ffa", "board": "king_of_the_hill", "points_variant": True},
        {"en": ["Free for all", "Board: King of the Hill", "Points variant (3 or 4 players)"]},
    ),
    "paintball": (
        {"scenario": "centre_flag", "board": "field_7", "experts": True, "heavy_cover": False},
        {"en": ["Centre flag (10 turns)", "Field: Large (69 hexes)", "Experts (3 action points)"]},
    ),
    "skirmish": (
        {"board": "small", "points_limit": 200},
        {"en": ["Board: Small (13 × 11 hexes)", "Scenario: Rolled on a die"]},
    ),
}


@pytest.mark.parametrize("key", sorted(CONFIGS))
def test_a_config_is_said_in_the_forms_words_in_both_languages(key):
    config, expected = CONFIGS[key]
    site = get_site(key)
    with translation.override("en"):
        english = [str(w) for w in site.options_summary(config)]
    with translation.override("fr"):
        french = [str(w) for w in site.options_summary(config)]
    for words in expected["en"]:
        assert words in english
    assert len(french) == len(english)
    assert french != english


def test_hexpanse_says_only_the_variants_played():
    config = {"mode": "capitaine", "variants": {"elite": 0, "expert": False}}
    with translation.override("en"):
        assert list(get_site("hexpanse").options_summary(config)) == ["Difficulty: Captain"]


def test_infinity_never_names_what_an_army_list_holds():
    secret_list = {"sectorial": "jsa", "name": "My secret plan", "troopers": [{"id": "ninja"}]}
    config = {"scenario": "annihilation", "board": "small", "armies": ["corregidor", secret_list]}
    with translation.override("en"):
        said = " ".join(get_site("infinity").options_summary(config))
    assert "secret" not in said
    assert "ninja" not in said.lower()
