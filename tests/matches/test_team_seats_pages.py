"""The pages of a person holding two seats of one team: the seat that must act, a switch
between their seats (`/m/<id>/seat/<n>/`), move forms naming their seat, a forged seat refused
over HTTP, what they may see (both seats' secrets, nobody else's), the lobby's "Me too" and the
"take my team's seat" button."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.engine.registry import get_system
from games.matches import services
from games.matches.models import Match
from tests.matches.team_system import install_team

install_team()
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


def _client(user):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(user)
    return client


@pytest.fixture
def team_match(anna, bruno, carla):
    """anna holds seats 1 and 3 (indices 0 and 2) against bruno and carla; seat 1 acts."""
    match = services.match_create(
        system="claimteam", config={"hexes": 8}, seat_users=[anna, bruno, anna, carla]
    )
    match.refresh_from_db()
    return match


def _hand(match, seat):
    return match.snapshot["hands"][seat]


def _legal(match, seat):
    system = get_system(match.system)
    return system.legal_moves(system.state_from_json(match.snapshot), seat)


def test_the_page_shows_the_seat_that_must_act_and_offers_the_other(team_match, anna):
    html = _client(anna).get(f"/m/{team_match.pk}/").content.decode()
    assert all(tile in html for tile in _hand(team_match, 0))
    assert 'name="seat" value="0"' in html and 'name="seat" value="2"' not in html
    assert 'data-testid="shown-seat-0"' in html
    assert f'href="/m/{team_match.pk}/seat/2/"' in html and 'data-testid="seat-link-2"' in html
    assert "Your turn." in html


def test_the_other_seats_page_shows_its_hand_and_says_which_seat_must_play(team_match, anna):
    html = _client(anna).get(f"/m/{team_match.pk}/seat/2/").content.decode()
    assert 'data-testid="shown-seat-2"' in html
    assert 'name="seat"' not in html  # seat 3 has no move to make now
    assert "Your turn with seat 1." in html and 'data-testid="switch-to-acting-seat"' in html
    assert 'data-testid="follow-turn"' in html
    # The hand panel is seat 3's (index 2); seat 1's tiles appear only in the log's setup line.
    hand = html.split('id="hand"')[1].split('id="board-title"')[0]  # the board comes next
    assert all(tile in hand for tile in _hand(team_match, 2))
    assert not any(tile in hand for tile in _hand(team_match, 0))


def test_a_seat_page_is_only_for_the_person_holding_that_seat(team_match, anna, bruno, make_user):
    assert _client(anna).get(f"/m/{team_match.pk}/seat/1/").status_code == 404
    assert _client(make_user("watcher")).get(f"/m/{team_match.pk}/seat/0/").status_code == 404
    assert Client().get(f"/m/{team_match.pk}/seat/0/").status_code == 404
    assert _client(bruno).get(f"/m/{team_match.pk}/seat/1/").status_code == 200
    assert _client(anna).get(f"/m/{team_match.pk}/seat/9/").status_code == 404


def test_a_refetch_from_a_seats_page_stays_on_that_seat(team_match, anna):
    page = f"http://testserver/m/{team_match.pk}/seat/2/"
    html = (
        _client(anna)
        .get(f"/m/{team_match.pk}/live", HTTP_HX_CURRENT_URL=page, **HX)
        .content.decode()
    )
    hand = html.split('id="hand"')[1].split('id="status"')[0]
    assert all(tile in hand for tile in _hand(team_match, 2))


def test_partials_pushed_to_a_seats_page_are_drawn_through_that_seat(team_match, anna):
    from games.matches.pushes import match_changes_for_socket

    def pushed_hand(seat):
        html = match_changes_for_socket(
            scope={"user": anna}, match_id=team_match.pk, since=team_match.version - 1, seat=seat
        )[1]
        return html.split('id="hand"')[1].split('id="status"')[0]

    assert all(tile in pushed_hand(2) for tile in _hand(team_match, 2))
    assert all(tile in pushed_hand(None) for tile in _hand(team_match, 0))  # follows the turn
    # A seat that is not hers is never drawn: her own seat that must act is.
    forged = pushed_hand(1)
    assert not any(tile in forged for tile in _hand(team_match, 1))
    assert all(tile in forged for tile in _hand(team_match, 0))


def test_a_pick_on_a_seats_page_stays_on_that_seat(team_match, anna):
    html = (
        _client(anna)
        .get(f"/m/{team_match.pk}/seat/2/", HTTP_HX_TARGET="board", **HX)
        .content.decode()
    )
    hand = html.split('id="hand"')[1]
    assert all(tile in hand for tile in _hand(team_match, 2))
    assert (
        _client(anna).get(f"/m/{team_match.pk}/seat/1/", HTTP_HX_TARGET="board", **HX).status_code
        == 404
    )


def test_a_forged_seat_posted_over_http_is_refused_and_changes_nothing(team_match, anna):
    move = _legal(team_match, 0)[0]
    for forged in ("1", "3"):
        response = _client(anna).post(
            f"/m/{team_match.pk}/move",
            {"move": json.dumps(move), "expected_version": str(team_match.version), "seat": forged},
            **HX,
        )
        assert response.status_code == 400
        assert "You do not hold this seat" in response.content.decode()
    response = _client(anna).post(
        f"/m/{team_match.pk}/move",
        {"move": json.dumps(move), "expected_version": str(team_match.version), "seat": "2"},
        **HX,
    )
    assert "not your turn" in response.content.decode()
    before = team_match.version
    team_match.refresh_from_db()
    assert team_match.version == before
    response = _client(anna).post(
        f"/m/{team_match.pk}/move",
        {"move": json.dumps(move), "expected_version": str(before), "seat": "0"},
    )
    assert response.status_code == 302
    team_match.refresh_from_db()
    assert team_match.version == before + 1
    assert team_match.records.order_by("-seq").first().seat == 0


def _bodies(client, match):
    pk = match.pk
    for path, headers in (
        (f"/m/{pk}/", {}),
        (f"/m/{pk}/seat/0/", {}),
        (f"/m/{pk}/seat/2/", {}),
        (f"/m/{pk}/live", {**HX, "HTTP_HX_CURRENT_URL": f"http://testserver/m/{pk}/seat/2/"}),
        (f"/m/{pk}/since/", {}),
        ("/games/", {}),
    ):
        response = client.get(path, **headers)
        assert response.status_code == 200, path
        yield path, response.content.decode()


def test_the_person_sees_both_seats_secrets_and_nobody_elses(team_match, anna, bruno):
    hidden = [*_hand(team_match, 1), *_hand(team_match, 3), *team_match.snapshot["deck"]]
    seen = set()
    for path, body in _bodies(_client(anna), team_match):
        for secret in hidden:
            assert secret not in body, (secret, path)
        seen |= {t for t in (*_hand(team_match, 0), *_hand(team_match, 2)) if t in body}
    assert seen == {*_hand(team_match, 0), *_hand(team_match, 2)}
    # bruno, one seat, sees neither of anna's hands.
    for path, body in _bodies_single(_client(bruno), team_match):
        for secret in (*_hand(team_match, 0), *_hand(team_match, 2)):
            assert secret not in body, (secret, path)


def _bodies_single(client, match):
    for path in (f"/m/{match.pk}/", f"/m/{match.pk}/since/", f"/m/{match.pk}/live"):
        response = client.get(path, **(HX if path.endswith("live") else {}))
        assert response.status_code == 200
        yield path, response.content.decode()


def test_my_games_lists_the_match_once(team_match, anna):
    html = _client(anna).get("/games/").content.decode()
    assert html.count(f'href="/m/{team_match.pk}/"') == 1


def _create(client, **seats):
    data = {
        "system": "claimteam",
        "players": "4",
        "seat_1": "open",
        "seat_2": "open",
        "seat_3": "open",
        "days_per_move": "3",
        "bank_increment_hours": "0",
        "bank_max_days": "0",
        "vacation_allowed": "on",
        "is_public": "on",
        **seats,
    }
    return client.post(reverse("matches:create"), data)


def test_the_lobby_lets_the_creator_take_a_second_seat_of_their_team(anna):
    refused = _create(_client(anna), seat_1="me")
    assert refused.status_code == 400
    assert "seats 1, 3 play together" in refused.content.decode()
    assert not Match.objects.exists()
    created = _create(_client(anna), seat_2="me", seat_3="computer")
    assert created.status_code == 302
    match = Match.objects.get()
    assert list(match.seats.order_by("index").values_list("user", "kind")) == [
        (anna.pk, "human"),
        (None, "human"),
        (anna.pk, "human"),
        (None, "bot"),
    ]


def test_a_seated_person_takes_their_teams_free_seat_from_the_match_page(anna, bruno):
    match = services.match_create(
        system="claimteam",
        config={},
        seat_users=[anna, bruno, None, None],
        invite_seats=frozenset({2, 3}),
    )
    client = _client(anna)
    page = client.get(f"/m/{match.pk}/").content.decode()
    assert 'data-testid="take-team-seat"' in page and 'name="seat" value="2"' in page
    invite = client.get(f"/m/{match.pk}/join/{match.invite_token}").content.decode()
    assert "Take seat 3 too" in invite
    # bruno's team seat is seat 4: he is offered that one, never anna's.
    assert 'name="seat" value="3"' in _client(bruno).get(f"/m/{match.pk}/").content.decode()
    response = client.post(f"/m/{match.pk}/join", {"seat": "3"})
    assert response.status_code == 400  # the match page again, with the reason
    assert "seats 1, 3 play together" in response.content.decode()
    assert match.seats.get(index=3).user is None
    client.post(f"/m/{match.pk}/join", {"seat": "2"})
    assert match.seats.get(index=2).user == anna
    assert 'data-testid="take-team-seat"' not in client.get(f"/m/{match.pk}/").content.decode()
