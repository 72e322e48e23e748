"""The notification websocket: who may connect, who may watch what, what travels on it."""

from __future__ import annotations

import asyncio
import functools
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from games.notifications.consumers import NotifyConsumer
from games.notifications.selectors import presence_watching
from games.notifications.services import notify_match_changed
from tests.clock.support import make_player, start_match

pytestmark = pytest.mark.django_db(transaction=True)


def own_loop(test):
    """Run an async test on a fresh thread with its own event loop: immune to a loop that
    another fixture (Playwright's sync API) may keep running on the main thread."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        with ThreadPoolExecutor(max_workers=1) as thread:
            thread.submit(asyncio.run, test(*args, **kwargs)).result(timeout=60)

    return run


def communicator(user) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(NotifyConsumer.as_asgi(), "/ws/notify/")
    comm.scope["user"] = user
    return comm


@pytest.fixture
def carla(db):
    return make_player("carla")


@pytest.fixture
def private_match(anna, bruno):
    return start_match(anna, bruno, is_public=False)


@own_loop
async def test_anonymous_visitors_are_turned_away():
    comm = communicator(AnonymousUser())
    connected, code = await comm.connect()
    assert not connected and code == 4401


@own_loop
async def test_nobody_watches_a_private_match_they_do_not_play(carla, private_match):
    comm = communicator(carla)
    assert (await comm.connect())[0]
    await comm.send_json_to({"watch": private_match.pk})
    assert await comm.receive_json_from() == {
        "type": "error",
        "error": "forbidden",
        "match": private_match.pk,
    }
    await database_sync_to_async(notify_match_changed)(match_id=private_match.pk, version=9)
    assert await comm.receive_nothing()
    await comm.disconnect()


@own_loop
async def test_a_spectator_may_watch_a_public_match(carla, match):
    comm = communicator(carla)
    await comm.connect()
    await comm.send_json_to({"watch": match.pk})
    assert await comm.receive_json_from() == {"type": "watching", "match": match.pk}
    await database_sync_to_async(notify_match_changed)(match_id=match.pk, version=5)
    assert await comm.receive_json_from() == {
        "type": "match",
        "match": match.pk,
        "version": 5,
        "played": True,
    }
    await comm.disconnect()


@own_loop
async def test_malformed_subscriptions_are_refused(carla):
    comm = communicator(carla)
    await comm.connect()
    for bad in ({"watch": "1"}, {"watch": True}, {"watch": -3}, {"hello": 1}):
        await comm.send_json_to(bad)
        assert (await comm.receive_json_from())["error"] == "bad_request"
    await comm.disconnect()


@own_loop
async def test_players_get_the_match_version_and_their_turn_count_only(anna, bruno, private_match):
    anna_ws, bruno_ws = communicator(anna), communicator(bruno)
    await anna_ws.connect()
    await bruno_ws.connect()
    await anna_ws.send_json_to({"watch": private_match.pk})
    assert (await anna_ws.receive_json_from())["type"] == "watching"
    assert await database_sync_to_async(presence_watching)(
        user_id=anna.pk, match_id=private_match.pk
    )

    await database_sync_to_async(notify_match_changed)(match_id=private_match.pk, version=3)
    got = [await anna_ws.receive_json_from(), await anna_ws.receive_json_from()]
    assert {"type": "match", "match": private_match.pk, "version": 3, "played": True} in got
    assert {"type": "turns", "count": 1} in got  # anna moves first
    # bruno does not watch the page: he only gets his count (0), through his user group.
    assert await bruno_ws.receive_json_from() == {"type": "turns", "count": 0}
    assert await bruno_ws.receive_nothing()
    await anna_ws.disconnect()
    await bruno_ws.disconnect()
    assert not await database_sync_to_async(presence_watching)(
        user_id=anna.pk, match_id=private_match.pk
    )
