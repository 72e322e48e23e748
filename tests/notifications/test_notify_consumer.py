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
from games.notifications.models import MatchPresence, Notification
from games.notifications.selectors import presence_watching
from games.notifications.services import notify_user
from games.notifications.turns import notify_match_changed
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


class Communicator(WebsocketCommunicator):
    """Connects as a page does and reads the socket's first word, `hello` (kept as `.hello`)."""

    hello: dict | None = None

    async def connect(self, timeout=1):
        connected, code = await super().connect(timeout)
        if connected:
            self.hello = await self.receive_json_from()
        return connected, code


def communicator(user) -> Communicator:
    comm = Communicator(NotifyConsumer.as_asgi(), "/ws/notify/")
    comm.scope["user"] = user
    return comm


@pytest.fixture
def carla(db):
    return make_player("carla")


@pytest.fixture
def private_match(anna, bruno):
    return start_match(anna, bruno, is_public=False)


@own_loop
async def test_a_visitor_not_signed_in_watches_public_matches_only_and_gets_nudges_only(
    match, private_match
):
    comm = communicator(AnonymousUser())
    assert (await comm.connect())[0]
    assert comm.hello == {"type": "hello"}  # no turns, no inbox
    await comm.send_json_to({"watch": private_match.pk, "push": True})
    assert await comm.receive_json_from() == {
        "type": "error",
        "error": "forbidden",
        "match": private_match.pk,
    }
    await comm.send_json_to({"watch": match.pk, "push": True})
    assert await comm.receive_json_from() == {
        "type": "watching",
        "match": match.pk,
        "version": match.version,
    }
    # A move of a player: a nudge (the page refetches a spectator's HTML), never partials.
    await database_sync_to_async(notify_match_changed)(match_id=match.pk, version=7)
    assert await comm.receive_json_from() == {
        "type": "match",
        "match": match.pk,
        "version": 7,
        "played": True,
    }
    rows = MatchPresence.objects.filter(match_id=match.pk)
    assert not await database_sync_to_async(rows.exists)()  # no presence for a spectator
    await comm.disconnect()


@own_loop
async def test_a_socket_without_a_user_in_its_scope_is_turned_away():
    comm = Communicator(NotifyConsumer.as_asgi(), "/ws/notify/")
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
    assert await comm.receive_json_from() == {
        "type": "watching",
        "match": match.pk,
        "version": match.version,
    }
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


def _two_unread(user) -> None:
    for kind in (Notification.Kind.CHALLENGE, Notification.Kind.ROUND):
        notify_user(
            user_id=user.pk, kind=kind, params={"name": "Hex Wars", "url": "/"}, channels=False
        )


def _first_move(match_id: int, user):
    from games.engine.registry import get_system
    from games.matches import services
    from games.matches.models import Match

    match = Match.objects.get(pk=match_id)
    system = get_system(match.system)
    state = system.state_from_json(match.snapshot)
    (seat,) = system.to_act(state)
    services.match_submit_move(
        match_id=match_id,
        user=user,
        move_data=system.legal_moves(state, seat)[0],
        expected_version=match.version,
    )
    return match.version + 1


@own_loop
async def test_a_page_asking_for_pushes_gets_the_opponent_s_move_drawn_for_its_reader(
    anna, bruno, private_match
):
    anna_ws, bruno_ws = communicator(anna), communicator(bruno)
    for ws in (anna_ws, bruno_ws):
        await ws.connect()
        await ws.send_json_to({"watch": private_match.pk, "push": True})
        assert (await ws.receive_json_from())["type"] == "watching"

    version = await database_sync_to_async(_first_move)(private_match.pk, anna)
    pushed = await bruno_ws.receive_json_from(timeout=10)
    while pushed["type"] == "turns":
        pushed = await bruno_ws.receive_json_from(timeout=10)
    assert pushed["type"] == "partials" and pushed["match"] == private_match.pk
    assert (pushed["version"], pushed["since"]) == (version, version - 1)
    for part in ('id="board"', 'id="hand"', 'id="status"', 'id="log-lines"'):
        assert part in pushed["html"]
    # The mover's own page has the change in its answer: a plain nudge, nothing drawn.
    assert await anna_ws.receive_json_from(timeout=10) == {
        "type": "match",
        "match": private_match.pk,
        "version": version,
        "played": True,
    }
    for ws in (anna_ws, bruno_ws):
        await ws.disconnect()  # once the consumer has handled every message before it
    # Bruno's seat is marked seen as of the pushed version, after the push was sent.
    seen = await database_sync_to_async(
        lambda: private_match.seats.get(user=bruno).last_seen_version
    )()
    assert seen == version


