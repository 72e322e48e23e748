"""Queries per request kind, as a signed-in player's browser makes them (the session, with its
player and their profile, is the first of each: games/accounts/sessions.py). A budget that grows
means a slower site for everybody: `manage.py bench live` measures the time, these hold the
count."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from games.engine.registry import get_system
from games.matches import services

HX = {"HTTP_HX_REQUEST": "true"}

# the session with user and profile; the match with its seats, users, profiles and the players' ratings
# (a seat note; visible to the reader?); the recent log; the chat; the inbox's entries of the
# match read; the "seen" mark; the "your turn" count and the inbox's unread count of the
# navigation
PAGE = 8
# the page of a player who waits: the same, and their next game waiting for their move (its
# "next game" link names it; one query when none waits)
PAGE_WAITING = PAGE + 1
# the session with user and profile; the match with its seats: the board and hand, no write, no notes
PICK = 2
# the session with user and profile; the match with its seats and ratings; the recent log (the story, the
# takeback rule; only the lines the page lacks are sent); the chat; the inbox read; the mark
LIVE = 6
# as LIVE, for a page already at the match's version (a chat message): no mark to write
LIVE_SAME_VERSION = 5
# the session with user and profile; in the transaction: lock the match, the seats (locked, with their
# players' profiles and ratings: the clock writes them and the answer shows them; a player of
# the match may see it: no read for visibility first), the record, the match; the answer: the
# recent log, the mark (8); here also the test's savepoint and its release, where a server has
# BEGIN and COMMIT, which Django does not count.
# When a turn starts or ends: the clock's seat writes (the players' vacations came with the
# seats), the worker's job and the turn counts; and the mover's next game waiting for them,
# which the answer's "next game" link names (none here: one query).
MOVE_WITHIN_A_TURN = 9
MOVE_CHANGING_THE_TURN = 13
# a push to the other player's socket (matches.pushes; no session nor user: the socket's): the
# match with its seats and ratings; the recent log. It writes nothing...
PUSH = 2
# ...its "seen" marks are written once it was sent: the inbox read, the seat's mark (and, in a
# test's transaction, the savepoint and its release around them)
PUSH_SEEN = 4
# the session with user and profile; the reader's army lists (one read for every system that takes them,
# armies.selectors.army_lists_of_system); open matches; public matches; their seats and
# players; the names of the people the reader played with (the new-match form's list); the
# "your turn" and unread counts
LOBBY = 9
# the session with user and profile; my seats with matches; their seats and players; the counts
MY_GAMES = 6


@pytest.fixture
def duel(anna, bruno):
    return services.match_create(
        system="neuroshima", config={"armies": ["moloch", "borgo"]}, seat_users=[anna, bruno]
    )


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_match_page(duel, anna, django_assert_max_num_queries):
    client = signed_in(anna)
    with django_assert_max_num_queries(PAGE):
        assert client.get(f"/m/{duel.pk}/").status_code == 200


def test_the_match_page_of_a_player_who_waits(duel, anna, bruno, django_assert_max_num_queries):
    state = get_system("neuroshima").state_from_json(duel.snapshot)
    waiting = [anna, bruno][1 - get_system("neuroshima").to_act(state)[0]]
    client = signed_in(waiting)
    with django_assert_max_num_queries(PAGE_WAITING):
        assert client.get(f"/m/{duel.pk}/").status_code == 200


def test_a_pick(duel, anna, django_assert_max_num_queries):
    client = signed_in(anna)
    with django_assert_max_num_queries(PICK):
        response = client.get(f"/m/{duel.pk}/?tile=0", **HX, HTTP_HX_TARGET="board")
    assert response.status_code == 200 and 'id="hand"' in response.content.decode()


def test_a_live_refetch(duel, anna, bruno, django_assert_max_num_queries):
    shown = duel.version
    state = get_system("neuroshima").state_from_json(duel.snapshot)
    seat = get_system("neuroshima").to_act(state)[0]
    services.match_submit_move(
        match_id=duel.pk,
        user=[anna, bruno][seat],
        move_data=get_system("neuroshima").legal_moves(state, seat)[0],
        expected_version=shown,
    )
    client = signed_in([anna, bruno][1 - seat])
    with django_assert_max_num_queries(LIVE):
        assert client.get(f"/m/{duel.pk}/live", {"since": shown}, **HX).status_code == 200
    duel.refresh_from_db()
    with django_assert_max_num_queries(LIVE_SAME_VERSION):
        client.get(f"/m/{duel.pk}/live", {"since": duel.version}, **HX)


def test_moves_within_and_across_turns(
    duel, anna, bruno, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    system = get_system("neuroshima")
    clients = [signed_in(anna), signed_in(bruno)]
    kinds = set()
    for _ in range(12):  # the HQs, then turns of several acts
        duel.refresh_from_db()
        state = system.state_from_json(duel.snapshot)
        (seat,) = system.to_act(state)
        move = system.legal_moves(state, seat)[0]
        data = {"move": json.dumps(move), "expected_version": duel.version}
        with (
            django_capture_on_commit_callbacks(execute=True) as on_commit,
            django_assert_max_num_queries(MOVE_CHANGING_THE_TURN),
        ):
            response = clients[seat].post(f"/m/{duel.pk}/move", data, **HX)
        assert response.status_code == 200
        duel.refresh_from_db()
        same_turn = tuple(system.to_act(system.state_from_json(duel.snapshot))) == (seat,)
        kinds.add(same_turn)
        if same_turn:  # nothing but the pages' nudge after the commit
            assert len(on_commit) == 1
    assert kinds == {True, False}


def test_a_move_within_a_turn(duel, anna, bruno, django_assert_max_num_queries):
    system = get_system("neuroshima")
    clients = [signed_in(anna), signed_in(bruno)]
    for _ in range(12):
        duel.refresh_from_db()
        state = system.state_from_json(duel.snapshot)
        (seat,) = system.to_act(state)
        move = system.legal_moves(state, seat)[0]
        after = system.apply(state, seat, move, _rng(duel)).state
        data = {"move": json.dumps(move), "expected_version": duel.version}
        if tuple(system.to_act(after)) == (seat,):
            with django_assert_max_num_queries(MOVE_WITHIN_A_TURN):
                clients[seat].post(f"/m/{duel.pk}/move", data, **HX)
            return
        clients[seat].post(f"/m/{duel.pk}/move", data, **HX)
    pytest.fail("no move within a turn met")


def _rng(match):
    from games.engine.rng import Rng

    return Rng(match.seed, match.rng_counter)


def test_the_lobby(duel, anna, django_assert_max_num_queries):
    client = signed_in(anna)
    with django_assert_max_num_queries(LOBBY):
        assert client.get("/").status_code == 200


def test_my_games(duel, anna, django_assert_max_num_queries):
    client = signed_in(anna)
    with django_assert_max_num_queries(MY_GAMES):
        assert client.get("/games/").status_code == 200


def test_a_push_to_the_other_player(duel, anna, bruno, django_assert_max_num_queries):
    from games.matches.pushes import match_changes_for_socket, match_push_seen

    system = get_system("neuroshima")
    state = system.state_from_json(duel.snapshot)
    (seat,) = system.to_act(state)
    players = [anna, bruno]
    services.match_submit_move(
        match_id=duel.pk,
        user=players[seat],
        move_data=system.legal_moves(state, seat)[0],
        expected_version=duel.version,
    )
    duel.refresh_from_db()
    # The socket's user, as its session loaded it when it opened (with the profile).
    reader = type(anna).objects.select_related("profile").get(pk=players[1 - seat].pk)
    with django_assert_max_num_queries(PUSH):
        found = match_changes_for_socket(
            scope={"user": reader, "headers": []},
            match_id=duel.pk,
            since=duel.version - 1,
        )
    assert found is not None and found[0] == duel.version
    with django_assert_max_num_queries(PUSH_SEEN):
        match_push_seen(match_id=duel.pk, user=reader, version=found[0])
    assert duel.seats.get(user=reader).last_seen_version == duel.version
