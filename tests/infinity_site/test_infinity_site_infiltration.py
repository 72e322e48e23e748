"""Infiltration on the match page (games/engine/infinity/infiltration.py): the JSA player
deploying its Ninja reads, on each hex beyond its zone, what infiltrating there takes
(« infiltration : jet de PH à -1 (11 ou moins) »), sees the enemy half's MOD on the board, and
infiltrates through the page's move endpoint. A success as a marker leaves the other side and
spectators a camouflage marker and nothing of the roll (page, htmx partial, history, push); a
failure shows the Ninja and its roll to everybody.

The small board: the JSA deploys in rows 0-5; rows 8-9, past the middle, are the enemy half
outside Corregidor's zone (−1: the Ninja's PH 12 gives 11)."""

from __future__ import annotations

import pytest

from games.engine.infinity.position import state_from_json
from games.matches.models import Match
from tests.infinity_site.positions import (
    DEPLOYING_JSA,
    duel_match,
    post_move,
    seed_rolling,
    trooper,
)
from tests.infinity_site.test_infinity_site_hidden import client_for, pages, pushed

pytestmark = pytest.mark.django_db

ROW_8 = [6, 5]  # hex (6, 5) is on row 8: the first row of the enemy half


def deploying_match(players) -> Match:
    """Corregidor deployed (an Alguacil a2 and its Lieutenant a4); the JSA's Lieutenant k3 on
    the table, its Ninja n1 still to deploy."""
    troopers = [
        trooper("a2", 0, "corregidor.alguacil.combi", [6, 10], 0),
        trooper("a4", 0, "corregidor.alguacil.lt", [1, 13], 0),
        trooper("k3", 1, "jsa.keisotsu.lt", [14, -5], 3),
        trooper("n1", 1, "jsa.ninja.combi", None, 3),
    ]
    return duel_match(players, troopers, DEPLOYING_JSA)


INFILTRATE = {"type": "deploy", "seat": 1, "trooper": "n1", "hex": ROW_8, "facing": 3}


def _seed_for(match: Match, move: dict, success: bool) -> None:
    """Choose the match's seed so that the Ninja's roll goes as the test needs."""
    seed_rolling(match, 1, move, "InfiltrationRolled", success=success, name="infil")


def test_the_deploying_player_reads_what_infiltrating_each_hex_takes(players):
    match = deploying_match(players)
    client = client_for(players[1])
    page = {
        lang: client.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        for lang in ("fr", "en")
    }
    assert (
        'aria-label="Row 9 from your edge, column 7 from the left (infiltration: PH roll at −1 (11 or less))"'
        in page["en"]
    )
    assert (
        'aria-label="Rangée 9 depuis votre bord, colonne 7 depuis la gauche '
        '(infiltration : jet de PH à −1 (11 ou moins))"'
    ) in page["fr"]
    assert (
        'aria-label="Row 7 from your edge, column 7 from the left (infiltration, no roll)"'
        in page["en"]
    )  # row 6, its own half
    assert "may also infiltrate beyond your zone" in page["en"]
    assert "peut aussi s’infiltrer au-delà de votre zone" in page["fr"]
    assert 'class="infiltrate"' in page["en"] and ">PH −1<" in page["en"]
    chosen = client.get(
        f"/m/{match.pk}/", {"hex": "6,5"}, HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "Infiltration: PH roll at −1, 11 or less to succeed." in chosen
    other = client_for(players[0]).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "infiltration" not in other.content.decode().lower()


def test_a_ninja_infiltrating_as_a_marker_shows_the_other_side_a_marker_and_no_roll(
    players, make_user
):
    match = deploying_match(players)
    move = INFILTRATE | {"marker": True}
    _seed_for(match, move, success=True)
    match = post_move(client_for(players[1]), match, move)
    state = state_from_json(match.snapshot)
    assert state.is_marker("n1") and state.trooper("n1").hex == tuple(ROW_8)
    owner = pages(client_for(players[1]), match)
    assert "infiltrates: PH" in owner or "s’infiltre : PH" in owner
    for reader in (client_for(players[0]), client_for(make_user("inf_infil")), client_for()):
        html = pages(reader, match)
        assert 'data-testid="marker-m1" data-hex="6,5"' in html
        assert "ninja" not in html.lower() and '"n1"' not in html and "&quot;n1&quot;" not in html
        assert "infiltr" not in html.lower()
    for user in (players[0], None):  # what the websocket pushes: the same partials
        found = pushed(match, user)
        assert 'data-testid="marker-m1"' in found
        assert "ninja" not in found.lower() and "infiltr" not in found.lower()


def test_a_failed_infiltration_shows_the_ninja_and_its_roll_to_everybody(players):
    match = deploying_match(players)
    move = INFILTRATE | {"marker": True}
    _seed_for(match, move, success=False)
    match = post_move(client_for(players[1]), match, move)
    state = state_from_json(match.snapshot)
    assert not state.is_marker("n1") and state.trooper("n1").hex != tuple(ROW_8)
    html = pages(client_for(players[0]), match)
    assert 'data-testid="trooper-n1"' in html
    assert "fails to infiltrate" in html or "échoue à s’infiltrer" in html