@own_loop
async def test_a_push_is_drawn_without_a_thread_hop_of_its_own_to_close_connections(
    anna, bruno, private_match, monkeypatch
):
    """Its drawing and its "seen" marks go through database_sync_to_async, which closes stale
    connections in the thread it runs in: Channels' own hop before the handler was a third
    one per push (issue 14)."""
    import channels.consumer

    hops = []
    django_hop = channels.consumer.aclose_old_connections

    async def counted():
        hops.append(1)
        await django_hop()

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    bruno_ws = communicator(bruno)
    await bruno_ws.connect()
    await bruno_ws.send_json_to({"watch": private_match.pk, "push": True})
    assert (await bruno_ws.receive_json_from())["type"] == "watching"
    hops.clear()

    await database_sync_to_async(_first_move)(private_match.pk, anna)
    pushed = await bruno_ws.receive_json_from(timeout=10)
    while pushed["type"] == "turns":
        pushed = await bruno_ws.receive_json_from(timeout=10)
    assert pushed["type"] == "partials"
    assert hops == []  # (closing the socket takes one, as every socket's end does)
    await bruno_ws.disconnect()


@own_loop
async def test_a_change_that_played_nothing_is_a_nudge_even_for_a_pushed_page(
    anna, bruno, private_match
):
    from games.notifications.turns import notify_match_nudge

    ws = communicator(bruno)
    await ws.connect()
    await ws.send_json_to({"watch": private_match.pk, "push": True})
    assert (await ws.receive_json_from())["type"] == "watching"
    await database_sync_to_async(notify_match_nudge)(
        match_id=private_match.pk, version=private_match.version, played=False, by=anna.pk
    )
    message = await ws.receive_json_from(timeout=10)
    assert message["type"] == "match" and message["played"] is False
    await ws.disconnect()


@own_loop
async def test_a_socket_opened_after_its_page_was_drawn_learns_what_it_may_have_missed(
    anna, bruno, private_match
):
    """The page refetches only when its drawing is out of date: the socket's hello says how many
    turns wait and how many notifications are unread (the header's badge), the first reply to a
    watch says the match's version (the page compares them)."""
    await database_sync_to_async(_two_unread)(bruno)
    anna_ws, bruno_ws = communicator(anna), communicator(bruno)
    await anna_ws.connect()
    await bruno_ws.connect()
    assert anna_ws.hello["turns"] == 1  # anna moves first
    assert bruno_ws.hello == {"type": "hello", "turns": 0, "notes": 2}
    await bruno_ws.send_json_to({"watch": private_match.pk})
    assert await bruno_ws.receive_json_from() == {
        "type": "watching",
        "match": private_match.pk,
        "version": private_match.version,
    }
    # A nudge lost on the way (the layer drops what waits past its expiry) is caught up by the
    # page's heartbeat: its reply says the version too.
    version = await database_sync_to_async(_first_move)(private_match.pk, anna)
    while (await bruno_ws.receive_json_from(timeout=10))["type"] != "match":
        pass  # the nudge and his turn count (the test reads them; a page might have lost them)
    await bruno_ws.send_json_to({"watch": private_match.pk})  # the heartbeat
    reply = await bruno_ws.receive_json_from(timeout=10)
    while reply["type"] == "turns":
        reply = await bruno_ws.receive_json_from(timeout=10)
    assert reply == {"type": "watching", "match": private_match.pk, "version": version}
    await anna_ws.disconnect()
    await bruno_ws.disconnect()
