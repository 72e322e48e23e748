"""Budgets that keep a move's round trip short: queries per htmx move, and what a move's answer
carries. (Timings themselves are measured by `manage.py bench web`, not asserted here: this
machine is shared.)"""

from __future__ import annotations

import random

import pytest
from django.test import Client

from games.engine.registry import get_system
from games.matches import services
from games.matches.models import Match
from games.neuroshima_site.boards import move_fields

HX = {"HTTP_HX_REQUEST": "true"}
# An htmx move: session, user and profile; the service's transaction (lock, seats, record,
# match, clock); the on-commit notification; the fresh partials. A move that starts a turn adds
# the clock's writes and the "your turn" notice.
MOVE_QUERY_BUDGET = 22


@pytest.fixture
def nh_match(anna, bruno):
    return services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, bruno]
    )


def test_every_htmx_move_stays_within_its_query_budget(
    nh_match, anna, bruno, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    system = get_system("neuroshima")
    clients = {}
    for index, user in enumerate((anna, bruno)):
        clients[index] = Client()
        clients[index].force_login(user)
    rng = random.Random(3)
    match = nh_match
    for _ in range(40):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        state = system.state_from_json(match.snapshot)
        seat = system.to_act(state)[0]
        move = rng.choice(system.legal_moves(state, seat))
        data = {**dict(move_fields(move)), "expected_version": match.version}
        # The notification runs on commit, inside the request: it counts.
        with (
            django_capture_on_commit_callbacks(execute=True),
            django_assert_max_num_queries(MOVE_QUERY_BUDGET),
        ):
            response = clients[seat].post(f"/m/{match.pk}/move", data, **HX)
        assert response.status_code == 200
        assert b'class="message error"' not in response.content
