"""The history pages (since my last turn, the replay) name a computer seat as the match page
does, "Ordinateur (facile)": it has no user, and the sentences' fallback was "Joueur 2"."""

from __future__ import annotations

import pytest

from games.engine.registry import get_system
from games.matches import bots, services
from games.matches.selectors import match_bot_to_move


@pytest.fixture
def played_against_the_computer(anna):
    """A Neuroshima game against the easy computer, played until the computer has moved."""
    match = services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "borgo"]},
        seat_users=[anna, None],
        bot_levels={1: 1},
        seed="history-names",
    )
    system = get_system("neuroshima")
    for _ in range(20):
        match.refresh_from_db()
        if match_bot_to_move(match=match) is not None:
            break
        state = system.state_from_json(match.snapshot)
        services.match_submit_move(
            match_id=match.pk,
            user=anna,
            move_data=system.legal_moves(state, 0)[0],
            expected_version=match.version,
        )
    while bots.bot_play(match.pk):
        pass
    match.refresh_from_db()
    return match


def test_since_my_last_turn_names_the_computer(client, anna, played_against_the_computer):
    client.force_login(anna)
    page = client.get(f"/m/{played_against_the_computer.pk}/since/").content.decode()
    assert "Ordinateur (facile)" in page
    assert "Joueur 2" not in page


def test_the_replay_names_the_computer(client, anna, played_against_the_computer):
    services.match_resign(match_id=played_against_the_computer.pk, user=anna)
    client.force_login(anna)
    page = client.get(f"/m/{played_against_the_computer.pk}/replay/?ply=99").content.decode()
    assert "Ordinateur (facile)" in page
    assert "Joueur 2" not in page
