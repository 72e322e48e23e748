"""Paintball site fixtures: two players and matches played through the platform's services."""

from __future__ import annotations

import pytest

from games.matches import services
from games.matches.models import Match
from tests.browser_support import (  # noqa: F401 - fixtures
    bot_worker,
    browser,
    daphne_server,
    new_context,
)
from tests.fixtures import play_random


@pytest.fixture
def players(make_user):
    return make_user("pb_rouge"), make_user("pb_bleu")


def play(match: Match, users, moves: int, seed: int = 3, prefer=(), until=None) -> Match:
    """Random legal moves through match_submit_move (tests/fixtures.play_random)."""
    return play_random(match, users, moves, seed=seed, prefer=prefer, until=until)


@pytest.fixture
def new_match(players):
    def make(**config):
        return services.match_create(
            system="paintball",
            config={"scenario": "capture_the_flag", **config},
            seat_users=list(players),
        )

    return make
