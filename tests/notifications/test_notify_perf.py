"""What keeps notifications fast: a broadcast writes nothing, the on-commit work stays small
(the turn bookkeeping is the worker's),
and the in-memory layer does not sweep every channel for every message."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.accounts.models import Profile
from games.notifications import consumers
from games.notifications.layers import InMemoryChannelLayer
from games.notifications.models import MatchPresence, Notification
from games.notifications.turns import (
    notify_match_changed,
    notify_match_nudge,
    notify_turn_counts,
    notify_turns_started,
)
from tests.notifications.test_notify_consumer import communicator, own_loop


def test_the_mover_s_request_pays_no_query_for_the_nudge_and_one_when_a_turn_changes(match, anna):
    with CaptureQueriesContext(connection) as queries:
        notify_match_nudge(match_id=match.pk, version=match.version)
    assert len(queries.captured_queries) == 0
    with CaptureQueriesContext(connection) as queries:
        notify_turn_counts(match_id=match.pk)  # every player's count, in one query
    assert len(queries.captured_queries) == 1


def test_telling_a_started_turn_again_costs_two_queries(match, anna):
    notify_turns_started(match_id=match.pk)  # anna's turn: told once (the worker's job)
    with CaptureQueriesContext(connection) as queries:
        notify_turns_started(match_id=match.pk)
    # the seats whose turn runs; "already told this turn?"
    assert len(queries.captured_queries) == 2


def test_telling_a_started_turn_reads_the_player_s_profile_once(match, anna):
    """The telling reads the profile with its user (is the account active, which kinds reach
    the inbox), then the turn's channels read the same one (issue 14: two more reads a turn)."""
    Profile.objects.get_or_create(user=anna)
    with CaptureQueriesContext(connection) as queries:
        notify_turns_started(match_id=match.pk)  # anna's turn: told
    assert Notification.objects.filter(user=anna, kind=Notification.Kind.TURN).exists()
    reads = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    assert sum('FROM "accounts_profile"' in sql for sql in reads) == 1
    assert not any('FROM "auth_user"' in sql.split("WHERE")[0] for sql in reads)


@pytest.mark.django_db(transaction=True)
@own_loop
async def test_a_broadcast_does_not_write_presence_only_the_heartbeat_does(
    monkeypatch, anna, match
):
    # The heartbeat below comes at once, not a minute later: no refresh period to wait for.
    monkeypatch.setattr(consumers, "PRESENCE_REFRESH_SECONDS", 0.0)
    ws = communicator(anna)
    await ws.connect()
    await ws.send_json_to({"watch": match.pk})
    assert (await ws.receive_json_from())["type"] == "watching"
    await database_sync_to_async(MatchPresence.objects.all().delete)()

    await database_sync_to_async(notify_match_changed)(match_id=match.pk, version=7)
    got = [await ws.receive_json_from(), await ws.receive_json_from()]
    assert {"type": "match", "match": match.pk, "version": 7, "played": True} in got
    assert not await database_sync_to_async(MatchPresence.objects.exists)()

    await ws.send_json_to({"watch": match.pk})  # the page's heartbeat
    reply = await ws.receive_json_from()
    while reply["type"] == "notes":  # the inbox's count (the turn told just now)
        reply = await ws.receive_json_from()
    assert reply["type"] == "watching"
    assert await database_sync_to_async(MatchPresence.objects.filter(user=anna).exists)()
    await ws.disconnect()


def _layer_run(test):
    # On a fresh thread, like `own_loop`: immune to an event loop left running on this one.
    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(asyncio.run, test()).result(timeout=60)


def test_the_layer_delivers_a_broadcast_to_every_member_with_one_sweep():
    async def scenario():
        layer = InMemoryChannelLayer()
        names = [await layer.new_channel() for _ in range(200)]
        for name in names:
            await layer.group_add("match.1", name)
        await layer.group_send("match.1", {"type": "match.changed", "version": 2})
        swept_at = layer._last_sweep
        got = [await layer.receive(name) for name in names]
        assert all(message["version"] == 2 for message in got)
        assert layer._last_sweep == swept_at  # no sweep per receive

    _layer_run(scenario)


def test_the_layer_still_drops_expired_messages():
    async def scenario():
        layer = InMemoryChannelLayer(expiry=-1)  # every message is already expired
        await layer.send("test.one", {"type": "hello"})
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(layer.receive("test.one"), timeout=0.2)

    _layer_run(scenario)
