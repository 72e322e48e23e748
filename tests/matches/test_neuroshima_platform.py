"""The platform driving the real Neuroshima engine and its site adapter."""

from __future__ import annotations

import json
import random

import pytest
from django.test import Client

from games.engine.registry import get_system
from games.matches import services
from games.matches.models import Match

HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def nh_match(anna, bruno):
    return services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, bruno]
    )


def _client(user):
    client = Client()
    client.force_login(user)
    return client


def _acting(match):
    system = get_system("neuroshima")
    state = system.state_from_json(match.snapshot)
    return system, state, system.to_act(state)[0]


def test_a_neuroshima_move_posted_through_the_adapters_fields_is_applied(nh_match, anna, bruno):
    system, state, seat = _acting(nh_match)
    user = {0: anna, 1: bruno}[seat]
    move = system.legal_moves(state, seat)[0]
    fields = {"move": json.dumps(move)}
    response = _client(user).post(
        f"/m/{nh_match.pk}/move", {**fields, "expected_version": nh_match.version}, **HX
    )
    assert response.status_code == 200
    assert 'class="message error"' not in response.content.decode()
    nh_match.refresh_from_db()
    assert nh_match.version == 2
    assert services.match_replay_verify(match=nh_match)


def test_neuroshima_pages_render_for_players_and_spectators_without_the_seed(nh_match, anna, carla):
    for client in (_client(anna), _client(carla), Client()):
        for url in (f"/m/{nh_match.pk}/", f"/m/{nh_match.pk}/live"):
            response = client.get(url, **HX) if url.endswith("live") else client.get(url)
            assert response.status_code == 200
            assert nh_match.seed not in response.content.decode()


def test_random_neuroshima_moves_keep_snapshot_equal_to_replay(nh_match, anna, bruno):
    rng = random.Random(7)
    users = {0: anna, 1: bruno}
    for _ in range(25):
        nh_match.refresh_from_db()
        if nh_match.status != Match.Status.ACTIVE:
            break
        system, state, seat = _acting(nh_match)
        if rng.random() < 0.2:
            try:
                services.match_take_back(
                    match_id=nh_match.pk, user=users[seat], expected_version=nh_match.version
                )
                continue
            except services.Refused:
                pass
        services.match_submit_move(
            match_id=nh_match.pk,
            user=users[seat],
            move_data=rng.choice(list(system.legal_moves(state, seat))),
            expected_version=nh_match.version,
        )
    nh_match.refresh_from_db()
    assert services.match_replay_verify(match=nh_match)
