"""Shooting a mine and the Minesweeper on the match page (engine mines.py): the page offers the
shot at a mine known to be one and the sweep near an enemy marker, in the reader's words;
posting them plays them and the match log tells them. Matches written by hand: no lobby army
fields a Minesweeper (`test.minesweeper` is a placeholder)."""

from __future__ import annotations

import re

import pytest

from games.engine.infinity.position import state_from_json
from games.matches.models import Match
from tests.infinity_site.positions import (
    PASS,
    corregidor_to_order,
    duel,
    hand_written_match,
    last_board,
    played,
    post_move,
    to_order,
)
from tests.infinity_site.positions import trooper as piece
from tests.infinity_site.test_infinity_site_hidden import client_for, pages

pytestmark = pytest.mark.django_db


def mined_match(players, shooter: dict, shown: bool) -> Match:
    """The JSA's mine m1 at (6, 6), laid by l1; Corregidor to give an order to `shooter`."""
    troopers = [
        shooter,
        piece("a4", 0, "corregidor.alguacil.lt", [1, 13], 0),
        piece("k3", 1, "jsa.keisotsu.lt", [14, -5], 3),
        piece("l1", 1, "test.minelayer", [13, -4], 3),
    ]
    mine = {"marker": "m1", "layer": "l1", "hex": [6, 6], "shown": shown}
    position = duel(
        troopers, corregidor_to_order(), hidden=({}, {"mines": [mine]}), markers_placed=1
    )
    return hand_written_match(players, position)


def ordered(client, match: Match, who: str) -> Match:
    return post_move(client, match, {"type": "order", "seat": 0, "kind": "regular", "trooper": who})


def picked(client, match: Match, spot: str, language: str) -> str:
    """The page once the player picked the hex `spot` (the choices made there)."""
    url = f"/m/{match.pk}/?spot={spot}"
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_a_player_shoots_a_mine_known_to_be_one(players):
    match = mined_match(players, piece("a2", 0, "corregidor.alguacil.combi", [6, 10], 0), True)
    owner = client_for(players[0])
    match = ordered(owner, match, "a2")
    board = owner.get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # picked by the mine, by its name
    assert re.search(r'aria-label="mine m1" href="[^"]*" data-pick="6,6"', board)
    assert "shoots at mine m1 with the Combi Rifle" in picked(owner, match, "6,6", "en")
    assert "tire sur la mine m1" in picked(owner, match, "6,6", "fr")
    shot = {
        "type": "declare",
        "seat": 0,
        "skill": "bs_attack",
        "trooper": "a2",
        "weapon": "combi_rifle",
        "mine": "m1",
        "second": {"skill": "none"},
    }
    match = post_move(owner, match, shot)
    assert "shot at mine m1" in pages(owner, match)


def test_a_minesweeper_is_offered_near_an_enemy_marker_and_sweeps(players, make_user):
    match = mined_match(players, piece("s1", 0, "test.minesweeper", [6, 8], 0), False)
    owner = client_for(players[0])
    match = ordered(owner, match, "s1")
    page = picked(owner, match, "6,8", "en")
    assert "turns the enemy mines around it with its Minesweeper" in page
    assert "avec son Nettoyeur de Mines" in picked(owner, match, "6,8", "fr")
    sweep = {
        "type": "declare",
        "seat": 0,
        "skill": "minesweep",
        "trooper": "s1",
        "second": {"skill": "none"},
    }
    match = post_move(owner, match, sweep)
    state = state_from_json(match.snapshot)
    assert state.turn.current is None  # the order resolved
    for reader in (owner, client_for(players[1]), client_for(make_user("inf_sweep")), client_for()):
        assert "sweeps for mines" in pages(reader, match)


def test_a_reacting_minesweeper_is_offered_in_the_reactions_words(players):
    """The JSA's turn: its Keisotsu k1 walks in s1's sight; the reaction offered and told."""
    troopers = [
        piece("s1", 0, "test.minesweeper", [6, 8], 0),
        piece("a4", 0, "corregidor.alguacil.lt", [1, 13], 0),
        piece("k3", 1, "jsa.keisotsu.lt", [6, 1], 3),
        piece("l1", 1, "test.minelayer", [13, -4], 3),
    ]
    mine = {"marker": "m1", "layer": "l1", "hex": [6, 6], "shown": False}
    turn = to_order(1)
    asking = {"policies": {"s1": {"on_sight": "ask", "on_template": "ask"}}}
    position = duel(troopers, turn, hidden=(asking, {"mines": [mine]}), markers_placed=1)
    position["options"]["reactions"] = "ask"
    match = hand_written_match(players, position)
    jsa = client_for(players[1])
    match = post_move(jsa, match, {"type": "order", "seat": 1, "kind": "regular", "trooper": "k3"})
    walk = {"type": "declare", "seat": 1, "skill": "move", "trooper": "k3", "path": [[6, 2]]}
    match = post_move(jsa, match, walk | {"second": {"skill": "none"}})
    owner = client_for(players[0])
    page = picked(owner, match, "6,8&opt=3.minesweep", "en")  # the option after the shot
    assert "s1 reacts: turns the enemy mines around it with its Minesweeper" in page
    french = picked(owner, match, "6,8&opt=3.minesweep", "fr")
    assert "réagit : retourne les mines ennemies autour de lui" in french


