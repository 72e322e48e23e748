"""What a client sends on the notification websocket is bounded: malformed frames are answered,
not crashes; a flood is answered once and dropped, then closed; presence is written at most
once per refresh period however often the page says "watch"."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from games.notifications import consumers
from games.notifications.models import MatchPresence
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
