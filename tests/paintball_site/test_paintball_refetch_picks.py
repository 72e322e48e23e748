"""A refetch of the match page's partials (a websocket nudge) keeps the half-made move of the
page's address while the position still allows it, and says clearly when a change cleared it
(games/hexboard: picks_query, picks.choose's `reset`, the hand's notice)."""

from __future__ import annotations

import pytest
from django.test import Client

from games.engine import registry
from games.hexboard.keys import hex_key
from games.matches import services
from games.matches.models import Match

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
CLEARED = "data-pick-reset"


def _deployed(new_match, players) -> tuple[Match, int]:
    match = new_match(scenario="elimination")
    system = registry.get_system("paintball")
    for seat in (0, 1):
        match.refresh_from_db()
        state = system.state_from_json(match.snapshot)
        services.match_submit_move(
            match_id=match.pk,
            user=players[seat],
            move_data=system.legal_moves(state, seat)[0],
            expected_version=match.version,
        )
    match.refresh_from_db()
    return match, system.to_act(system.state_from_json(match.snapshot))[0]


def _refetch(match: Match, user, page: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    answer = client.get(f"/m/{match.pk}/live", HTTP_HX_CURRENT_URL=page, **HX)
    assert answer.status_code == 200
    return answer.content.decode()


def test_a_refetch_keeps_a_figure_still_free_to_act_and_clears_it_once_it_may_not(
    new_match, players
):
    match, seat = _deployed(new_match, players)
    system = registry.get_system("paintball")
    state = system.state_from_json(match.snapshot)
    mover = next(m for m in system.legal_moves(state, seat) if m["type"] == "move")
    at = hex_key(state.figure(mover["figure"]).hex)
    page = f"http://testserver/m/{match.pk}/?at={at}"

    kept = _refetch(match, players[seat], page)
    assert CLEARED not in kept and 'data-testid="cancel-selection"' in kept
    assert f'data-version="{match.version}"' in kept  # the board says which position it shows

    services.match_submit_move(
        match_id=match.pk,
        user=players[seat],
        move_data={"type": "end_phase"},
        expected_version=match.version,
    )
    cleared = _refetch(match, players[seat], page)
    assert CLEARED in cleared and "the move you were making was cleared" in cleared
    assert 'data-testid="cancel-selection"' not in cleared
