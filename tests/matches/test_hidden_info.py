"""Hidden information never reaches a browser that may not see it: the seed, the rng counter,
other seats' hands and the deck order are searched for in every kind of response."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from games.engine.registry import get_system
from games.matches import services
from games.matches.models import Match
from tests.matches.demo_system import tile_name

HX = {"HTTP_HX_REQUEST": "true"}


def _client(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def played(anna, bruno):
    """A match a few moves in: anna placed, ended (drew), bruno placed."""
    match = services.match_create(system="claim", config={"hexes": 12}, seat_users=[anna, bruno])
    system = get_system("claim")
    for user, seat in ((anna, 0), (anna, 0), (bruno, 1)):
        match.refresh_from_db()
        moves = system.legal_moves(system.state_from_json(match.snapshot), seat)
        move = moves[0] if (user, seat) != (anna, 0) or match.version != 2 else {"type": "end"}
        services.match_submit_move(
            match_id=match.pk, user=user, move_data=move, expected_version=match.version
        )
    match.refresh_from_db()
    return match


def _secrets_for(match, seat):
    """Strings that `seat` (None: a spectator) must never receive."""
    state = match.snapshot
    hidden = set(state["deck"])
    for index, hand in enumerate(state["hands"]):
        if index != seat:
            hidden |= set(hand)
    on_board = {cell[1] for cell in state["board"] if cell}
    return {match.seed, "rng_counter", *sorted(hidden - on_board)}


def _responses(client, match, seat_user_is_player):
    pk = match.pk
    yield client.get(f"/m/{pk}/")
    yield client.get(f"/m/{pk}/live", **HX)
    yield client.get("/")
    yield client.get("/games/")
    yield client.get("/m/999999/")
    if seat_user_is_player:
        yield client.post(
            f"/m/{pk}/move", {"move": "{bad", "expected_version": match.version}, **HX
        )
        yield client.post(
            f"/m/{pk}/move", {"move": json.dumps({"type": "end"}), "expected_version": 1}, **HX
        )
        yield client.post(f"/m/{pk}/takeback", {"expected_version": match.version}, **HX)
        yield client.post(f"/m/{pk}/chat", {"text": ""}, **HX)


def _assert_clean(response, secrets):
    body = response.content.decode()
    for secret in secrets:
        assert secret not in body, f"{secret!r} leaked in {response.request['PATH_INFO']}"
    for context in response.context or []:
        for value in context.flatten().values() if hasattr(context, "flatten") else []:
            assert not isinstance(value, Match), "a Match row (seed, counter) reached a template"


def test_a_player_never_receives_the_seed_the_deck_or_the_opponents_hand(played, anna, bruno):
    for user, seat in ((anna, 0), (bruno, 1)):
        secrets = _secrets_for(played, seat)
        assert len(secrets) > 20
        own_hand = played.snapshot["hands"][seat]
        page = _client(user).get(f"/m/{played.pk}/").content.decode()
        assert all(tile in page for tile in own_hand)  # the search would find them
        for response in _responses(_client(user), played, True):
            _assert_clean(response, secrets)


def test_a_spectator_sees_no_hand_at_all(played, carla):
    secrets = _secrets_for(played, None)
    for response in _responses(_client(carla), played, False):
        _assert_clean(response, secrets)
    for response in _responses(Client(), played, False):
        _assert_clean(response, secrets)


def test_drawn_tiles_appear_in_the_log_only_for_their_owner(played, bruno):
    drawn = [
        e["data"]["tiles"]
        for r in played.records.all()
        for e in r.events
        if e["kind"] == "TilesDrawn" and e["data"]["seat"] == 0
    ]
    page = _client(bruno).get(f"/m/{played.pk}/").content.decode()
    for tiles in drawn:
        for tile in tiles:
            if tile not in {c[1] for c in played.snapshot["board"] if c}:
                assert tile not in page


def test_tile_names_are_distinctive_enough_to_search_for():
    assert tile_name(7) == "qz07j"
