"""Moves attacked, in every game system, through the move endpoint as a browser posts it: the
same move posted twice at once from two connections (a real race: two threads, each its own
database connection, released together), a stale move after the opponent moved, a move of the
seat not to act naming the other seat, a spectator's and a stranger's move, a move on a
finished match and on one called off. Exactly one effect, or a clear refusal and nothing changed
(every table's rows: the version, the log, the notifications, the jobs)."""

from __future__ import annotations

import json
import threading

import pytest
from django.db import connection

from games.engine.registry import get_system
from games.matches import services
from games.matches.models import Match
from tests.fixtures import MATCH_CONFIGS, client_for, play_random
from tests.hardening.support import changed_tables, database_digest

HX = {"HTTP_HX_REQUEST": "true"}
SYSTEMS = sorted(MATCH_CONFIGS)


def _started(key: str, make_user, moves: int = 3):
    """A match of `key` a few random moves in, its players, and the seat to act with its move."""
    players = (make_user(f"{key[:4]}_rae"), make_user(f"{key[:4]}_sol"))
    match = services.match_create(system=key, config=MATCH_CONFIGS[key], seat_users=list(players))
    match = play_random(match, players, moves)
    system = get_system(key)
    state = system.state_from_json(match.snapshot)
    seat = system.to_act(state)[0]
    return match, players, seat, system.legal_moves(state, seat)[0]


def _post(client, match: Match, move, version, **fields):
    data = {"move": json.dumps(move), "expected_version": version, **fields}
    return client.post(f"/m/{match.pk}/move", data, **HX)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("key", SYSTEMS)
def test_the_same_move_posted_twice_at_once_is_played_once(key, make_user):
    match, players, seat, move = _started(key, make_user)
    clients = [client_for(players[seat]) for _ in range(2)]
    version, records = match.version, match.records.count()
    together = threading.Barrier(2)
    statuses: list[int] = []

    def post(client):
        try:
            together.wait()
            statuses.append(_post(client, match, move, version).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(c,)) for c in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200, 409]
    match.refresh_from_db()
    assert (match.version, match.records.count()) == (version + 1, records + 1)
    assert services.match_replay_verify(match=match)


def _refused_changing_nothing(response_of, expected=(400, 403, 404, 409)) -> str:
    before = database_digest()
    response = response_of()
    assert response.status_code in expected, response.status_code
    assert not changed_tables(before, database_digest())
    return response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("key", SYSTEMS)
def test_forged_stale_and_strangers_moves_are_refused_and_change_nothing(key, make_user):
    match, players, seat, move = _started(key, make_user)
    stranger = client_for(make_user(f"{key[:4]}_tam"))
    other = players[1 - seat]
    system = get_system(key)
    if 1 - seat not in system.to_act(system.state_from_json(match.snapshot)):
        # The other seat names the seat to act, in the form and in the move.
        _refused_changing_nothing(lambda: _post(client_for(other), match, move, match.version))
        _refused_changing_nothing(
            lambda: _post(client_for(other), match, move, match.version, seat=str(seat))
        )
    for forged in ({}, {"seat": str(seat)}):  # a stranger, naming the seat to act or not
        page = _refused_changing_nothing(
            lambda forged=forged: _post(stranger, match, move, match.version, **forged)
        )
        assert "You are not playing in this match." in page
    # A stale move: the page showed the position before the last move.
    _refused_changing_nothing(
        lambda: _post(client_for(players[seat]), match, move, match.version - 1), (409,)
    )
    # A finished match: the other player resigned; the move of the position before is refused.
    services.match_resign(match_id=match.pk, user=other)
    match.refresh_from_db()
    _refused_changing_nothing(
        lambda: _post(client_for(players[seat]), match, move, match.version), (400,)
    )


@pytest.mark.django_db
@pytest.mark.parametrize("key", SYSTEMS)
def test_a_move_on_a_called_off_match_is_refused_and_changes_nothing(key, make_user):
    match, players, seat, move = _started(key, make_user)
    services.match_call_off_unfinished(match_id=match.pk, reason=_a_reason())
    match.refresh_from_db()
    _refused_changing_nothing(
        lambda: _post(client_for(players[seat]), match, move, match.version), (400,)
    )


def _a_reason() -> str:
    from games.matches.called_off import CALLED_OFF_REASONS

    return next(iter(CALLED_OFF_REASONS))
