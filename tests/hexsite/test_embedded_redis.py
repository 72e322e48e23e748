"""The embedded Redis (the channel layer when no REDIS_URL is set) starts on demand, once for
all the processes that ask at the same moment, and again after a kill -9 left its files."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys

import pytest

from hexsite import embedded_redis
from tests.live.processes import ROOT, poll


@pytest.fixture
def redis_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(embedded_redis, "DIR", tmp_path / "redis")
    try:
        yield tmp_path / "redis"
    finally:
        embedded_redis.stop()


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_a_server_killed_with_its_files_left_behind_is_replaced_on_demand(redis_dir):
    embedded_redis.ensure_running()
    first = embedded_redis.pid()
    os.kill(first, signal.SIGKILL)
    poll("the killed server to be gone", lambda: _gone(first))
    assert embedded_redis.socket_path().exists()  # what the killed server left...
    assert not embedded_redis.is_running()  # ...is not a server

    assert embedded_redis.ensure_running() == f"unix://{redis_dir / 'redis.sock'}"
    assert embedded_redis.is_running() and embedded_redis.pid() != first


def test_processes_starting_at_the_same_moment_share_one_server(redis_dir):
    code = "from hexsite import embedded_redis as r; r.ensure_running(); print(r.pid())"
    env = {**os.environ, "HEXSITE_REDIS_DIR": str(redis_dir)}
    starters = [
        subprocess.Popen(
            [sys.executable, "-c", code], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
        )
        for _ in range(3)
    ]
    pids = {starter.communicate(timeout=60)[0].strip() for starter in starters}
    assert pids == {str(embedded_redis.pid())}


async def test_a_process_behind_by_hundreds_of_messages_loses_none_of_them(redis_dir):
    # The site's layer (settings: Redis pub/sub) as configured; the tests' own layer is the
    # in-memory one, so read the site's settings module. Another process (`sender`: a layer of
    # its own, its own connection) sends 300 group messages before this one reads any: Redis
    # hands each to the subscribed process, which keeps it for its socket until read. (The
    # list-based layer dropped them beyond its `capacity`: pages missed moves in a burst.)
    from hexsite import settings as site

    config = {**site.CHANNEL_LAYERS["default"]["CONFIG"], "prefix": "test-burst"}
    config.pop("hosts", None)  # (with REDIS_URL set: the embedded server stands in for it)
    sender = embedded_redis.EmbeddedRedisChannelLayer(**config)
    reader = embedded_redis.EmbeddedRedisChannelLayer(**config)
    sockets = [await reader.new_channel() for _ in range(50)]
    try:
        for n, channel in enumerate(sockets):
            await reader.group_add(f"match.{n}", channel)
        for round_ in range(6):
            for n in range(len(sockets)):
                await sender.group_send(f"match.{n}", {"type": "match.changed", "v": round_})
        received = []
        for channel in sockets:
            for _ in range(6):  # (a lost message would leave the read waiting: fail instead)
                received.append(await asyncio.wait_for(reader.receive(channel), 10))
        assert len(received) == 300
        assert [m["v"] for m in received[:6]] == [0, 1, 2, 3, 4, 5]
        assert sorted(m["v"] for m in received) == sorted(list(range(6)) * 50)
    finally:
        await sender.flush()
        await reader.flush()


async def test_a_group_message_reaches_only_the_sockets_of_that_group(redis_dir):
    from hexsite import settings as site

    config = {**site.CHANNEL_LAYERS["default"]["CONFIG"], "prefix": "test-groups"}
    config.pop("hosts", None)
    sender = embedded_redis.EmbeddedRedisChannelLayer(**config)
    reader = embedded_redis.EmbeddedRedisChannelLayer(**config)
    watching, other = await reader.new_channel(), await reader.new_channel()
    try:
        await reader.group_add("match.1", watching)
        await reader.group_add("match.2", other)
        await sender.group_send("match.1", {"type": "match.changed", "v": 1})
        await sender.group_send("match.2", {"type": "match.changed", "v": 2})
        assert (await asyncio.wait_for(reader.receive(watching), 10))["v"] == 1
        assert (await asyncio.wait_for(reader.receive(other), 10))["v"] == 2
        await reader.group_discard("match.1", watching)
        await sender.group_send("match.1", {"type": "match.changed", "v": 3})
        await sender.group_send("match.2", {"type": "match.changed", "v": 4})
        assert (await asyncio.wait_for(reader.receive(other), 10))["v"] == 4
        # the message to the group it left never came (sent before the one just read: in order)
        assert reader._get_layer().channels[watching].empty()
    finally:
        await sender.flush()
        await reader.flush()
