"""A half-made move while the match changes (games/hexboard: picks_query, picks.choose's
`reset`, the hand's notice): every redraw checks the picks of the page's address against the
new legal moves on the server. A pick still legal is kept; one the position no longer allows is
dropped with a sentence, in the reader's language; a Confirm posted against an older version is
refused as stale (409), shows the new position and changes nothing."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from games.engine import registry
from games.hexboard.keys import hex_key
from games.hexpanse_site import builder
from games.matches import services
from games.matches.models import Match
from tests.hexboard.conftest import deployed_paintball

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
NOTICE = 'data-testid="pick-reset"'
PICKED = 'data-testid="cancel-selection"'  # offered only while something is picked


@pytest.fixture
def deployed(make_user):
    """A paintball match where a player may pick: (match, acting seat, users)."""
    users = (make_user("race_rouge"), make_user("race_bleu"))
    match, seat = deployed_paintball(*users)
    return match, seat, users


def _client(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def _refetch(client: Client, match: Match, page: str, since: int) -> str:
    """What the page's refetch gets when its address is `page` and it shows version `since`
    (site.js's /live, which says the version it shows)."""
    answer = client.get(f"/m/{match.pk}/live", {"since": since}, HTTP_HX_CURRENT_URL=page, **HX)
    assert answer.status_code == 200
    return answer.content.decode()


def _figure_hexes(match: Match, seat: int) -> tuple[str, str, dict]:
    """The hex of a figure that may move, and a move of a figure on another hex."""
    system = registry.get_system("paintball")
    state = system.state_from_json(match.snapshot)
    moves = [m for m in system.legal_moves(state, seat) if m["type"] == "move"]
    picked = state.figure(moves[0]["figure"]).hex
    other = next(m for m in moves if state.figure(m["figure"]).hex != picked)
    return hex_key(picked), hex_key(state.figure(other["figure"]).hex), other


def _end_phase(match: Match, user) -> Match:
    services.match_submit_move(
        match_id=match.pk,
        user=user,
        move_data={"type": "end_phase"},
        expected_version=match.version,
    )
    match.refresh_from_db()
    return match


def test_a_refetch_keeps_a_pick_the_new_position_still_allows(deployed):
    match, seat, users = deployed
    at, _, other = _figure_hexes(match, seat)
    page = f"http://testserver/m/{match.pk}/?at={at}"
    shown = match.version
    services.match_submit_move(
        match_id=match.pk, user=users[seat], move_data=other, expected_version=match.version
    )
    match.refresh_from_db()

    kept = _refetch(_client(users[seat]), match, page, shown)
    assert PICKED in kept and NOTICE not in kept
    assert f'data-version="{match.version}"' in kept  # drawn on the new position


def test_a_refetch_drops_a_pick_the_position_no_longer_allows_and_says_so(deployed):
    match, seat, users = deployed
    at, _, _ = _figure_hexes(match, seat)
    page = f"http://testserver/m/{match.pk}/?at={at}"
    shown = match.version
    match = _end_phase(match, users[seat])

    english = _refetch(_client(users[seat], "en"), match, page, shown)
    assert NOTICE in english and PICKED not in english
    assert "Your choice was reset: the position changed." in english
    french = _refetch(_client(users[seat], "fr"), match, page, shown)
    assert "Votre choix a été annulé : la position a changé." in french


def test_a_pick_made_on_an_old_board_is_checked_against_the_new_position(deployed):
    match, seat, users = deployed
    at, _, _ = _figure_hexes(match, seat)
    match = _end_phase(match, users[seat])
    # The link of the old board is clicked after the change: board and hand for that address.
    answer = _client(users[seat]).get(f"/m/{match.pk}/?at={at}", HTTP_HX_TARGET="board", **HX)
    body = answer.content.decode()
    assert answer.status_code == 200 and NOTICE in body and PICKED not in body


def test_a_confirm_posted_against_an_older_version_is_refused_as_stale_and_changes_nothing(
    deployed,
):
    match, seat, users = deployed
    system = registry.get_system("paintball")
    _, _, other = _figure_hexes(match, seat)
    old_version = match.version
    state = system.state_from_json(match.snapshot)
    confirmed = next(
        m for m in system.legal_moves(state, seat) if m["type"] == "move" and m != other
    )
    services.match_submit_move(
        match_id=match.pk, user=users[seat], move_data=other, expected_version=old_version
    )
    match.refresh_from_db()
    before = (match.version, match.snapshot)

    answer = _client(users[seat]).post(
        f"/m/{match.pk}/move",
        {"move": json.dumps(confirmed), "expected_version": old_version, "seat": seat},
        **HX,
    )
    assert answer.status_code == 409
    match.refresh_from_db()
    assert (match.version, match.snapshot) == before
    assert f'data-version="{match.version}"' in answer.content.decode()  # the new position


def test_hexpanse_builds_from_nothing_and_says_so_when_its_picks_match_no_legal_move():
    assert builder.build([], {"k": "build"}).reset
    assert not builder.build([], {}).reset
