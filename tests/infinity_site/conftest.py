"""Infinity site fixtures: players and matches played through the platform's services."""

from __future__ import annotations

import random

import pytest

from games.engine import registry
from games.matches import services
from games.matches.models import Match
from tests.browser_support import bot_worker, browser, daphne_server, new_context  # noqa: F401


@pytest.fixture
def players(make_user):
    return make_user("inf_anna"), make_user("inf_bruno")


def acting(match: Match):
    system = registry.get_system("infinity")
    state = system.state_from_json(match.snapshot)
    to_act = system.to_act(state)
    return system, state, (to_act[0] if to_act else None)


def play(match: Match, users, moves: int, seed: int = 3, until=None) -> Match:
    """Random legal moves through match_submit_move, stopping early when `until(state)`."""
    rnd = random.Random(seed)
    for _ in range(moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        system, state, seat = acting(match)
        if until is not None and until(state):
            break
        legal = system.legal_moves(state, seat)
        move = rnd.choice(legal)
        services.match_submit_move(
            match_id=match.pk, user=users[seat], move_data=move, expected_version=match.version
        )
    match.refresh_from_db()
    return match


@pytest.fixture
def new_match(players):
    def make(**config):
        return services.match_create(system="infinity", config=config, seat_users=list(players))

    return make
