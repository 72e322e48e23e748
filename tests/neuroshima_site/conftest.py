"""Neuroshima site fixtures: players and matches played through the platform's services."""

from __future__ import annotations

import random

import pytest

from games.engine import registry
from games.matches import services
from games.matches.models import Match
from tests.browser_support import bot_worker, browser, daphne_server, new_context  # noqa: F401


@pytest.fixture
def players(make_user):
    return make_user("nh_anna"), make_user("nh_bruno")


def play(match: Match, users, moves: int, seed: int = 3, prefer=()) -> Match:
    """Random legal moves through match_submit_move (preferring some move types)."""
    system = registry.get_system("neuroshima")
    rnd = random.Random(seed)
    for _ in range(moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        state = system.state_from_json(match.snapshot)
        seat = system.to_act(state)[0]
        legal = system.legal_moves(state, seat)
        liked = [m for m in legal if m["type"] in prefer]
        move = rnd.choice(liked or legal)
        services.match_submit_move(
            match_id=match.pk, user=users[seat], move_data=move, expected_version=match.version
        )
    match.refresh_from_db()
    return match


@pytest.fixture
def new_match(players):
    def make(**config):
        return services.match_create(
            system="neuroshima",
            config={"armies": ["moloch", "hegemonia"], **config},
            seat_users=list(players),
        )

    return make
