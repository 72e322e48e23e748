"""Holo-echoes on the match page (games/engine/infinity/holo.py): the player deploying a
Holoprojector L2 trooper picks it among its echoes and which token is real; the echoes are drawn
as markers for everyone; its owner sees which is real, the other side and spectators never
(page, htmx partial, history, push, log). The trooper is the placeholder `test.holo` (none of
our two sectorials has a Holoprojector), so the match is written by hand."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import translation

from games.engine.infinity.position import state_from_json
from games.engine.infinity.system import SYSTEM
from games.engine.rng import Rng
from games.infinity_site.describe import describe
from games.matches.models import Match
from tests.engine.infinity.infh import run
from tests.infinity_site.positions import (
    DEPLOYING_JSA,
    PASS,
    hand_written_match,
    holoprojector_duel,
    last_board,
    played,
    post_move,
    to_order,
)
from tests.infinity_site.test_infinity_site_hidden import client_for, pages, pushed

# The owner's words for the real token and the decoys, and its secret in any JSON.
SECRETS = ("the real one", "a decoy", "le vrai", "un leurre", "Noted secretly", "Noté en secret")


def deploying() -> dict[str, Any]:
    return holoprojector_duel("h1", "test.holo", DEPLOYING_JSA)


def among_echoes(players) -> tuple[Match, dict[str, Any]]:
    """The JSA's h1 deployed among its echoes, the second echo the real one."""
    match = hand_written_match(players, deploying())
    legal = SYSTEM.legal_moves(state_from_json(match.snapshot), 1)
    move = next(m for m in legal if m.get("echoes") and m["hex"] == [6, 2] and m["real"] == 2)
    return post_move(client_for(players[1]), match, move), move


def _leaks(html: str, real: str) -> list[str]:
    found = [s for s in SECRETS if s in html]
    if re.search(r'class="marker echo seat-1 (real|decoy)', html):
        found.append("echo class")
    if re.search(r"trooper seat-1 [^\"]*holo real", html):
        found.append("figure class")
    for quote in ('"', "&quot;"):
        if f"{quote}h1{quote}: {quote}{real}{quote}" in html:
            found.append("json")
    return found