def test_the_jsa_army_builder_offers_the_pangguling_minesweeper(players):
    """The sources' Minesweeper, the JSA's Yaopu Pangguling (N2 data: 8 points, SWC 0)."""
    from django.test import Client
    from django.urls import reverse

    from tests.infinity_site.test_infinity_site_army_builder import LEAN, form

    for language, label in (
        ("en", "Yaopu Pangguling (Minesweeper) · 8 pts · SWC 0"),
        ("fr", "Yaopu Pangguling (Nettoyeur de Mines) · 8 pts · CAS 0"),
    ):
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        client.force_login(players[0])
        page = client.post(
            reverse("armies:save", args=["infinity"]), form(*LEAN, sectorial="jsa", action="add")
        )
        assert label in page.content.decode()


def test_the_step_viewer_draws_a_swept_mine_on_the_sweepers_side():
    """steps.py: after `MineSwept` the ✱ is the sweeper's side's, for every reader."""
    troopers = [
        piece("s1", 0, "test.minesweeper", [6, 10], 0),
        piece("a4", 0, "corregidor.alguacil.lt", [1, 13], 0),
        piece("k3", 1, "jsa.keisotsu.lt", [14, -5], 3),
        piece("l1", 1, "test.minelayer", [13, -4], 3),
    ]
    mine = {"marker": "m1", "layer": "l1", "hex": [6, 6], "shown": False}
    position = duel(troopers, corregidor_to_order(), hidden=({}, {"mines": [mine]}))
    position["markers_placed"] = 1
    walk = {"type": "declare", "seat": 0, "skill": "move", "trooper": "s1"}
    moves = [
        {"type": "order", "seat": 0, "kind": "regular", "trooper": "s1"},
        walk | {"path": [[6, 9], [6, 8]]},
        {"type": "declare", "seat": 0, "skill": "minesweep", "trooper": "s1"},
    ]
    start, events = played(position, moves, "steps-camo")
    assert [e["data"]["mine"] for e in events if e["kind"] == "MineSwept"] == ["m1"]  # seeded
    for reader in (0, 1, None):
        board = last_board(start, events, reader)
        assert 'class="marker mine seat-0 " data-testid="mine-m1"' in board


def test_crazykoalas_swept_are_told_and_drawn_on_the_sweepers_side():
    """The engine's koala sweep (test_infinity_minesweeper.py's table) on the site: the log's
    words and the step viewer's koalas, now the JSA's."""
    from django.utils import translation

    from games.infinity_site.describe import describe

    troopers = [
        piece("a1", 0, "nomads.moran.crazykoala", [5, 12], 3),
        piece("a4", 0, "corregidor.alguacil.lt", [1, 13], 0),
        piece("p1", 1, "jsa.pangguling.minesweeper", [5, 6], 3),
        piece("k3", 1, "jsa.keisotsu.lt", [14, -5], 3),
    ]
    turn = to_order(1)
    passing = {"policies": dict.fromkeys(("a1", "a4"), PASS)}
    position = duel(troopers, turn, hidden=(passing, {}))
    position["scenery"] = [{"hex": list(h), "kind": "building"} for h in ((4, 8), (5, 8), (6, 8))]
    position["koalas"] = [
        {"id": "a1.k1", "seat": 0, "carrier": "a1", "hex": [4, 9]},
        {"id": "a1.k2", "seat": 0, "carrier": "a1", "hex": [6, 9]},
    ]
    moves = [
        {"type": "order", "seat": 1, "kind": "regular", "trooper": "p1"},
        {"type": "declare", "seat": 1, "skill": "move", "trooper": "p1", "path": [[6, 5]]},
        {"type": "declare", "seat": 1, "skill": "minesweep", "trooper": "p1"},
    ]
    start, events = played(position, moves, "steps-camo")
    swept = [e["data"] for e in events if e["kind"] == "KoalaSwept"]
    assert [k["koala"] for k in swept] == ["a1.k1", "a1.k2"]  # seeded: the roll passed
    with translation.override("en"):
        said = describe({"kind": "KoalaSwept", **swept[0]}, ["Anna", "Bruno"])
    assert said.startswith("A CrazyKoala now belongs to Bruno and follows")
    for reader in (0, 1, None):
        board = last_board(start, events, reader)
        assert 'class="koala seat-1" data-testid="koala-a1.k1"' in board


def test_the_rules_page_tells_mines_in_both_languages(client):
    english = client.get("/infinity/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="mines"' in english and "A mine known to be one may be shot at" in english
    assert "the Yaopu Pangguling carries one" in english
    french = client.get("/infinity/rules/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "On peut tirer sur une mine connue comme telle" in french
    assert "Un Nettoyeur de Mines (le Yaopu Pangguling en porte un)" in french
