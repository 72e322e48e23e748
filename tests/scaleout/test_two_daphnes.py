"""Two daphne processes share one Redis channel layer: a change announced by another process
reaches the websockets open on both. Real Redis, real daphne, the real test database."""

from __future__ import annotations

import subprocess

import pytest
from django.conf import settings

from tests.clock.support import make_player, start_match
from tests.live.processes import Processes, free_port, site_env, wait_for_port
from tests.live.wsclient import WebSocket

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def cluster(transactional_db):
    redis_port = free_port()
    redis = subprocess.Popen(
        ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1"]
        + ["--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    processes = Processes(site_env(REDIS_URL=f"redis://127.0.0.1:{redis_port}/0"), "scaleout")
    try:
        wait_for_port(redis_port, redis)
        ports = [processes.daphne()[1], processes.daphne()[1]]
        yield ports, processes
    finally:
        processes.stop_all()
        redis.terminate()
        redis.wait(timeout=15)


def open_socket(port: int, cookie: str | None) -> WebSocket:
    headers = {"Origin": f"http://127.0.0.1:{port}"}
    if cookie:
        headers["Cookie"] = f"{settings.SESSION_COOKIE_NAME}={cookie}"
    return WebSocket("127.0.0.1", port, "/ws/notify/", headers, timeout=60.0)


def test_a_change_reaches_websockets_on_both_daphnes(cluster, client):
    (port_a, port_b), processes = cluster
    anna, bruno = make_player("anna"), make_player("bruno")
    match = start_match(anna, bruno, is_public=False)
    client.force_login(anna)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value

    assert open_socket(port_b, None).status == 403  # anonymous: refused at the handshake
    on_a, on_b = open_socket(port_a, cookie), open_socket(port_b, cookie)
    for ws in (on_a, on_b):
        assert ws.status == 101
        assert ws.receive_json()["turns"] == 1  # anna moves first
        ws.send_json({"watch": match.pk})
        watching = {"type": "watching", "match": match.pk, "version": match.version}
        assert ws.receive_json() == watching

    # A third process (as the match service would on commit) announces the change.
    processes.command("notify_match", str(match.pk))
    for ws in (on_a, on_b):
        got = [ws.receive_json(), ws.receive_json()]
        assert {"type": "match", "match": match.pk, "version": match.version} in got
        assert {"type": "turns", "count": 1} in got
        ws.close()
