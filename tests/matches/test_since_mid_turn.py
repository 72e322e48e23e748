"""« Ce qui s'est passé depuis mon dernier tour » in the middle of the reader's turn: a player
back after two days who has already made the first move of their turn (Neuroshima's discard)
still reads the opponent's turn there, as their match page's recent lines told it; it said
« Rien pour l'instant. »."""

from __future__ import annotations

import pytest

from tests.fixtures import submit


def _first_claim(match, seat):
    from tests.fixtures import match_state

    system, state = match_state(match)
    return next(m for m in system.legal_moves(state, seat) if m["type"] == "claim")


@pytest.fixture
def anna_mid_turn(claim_match, anna, bruno):
    """anna played a turn, bruno a whole turn (one tile), and anna the first move of her next."""
    for user, seat in ((anna, 0), (bruno, 1)):
        submit(claim_match, user, _first_claim(claim_match, seat))
        submit(claim_match, user, {"type": "end"})
    submit(claim_match, anna, _first_claim(claim_match, 0))
    return claim_match


def _since_lines(client, match, user) -> list[str]:
    import re

    client.force_login(user)
    page = client.get(f"/m/{match.pk}/since/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    found = re.search(r'data-testid="since-events">(.*?)</ol>', page, re.S)
    return re.findall(r"<li>(.*?)</li>", found.group(1), re.S) if found else []


def test_the_opponents_turn_is_still_the_news_after_the_first_move_of_mine(
    client, anna_mid_turn, anna
):
    lines = _since_lines(client, anna_mid_turn, anna)
    # The claim system has no site: its lines are the events' names and fields ("seat: 1").
    assert any("TileClaimed" in line and "seat: 1" in line for line in lines), lines
    assert "TileClaimed" in lines[-1] and "seat: 0" in lines[-1]  # then anna's first move


def test_once_my_turn_is_over_my_last_turn_is_that_one(client, anna_mid_turn, anna, bruno):
    submit(anna_mid_turn, anna, {"type": "end"})
    # anna waits for bruno: nothing happened since her turn ended
    assert _since_lines(client, anna_mid_turn, anna) == []
    lines = _since_lines(client, anna_mid_turn, bruno)
    assert any("seat: 0" in line for line in lines), lines
    assert not any("TileClaimed" in line and "seat: 1" in line for line in lines), lines
