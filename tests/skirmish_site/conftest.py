"""Skirmish site fixtures: players and matches played through the platform's services."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from games.engine import registry
from games.matches import services
from games.matches.models import Match
from tests.browser_support import bot_worker, browser, daphne_server, new_context  # noqa: F401


@pytest.fixture
def players(make_user):
    return make_user("sk_anna"), make_user("sk_bruno")


def client_for(user, language: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def play(match: Match, users, moves: int, seed: int = 3, until=None) -> Match:
    """Random legal moves of whoever acts, through match_submit_move; stops early when
    `until(state)` holds."""
    system = registry.get_system("skirmish")
    rnd = random.Random(seed)
    for _ in range(moves):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        state = system.state_from_json(match.snapshot)
        if until is not None and until(state):
            break
        seat = system.to_act(state)[0]
        move = rnd.choice(system.legal_moves(state, seat))
        services.match_submit_move(
            match_id=match.pk, user=users[seat], move_data=move, expected_version=match.version
        )
    match.refresh_from_db()
    return match


@pytest.fixture
def new_match(players):
    def make(**config):
        return services.match_create(
            system="skirmish",
            config={"scenario": "pitched_battle", "board": "small", **config},
            seat_users=list(players),
            seed="skirmish-site-tests",  # the same dice every run
        )

    return make
