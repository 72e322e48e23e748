"""Hidden information never reaches a browser that may not see it (spec section 14.2): other
seats' secret missions, the deck order, the buyer's extra cards and other teams' Protector
orders, in the page, its partials and the match's JSON views."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils.html import escape

from games.matches import services
from tests.hexpanse_site.conftest import card_names, mission_names, setup_choices

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def said(name: str, body: str) -> bool:
    """`name` in the page as a word of its own: a mission "Éclair" is not in a card named
    "Ray Struga, l'Éclaireur"."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", body) is not None


def _client(user):
    client = Client()
    client.force_login(user)
    return client


def _bodies(client, match):
    pk = match.pk
    for path, headers in (
        (f"/m/{pk}/", {}),
        (f"/m/{pk}/?k=place:normal", {**HX, "HTTP_HX_TARGET": "board"}),
        (f"/m/{pk}/live", HX),
        (f"/m/{pk}/since/", {}),
        ("/games/", {}),
    ):
        response = client.get(path, **headers)
        assert response.status_code == 200, path
        yield path, response.content.decode()


def _names_of_mission(code):
    return [n for n in mission_names(code) if len(n) >= 5]


def test_secret_missions_and_the_deck_never_reach_another_seat(players, new_match):
    match = setup_choices(new_match(seats=3, mode="amiral", protector_policy="always"), players)
    state = match.snapshot
    deck_names = [n for c in state["deck"][:8] for n in card_names(c)]
    for seat in range(3):
        mine = state["seats"][seat]["secret_mission"]
        others = [s["secret_mission"] for i, s in enumerate(state["seats"]) if i != seat]
        hidden = [n for code in others for n in _names_of_mission(code)] + deck_names
        shown = False
        for path, body in _bodies(_client(players[seat]), match):
            for secret in hidden:
                assert not said(secret, body), f"{secret!r} leaked to seat {seat} in {path}"
            assert '"protector_policy": "always"' not in body
            shown = shown or 'data-testid="mission-secret"' in body
        assert shown and mine  # the owner sees its own secret mission drawn


def test_a_spectator_sees_no_secret_mission(players, new_match, make_user):
    match = setup_choices(new_match(seats=3, mode="amiral"), players)
    secrets = [n for s in match.snapshot["seats"] for n in _names_of_mission(s["secret_mission"])]
    for path, body in _bodies(_client(make_user("hx_watcher")), match):
        for secret in secrets:
            assert not said(secret, body), path
        assert 'data-testid="mission-secret"' not in body


def test_extra_cards_are_shown_to_their_buyer_only(players, new_match):
    match = setup_choices(new_match(seats=2, mode="marin"), players)
    # Hand seat 0 a card with extra market cards, taken from the deck (a position edit).
    snapshot = match.snapshot
    code, option = next(
        (c, o) for c, o in (("A14", 2), ("A08", 1), ("A13", 1)) if c in snapshot["deck"]
    )
    snapshot["deck"].remove(code)
    snapshot["seats"][0]["hand"] = [code]
    match.snapshot = snapshot
    match.save(update_fields=["snapshot"])
    for move in (
        {"seat": 0, "do": "play", "card": code, "option": option},
        {"seat": 0, "do": "end_actions"},
    ):
        match.refresh_from_db()
        services.match_submit_move(
            match_id=match.pk, user=players[0], move_data=move, expected_version=match.version
        )
    match.refresh_from_db()
    # the French site's names (no language asked)
    names = [escape(card_names(c)[0]) for c in match.snapshot["turn"]["extra_cards"]]
    assert len(names) == 5
    mine = _client(players[0]).get(f"/m/{match.pk}/").content.decode()
    assert all(n in mine for n in names)
    for path, body in _bodies(_client(players[1]), match):
        for n in names:
            assert not said(n, body), (n, path)


def test_a_person_holding_both_seats_of_a_team_sees_no_other_teams_secrets(players):
    anna, bruno, carla, _dan = players
    users = [anna, bruno, anna, carla]
    match = services.match_create(
        system="hexpanse",
        config={"mode": "amiral", "teams": True, "first_player": 0},
        seat_users=users,
    )
    match = setup_choices(match, users)
    state = match.snapshot
    theirs = [state["seats"][i]["secret_mission"] for i in (1, 3)]
    hidden = [n for code in theirs for n in _names_of_mission(code)]
    hidden += [n for c in state["deck"][:8] for n in card_names(c)]
    client = _client(anna)
    pk = match.pk
    for path in (f"/m/{pk}/seat/0/", f"/m/{pk}/seat/2/"):
        body = client.get(path).content.decode()
        for secret in hidden:
            assert not said(secret, body), (secret, path)
    for path, body in _bodies(client, match):
        for secret in hidden:
            assert not said(secret, body), (secret, path)
