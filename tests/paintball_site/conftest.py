"""Paintball site fixtures: two players and matches played through the platform's services."""

from __future__ import annotations

import random

import pytest

from games.engine import registry
from games.matches import services
from games.matches.models import Match
from tests.browser_support import (  # noqa: F401 - fixtures
    bot_worker,
    browser,
    daphne_server,
    new_context,
)


@pytest.fixture
def players(make_user):
    return make_user("pb_rouge"), make_user("pb_bleu")


def play(match: Match, users, moves: int, seed: int = 3, prefer=(), until=None) -> Match:
    """Random legal moves through match_submit_move (preferring some move types), stopping
    early when `until(state)` holds."""
    system = registry.get_system("paintball")
    rnd = random.Random(seed)
    for _ in range(moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        state = system.state_from_json(match.snapshot)
        if until is not None and until(state):
            break
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
            system="paintball",
            config={"scenario": "capture_the_flag", **config},
            seat_users=list(players),
        )

    return make
