"""What a client sends on the notification websocket is bounded: malformed frames are answered,
not crashes; a flood is answered once and dropped, then closed; presence is written at most
once per refresh period however often the page says "watch"; and one person, or one client
address, holds a bounded number of sockets."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser

from games.notifications import consumers
from games.notifications.models import MatchPresence
from hexsite import security
from tests.notifications.test_notify_consumer import communicator, own_loop

pytestmark = pytest.mark.django_db(transaction=True)
BAD_REQUEST = {"type": "error", "error": "bad_request"}


@pytest.fixture
def no_refill(monkeypatch):
    # Time plays no part in these tests: the bucket refills only after the test is over.
    monkeypatch.setattr(consumers, "REFILL_SECONDS", 1e9)
    monkeypatch.setattr(consumers, "PRESENCE_REFRESH_SECONDS", 1e9)


@own_loop
async def test_malformed_frames_are_answered_and_the_socket_lives_on(no_refill, anna, match):
    comm = communicator(anna)
    assert (await comm.connect())[0]
    for frame in ["not json", "[" * 100_000, "[" * 500 + "]" * 500, "{}", '{"watch": "1"}']:
        await comm.send_to(text_data=frame)
        assert await comm.receive_json_from() == BAD_REQUEST, frame[:20]
    await comm.send_to(bytes_data=b"\x00\x01")
    assert await comm.receive_json_from() == BAD_REQUEST
    await comm.send_json_to({"watch": match.pk})
    assert (await comm.receive_json_from())["type"] == "watching"
    await comm.disconnect()


@own_loop
async def test_a_flood_is_answered_once_then_dropped_then_closed(
    no_refill, monkeypatch, anna, match
):
    monkeypatch.setattr(consumers, "CLOSE_AFTER_DROPPED", 5)
    comm = communicator(anna)
    assert (await comm.connect())[0]
    for _ in range(consumers.BURST):
        await comm.send_json_to({"watch": match.pk})
        assert (await comm.receive_json_from())["type"] == "watching"
    await comm.send_json_to({"watch": match.pk})
    assert await comm.receive_json_from() == {"type": "error", "error": "rate_limited"}
    for _ in range(3):
        await comm.send_json_to({"watch": match.pk})
    assert await comm.receive_nothing()  # dropped without a word
    await comm.send_json_to({"watch": match.pk})
    assert await comm.receive_output() == {"type": "websocket.close", "code": 4429}


@own_loop
async def test_watching_again_and_again_writes_the_presence_once(no_refill, anna, match):
    comm = communicator(anna)
    assert (await comm.connect())[0]

    @database_sync_to_async
    def expiry():
        return MatchPresence.objects.get(user=anna, match_id=match.pk).expires_at

    await comm.send_json_to({"watch": match.pk})
    await comm.receive_json_from()
    first = await expiry()
    for _ in range(5):
        await comm.send_json_to({"watch": match.pk})
        await comm.receive_json_from()
    assert await expiry() == first
    await comm.disconnect()


@own_loop
async def test_one_person_holds_a_bounded_number_of_sockets(monkeypatch, anna, bruno):
    monkeypatch.setattr(consumers, "MAX_SOCKETS_PER_USER", 3)
    # Signed-in players are counted by person, not by address: all of these share one.
    monkeypatch.setattr(consumers, "MAX_SOCKETS_PER_ADDRESS", 1)
    held = [communicator(anna) for _ in range(3)]
    for comm in held:
        assert (await comm.connect())[0]
    assert await communicator(anna).connect() == (False, 4429)  # refused at the handshake
    other = communicator(bruno)  # somebody else is not held back
    assert (await other.connect())[0]
    await held[0].disconnect()
    again = communicator(anna)  # a closed socket gives its place back
    assert (await again.connect())[0]
    for comm in [*held[1:], other, again]:
        await comm.disconnect()
    assert not consumers._open_sockets  # every socket closed, nothing left counted


@own_loop
async def test_one_client_address_holds_a_bounded_number_of_sockets(monkeypatch):
    monkeypatch.setattr(consumers, "MAX_SOCKETS_PER_ADDRESS", 2)

    def visitor(address: str):
        comm = communicator(AnonymousUser())
        comm.scope["client"] = [address, 50000]
        return comm

    for address in ("203.0.113.7", "2001:db8::1"):
        held = [visitor(address), visitor(address)]
        for comm in held:
            assert (await comm.connect())[0]
        assert await visitor(address).connect() == (False, 4429)
    # One IPv6 client owns its whole /64: another address in it counts as the same client.
    assert await visitor("2001:db8::ffff").connect() == (False, 4429)
    assert (await visitor("198.51.100.1").connect())[0]  # another client is let in


@own_loop
async def test_behind_a_trusted_proxy_each_client_counts_apart(monkeypatch, settings):
    monkeypatch.setattr(consumers, "MAX_SOCKETS_PER_ADDRESS", 1)
    settings.TRUSTED_PROXIES = security.trusted_proxies("10.0.0.1")

    def through_the_proxy(client: str):
        comm = communicator(AnonymousUser())
        comm.scope["client"] = ["10.0.0.1", 50000]
        comm.scope["headers"] = [(b"x-forwarded-for", client.encode())]
        return comm

    assert (await through_the_proxy("203.0.113.7").connect())[0]
    assert await through_the_proxy("203.0.113.7").connect() == (False, 4429)
    assert (await through_the_proxy("203.0.113.8").connect())[0]
