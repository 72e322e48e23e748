"""A hidden-deployed trooper linking into a fireteam (engine README "Hidden deployment"; spec
B.14, the text's 'INFINITY FIRETEAMS : TROUPES LIEES', FT-4): in a new game it shows itself, and
the other seat reads it revealed; in a game set up before (version 3) it stays hidden, and the
other seat's page, log and socket push link the team without naming it."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.engine.hexgrid import distance
from games.matches.models import Match
from tests.infinity_site.conftest import acting, choose_set_up, submit
from tests.infinity_site.test_infinity_site_hidden import client_for, pages, pushed

pytestmark = pytest.mark.django_db

LINKED = "a1"  # Corregidor's Alguacil (HMG), deployed hidden, then linked


def linked_match(players, setup_version: int) -> tuple[Match, int]:
    """Corregidor (seat 0) hides a1, deploys its Alguacils beside it and links a team with it,
    led by another, at the end of its deployment; the JSA deploys in the open. The match and its version just
    before the team was formed."""
    from games.matches import services

    match = services.match_create(
        system="infinity",
        config={"hidden_deployment": True, "reactions": "auto", "setup_version": setup_version},
        seat_users=list(players),
        seed="linked",
    )
    match = choose_set_up(match, players, first=0)
    before = 0
    for _ in range(60):
        system, state, seat = acting(match)
        if state.turn.pending.kind != "deploy":
            break
        legal = system.legal_moves(state, seat)
        deploys = [m for m in legal if m["type"] == "deploy" and not m.get("marker")]
        forms = [
            m
            for m in legal
            if m["type"] == "fireteam_form" and LINKED in m["members"] and m["leader"] != LINKED
        ]
        if seat == 0 and not deploys and forms and not state.live_team(0):
            before = match.version
            match = submit(match, players, forms[0])
            continue
        if not deploys:
            match = submit(match, players, {"type": "deploy_done", "seat": seat})
            continue
        if seat == 0 and state.trooper(LINKED).hex is None:
            move = next(m for m in deploys if m["trooper"] == LINKED and m.get("hidden"))
        elif seat == 0 and state.trooper(LINKED).hex is not None:
            near = tuple(state.trooper(LINKED).hex)
            move = min(
                (m for m in deploys if not m.get("hidden")),
                key=lambda m: distance(near, tuple(m["hex"])),
            )
        else:
            move = next(m for m in deploys if not m.get("hidden"))
        match = submit(match, players, move)
    assert before, "Corregidor linked no team with its hidden trooper"
    return match, before


def _team_lines(html: str) -> list[str]:
    return re.findall(r"links a fireteam:[^<]*|forme une équipe[^<]*|équipe liée[^<]*", html)


def test_in_a_new_game_the_hidden_trooper_linking_shows_itself(players):
    match, before = linked_match(players, 4)
    _, state, _ = acting(match)
    assert LINKED not in state.hidden[0].hidden_deployment
    html = pages(client_for(players[1]), match)
    assert f'data-testid="trooper-{LINKED}"' in html
    assert "was hidden there and reveals itself" in pushed(
        match, players[1], changes=match.version - before
    )


def test_in_an_older_game_the_other_seat_never_reads_the_hidden_member(players, make_user):
    match, before = linked_match(players, 3)
    _, state, _ = acting(match)
    assert LINKED in state.hidden[0].hidden_deployment
    assert LINKED in state.live_team(0).members
    owner = pages(client_for(players[0]), match)
    assert any(re.search(rf"\b{LINKED}\b", line) for line in _team_lines(owner))
    for user in (players[1], make_user("inf_dora"), None):
        reader: Client = client_for(user)
        html = pages(reader, match)
        lines = _team_lines(html)
        assert lines  # the team is public; its hidden member is not
        assert not [line for line in lines if re.search(rf"\b{LINKED}\b", line)]
        assert f'data-testid="trooper-{LINKED}"' not in html
        push = pushed(match, user, changes=match.version - before)
        assert not [line for line in _team_lines(push) if re.search(rf"\b{LINKED}\b", line)]
