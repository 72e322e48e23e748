"""The rescue's box on the match page says which colour attacks and which defends (walk
polish12: its goal spoke of « l'attaquant » and « le défenseur » and never said who was whom),
and the figures line names only the seat that has a figure, without a dangling separator."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.fixtures import client_for, match_state

pytestmark = pytest.mark.django_db

COLOURS_FR = ("Rouge", "Bleu")


def _scenario_box(user, match, language="fr") -> str:
    page = client_for(user, language).get(f"/m/{match.pk}/").content.decode()
    box = re.search(r'<section class="sk-scenario".*?</section>', page, re.S)
    return unescape(box.group(0))


def test_the_rescue_says_which_colour_attacks_and_which_defends(new_match, players):
    match = new_match(scenario="rescue")
    _, state = match_state(match)
    attacker, defender = state.scen.roles
    box = _scenario_box(players[0], match)
    assert (
        f"{COLOURS_FR[attacker]} attaque (pour libérer le prisonnier) ; "
        f"{COLOURS_FR[defender]} défend la prison." in box
    )
    english = _scenario_box(players[1], match, "en")
    assert re.search(r"(Red|Blue) attacks \(to free the prisoner\); (Red|Blue) defends", english)
    # The defender leads until the prisoner is free: one figure, no separator after it.
    assert f"{COLOURS_FR[defender]} : en tête</p>" in box and "· </p>" not in box


def test_a_scenario_without_roles_says_none(new_match, players):
    box = _scenario_box(players[0], new_match())  # pitched battle
    assert 'data-testid="sk-scenario-roles"' not in box
    assert "Rouge : 0 pts tués · Bleu : 0 pts tués" in box
