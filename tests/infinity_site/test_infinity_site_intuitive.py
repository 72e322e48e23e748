"""The Intuitive Attack on the match page (engine intuitive.py): picked at the enemy marker's
hex, said in the player's words (French and English) with its template and its odds, posted
through the page's move endpoint and told in the log; a mine's marker is offered and named as
a trooper's, and no page of the attacker, a spectator or the step viewer names what stands
behind the marker."""

from __future__ import annotations

import json

import pytest

from games.engine.infinity.position import state_from_json
from games.matches.models import Match
from tests.infinity_site.positions import (
    PASS,
    declared,
    duel_match,
    post_move,
    regular_order,
    seed_rolling,
    trooper,
)
from tests.infinity_site.test_infinity_site_hidden import client_for, pages

pytestmark = pytest.mark.django_db
ORDER = regular_order("b2")
ATTACK = declared("intuitive", "b2", weapon="light_flamethrower", mode="N", target="m1", aim=["d0"])


def marker_match(players, mine: bool = False) -> Match:
    """Corregidor's Mobile Brigada b2 (Light Flamethrower) two hexes south of the marker m1: the
    JSA's Ninja n1 (a TO marker), or a hidden mine (`mine`, the Ninja then far off as m2, and
    the attacker a Domaru whose Chain Rifle reaches the mine from beyond its area, so that it
    does not go off first)."""
    attacker = trooper("b2", 0, "corregidor.mobile_brigada.multi", [6, 10], 0)
    if mine:
        attacker = trooper("d9", 0, "jsa.domaru.chain", [6, 12], 0)
    troopers = [
        attacker,
        trooper("a4", 0, "corregidor.alguacil.lt", [1, 13], 0),
        trooper("n1", 1, "jsa.ninja.combi", [13, -4] if mine else [6, 8], 3),
        trooper("k3", 1, "jsa.keisotsu.lt", [14, -5], 3),
    ]
    secret = {"markers": {"m1": "n1"}, "policies": {"n1": PASS}}
    if mine:
        secret["markers"] = {"m2": "n1"}
        secret["mines"] = [{"marker": "m1", "layer": "n1", "hex": [6, 8], "shown": False}]
    return duel_match(players, troopers, hidden=({}, secret), markers_placed=2)


def moves(mine: bool) -> tuple[dict, dict]:
    if not mine:
        return ORDER, ATTACK
    who = {"trooper": "d9"}
    return ORDER | who, ATTACK | who | {"weapon": "chain_rifle"}


def picked(client, match: Match, language: str) -> str:
    url = f"/m/{match.pk}/?spot=6,8&opt=2.intuitive.light_flamethrower.m1"
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_it_is_picked_at_the_marker_and_said_in_the_players_words(players):
    match = marker_match(players)
    owner = client_for(players[0])
    match = post_move(owner, match, ORDER)
    english, french = picked(owner, match, "en"), picked(owner, match, "fr")
    said = "b2 attacks TO camouflage marker m1 intuitively with the Light Flamethrower."
    assert said in english and 'data-testid="marker-m1" data-hex="6,8"' in english
    said = "Mobile Brigada (MULTI) b2 attaque intuitivement le marqueur camouflé TO m1 avec : "
    assert said + "Lance-flammes léger" in french
    # the roll's value and chance drawn on the line to the marker: WIP 13, TO −6
    assert "7 · 35%" in english


def _seed_that_misses(match: Match, attack: dict) -> None:
    """Choose the match's seed so that the WIP roll fails."""
    seed_rolling(match, 0, attack, "IntuitiveRolled", success=False, name="intuitive")


@pytest.mark.parametrize("mine", [False, True])
def test_posted_told_and_nothing_behind_the_marker_leaks(players, make_user, mine):
    match = marker_match(players, mine)
    owner = client_for(players[0])
    order, attack = moves(mine)
    match = post_move(owner, match, order)
    _seed_that_misses(match, attack)
    match = post_move(owner, match, attack)
    assert state_from_json(match.snapshot).turn.current is None  # the whole order, resolved
    for reader in (owner, client_for(make_user("inf_intuitive")), client_for()):
        html = pages(reader, match)
        assert "attacks camouflage marker m1 intuitively: WIP" in html
        assert f"(camouflage {-3 if mine else -6})" in html  # the marker's MOD, as it is drawn
        assert "missed: no template" in html and "raté : aucun gabarit" in html
        assert "ninja" not in html.lower() and '"n1"' not in html and "&quot;n1&quot;" not in html
        assert "mine m1" not in html and "MineLaid" not in html and "✱" not in html


def test_the_rules_page_tells_it_in_both_languages(client):
    english = client.get("/infinity/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    french = client.get("/infinity/rules/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'id="intuitive-attack"' in english and "Intuitive Attack: a trooper" in english
    assert "Attaque Intuitive : une troupe" in french and "−6 contre un marqueur TO" in french


def _refusal(client, match: Match, move: dict) -> str:
    """What the page says of a refused move (its flash), nothing changed."""
    before = (match.version, match.snapshot)
    response = client.post(
        f"/m/{match.pk}/move",
        {"move": json.dumps(move), "expected_version": match.version},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 400
    match.refresh_from_db()
    assert (match.version, match.snapshot) == before
    return response.content.decode().split('id="flash"')[1].split("</div>")[0]


def test_a_forged_attack_is_refused_in_words_the_same_for_a_mine_and_a_trooper(players):
    """The trooper's own id, an unknown marker, a marker out of reach: refused with a sentence,
    nothing changed; and the words do not tell a mine's marker from a Ninja's."""
    said = {}
    for mine in (False, True):
        match = marker_match(players, mine)
        owner = client_for(players[0])
        order, attack = moves(mine)
        match = post_move(owner, match, order)
        text = _refusal(owner, match, attack | {"target": "n1"})
        assert "Visez un marqueur camouflé ennemi avec une Attaque Intuitive." in text
        assert _refusal(owner, match, attack | {"target": "m7"}) == text
        data = dict(match.snapshot)
        where = data["hidden"]["1"]["mines"][0] if mine else data["troopers"][2]
        where["hex"] = [6, 2]  # out of the template's reach
        match.snapshot = data
        match.save(update_fields=["snapshot"])
        said[mine] = _refusal(owner, match, attack)
    assert (
        "Aucun gabarit de cette arme, dans son arc avant, n&#x27;atteint ce marqueur."
        in said[False]
    )
    assert said[False] == said[True]