@pytest.mark.django_db
def test_the_holo_player_deploys_among_echoes_and_only_it_sees_which_is_real(players, make_user):
    owner = client_for(players[1])
    match = hand_written_match(players, deploying())
    page = owner.get(f"/m/{match.pk}/?hex=6,2", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "opt=4.holo0" in page and "opt=4.holo2" in page  # the options at that hex
    match, move = among_echoes(players)
    real = state_from_json(match.snapshot).hidden[1].holo[0][1]
    assert real == "m2" and [e["id"] for e in match.snapshot["echoes"]] == ["m1", "m2"]
    mine = pages(owner, match)
    assert 'data-testid="echo-m1"' in mine and 'data-testid="echo-m2"' in mine
    assert "the real one" in mine and "a decoy" in mine  # the owner's titles (en)
    assert "le vrai" in mine and "un leurre" in mine  # and its French ones
    for reader in (client_for(players[0]), client_for(make_user("inf_holo")), client_for()):
        html = pages(reader, match)
        assert 'data-testid="echo-m1"' in html and 'data-testid="echo-m2"' in html
        assert "Holo-echo m1" in html and "Holo-écho m2" in html
        assert _leaks(html, real) == []
    for user in (players[0], None):  # what the websocket pushes: the same partials
        found = pushed(match, user)
        assert 'data-testid="echo-m2"' in found and _leaks(found, real) == []


@pytest.mark.django_db
def test_the_deployment_among_echoes_is_offered_in_words(players):
    match = hand_written_match(players, deploying())
    owner = client_for(players[1])
    for language, words in (
        ("en", "Deploy h1 here with its two Holo-echoes on ("),
        ("fr", "avec ses deux Holo-échos en ("),
    ):
        page = owner.get(
            f"/m/{match.pk}/?hex=6,2&opt=4.holo2", HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()
        assert words in page, language


# --- the log and the step viewer (no database) -----------------------------------------------


def among_echoes_table(active: int) -> dict[str, Any]:
    """The JSA's h1 among its echoes m1, m2 (m2 the real one), Corregidor's a2 before it."""
    policies = {"policies": {"a2": PASS, "a4": PASS}}, {"policies": {"h1": PASS, "k3": PASS}}
    position = holoprojector_duel(
        "h1",
        "test.holo",
        to_order(active),
        at=[6, 2],
        alguacil_at=(6, 6),
        hidden=policies,
        markers_placed=2,
    )
    position["hidden"]["1"]["holo"] = {"h1": "m2"}
    position["echoes"] = [
        {"id": "m1", "seat": 1, "trooper": "h1", "hex": [5, 2]},
        {"id": "m2", "seat": 1, "trooper": "h1", "hex": [7, 1]},
    ]
    return position


def test_the_log_tells_a_decoy_found_and_the_real_one_shown():
    moves = [
        {"type": "order", "seat": 0, "kind": "regular", "trooper": "a2"},
        {"type": "declare", "seat": 0, "skill": "discover", "trooper": "a2", "target": "m1"},
        {"type": "declare", "seat": 0, "skill": "none"},
    ]
    events = []
    state = state_from_json(among_echoes_table(0))
    for target in ("m1", "h1"):
        moves[1]["target"] = target
        state, more = run(state, moves, {"a2.wip": [1]})
        events += more
    found = [e for e in events if e["kind"] in ("EchoDispelled", "DiscoverRolled")]
    for language, words in (
        ("en", ["looks for Holo-echo m1", "Holo-echo m1 of", "was a hologram"]),
        ("fr", ["Holo-écho m1", "était un hologramme"]),
    ):
        with translation.override(language):
            text = " ".join(describe(e, ["Anna", "Bruno"]) for e in found)
        assert all(w in text for w in words), (language, text)
    moves = [
        {"type": "order", "seat": 0, "kind": "regular", "trooper": "a2"},
        {"type": "declare", "seat": 0, "skill": "discover", "trooper": "a2", "target": "m2"},
        {"type": "declare", "seat": 0, "skill": "none"},
    ]
    _, events = run(among_echoes_table(0), moves, {"a2.wip": [1]})
    shown = [e for e in events if e["kind"] == "HoloRevealed"]
    with translation.override("en"):
        assert "was behind Holo-echo m2 (found by Discover)" in describe(shown[0], [])
    with translation.override("fr"):
        assert "Holo-écho m2" in describe(shown[0], [])


def test_the_step_viewer_moves_the_echoes_with_their_trooper():
    moves = [
        {"type": "order", "seat": 1, "kind": "regular", "trooper": "h1"},
        {"type": "declare", "seat": 1, "skill": "move", "trooper": "h1", "to": [6, 3]},
        {"type": "declare", "seat": 1, "skill": "none"},
    ]
    start, events = played(among_echoes_table(1), moves, "steps-holo")
    for seat in (0, 1, None):
        drawn = last_board(start, events, seat)
        assert 'data-testid="echo-m1" data-hex="5,3"' in drawn, seat
        assert 'data-testid="echo-m2" data-hex="7,2"' in drawn, seat
        assert 'data-testid="trooper-h1" data-hex="6,3"' in drawn, seat
        assert _leaks(drawn, "m2") == [], seat


@pytest.mark.django_db
def test_the_rules_page_says_what_the_holoprojector_does(client):
    for language, words in (
        ("en", ["Holoprojector L2 and Holo-echoes", "one reaction per trooper"]),
        ("fr", ["Holoprojecteur N2 et Holo-échos", "un ORA par figurine"]),
    ):
        html = client.get("/infinity/rules/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert 'id="holoprojector"' in html and all(w in html for w in words), language


def test_the_coach_and_the_computer_of_the_other_side_know_no_real_token():
    """The coach reads the seat's view; the computer deals the other side's secrets from it
    (`determinize`): the figure is taken for the real one, whatever is noted."""
    from games.engine.infinity.view import determinize, view
    from games.infinity_site.coach import tips

    for real in ("m1", "m2", "h1"):
        position = among_echoes_table(0)
        position["hidden"]["1"]["holo"] = {"h1": real}
        state = state_from_json(position)
        seen = view(state, 0)
        with translation.override("en"):
            told = " ".join(str(t) for t in tips(seen, 0))
        assert _leaks(told, real) == [] and real not in told.split()
        dealt = determinize(seen, 0, Rng("holo-guess"))
        assert dealt.hidden[1].holo == () and [e.id for e in dealt.echoes] == ["m1", "m2"]
