"""The default company's units (the engine names them "Troopers", "Assault", "Walker",
"Captain") read in the player's language: a French page said "Captain porte l'objet…". A unit
a player named is kept as written."""

from __future__ import annotations

import re

from games.engine import registry
from games.skirmish_site.describe import unit_name
from tests.fixtures import client_for
from tests.fixtures import play_random as play


def _deploying(new_match, players):
    system = registry.get_system("skirmish")
    match = play(new_match(), players, 60, until=lambda s: s.phase == "deployment")
    state = system.state_from_json(match.snapshot)
    return match, players[system.to_act(state)[0]]


def _words(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def test_a_french_page_names_the_default_units_in_french(new_match, players):
    match, deploying = _deploying(new_match, players)
    html = _words(
        client_for(deploying).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    )
    assert "Capitaine" in html and "Soldats" in html
    assert not re.search(r"\b(Captain|Troopers|Walker)\b", html)


def test_an_english_page_keeps_the_english_names(new_match, players):
    match, deploying = _deploying(new_match, players)
    page = client_for(deploying).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    html = _words(page.content.decode())
    assert "Captain" in html and "Troopers" in html


def test_a_name_a_player_gave_is_kept():
    assert unit_name("Captain Vos") == "Captain Vos"
    assert unit_name("Capitaine") == "Capitaine"
