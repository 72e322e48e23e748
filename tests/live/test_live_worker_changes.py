"""Live in the default setup: with no REDIS_URL, as `bin/serve` runs the site, what the worker
process changes (the computer's move, a loss on time) reaches the websocket of a page that
daphne, another process, holds open. Both start the embedded Redis on demand and share it.

Real daphne, real `manage.py procrastinate worker`, real Redis, the test database."""

from __future__ import annotations

import os
import signal

import pytest

from games.clock import tasks as clock_tasks
from games.engine.registry import get_system
from games.matches import services
from games.matches.models import Match
from hexsite import embedded_redis
from tests.clock.support import make_player
from tests.live.processes import poll, session_cookie
from tests.live.wsclient import WebSocket

pytestmark = pytest.mark.django_db(transaction=True)


def watch(port: int, cookie: str, match_id: int) -> WebSocket:
    ws = WebSocket(
        "127.0.0.1",
        port,
        "/ws/notify/",
        {"Origin": f"http://127.0.0.1:{port}", "Cookie": f"sessionid={cookie}"},
        timeout=60.0,
    )
    assert ws.status == 101
    assert ws.receive_json()["type"] == "hello"
    ws.send_json({"watch": match_id})
    watching = ws.receive_json()
    assert watching["type"] == "watching" and watching["match"] == match_id
    return ws


def next_version_announced(ws: WebSocket, match_id: int) -> int:
    """The version of the next "match changed" message (turn counts may come first)."""
    while True:
        message = ws.receive_json()
        if message.get("type") == "match" and message["match"] == match_id:
            return message["version"]


def test_the_workers_changes_reach_the_open_page_without_redis_url(site, client):
    anna = make_player("anna")
    match = services.match_create(
        system="neuroshima", config={}, seat_users=[anna, None], bot_levels={1: 1}
    )
    match = Match.objects.get(pk=match.pk)
    _daphne, port = site.daphne()
    site.worker()
    page = watch(port, session_cookie(client, anna), match.pk)

    # anna places her HQ here, in the test process; the computer answers in the worker.
    system = get_system("neuroshima")
    anna_move = system.legal_moves(system.state_from_json(match.snapshot), 0)[0]
    services.match_submit_move(
        match_id=match.pk, user=anna, move_data=anna_move, expected_version=match.version
    )
    assert next_version_announced(page, match.pk) == match.version + 2
    match.refresh_from_db()
    assert match.records.get(seq=match.version).seat == 1  # the computer's move, announced

    # anna runs out of time: the worker's minute tick ends the match, and the page hears it.
    # (The worker queued the coming minute's tick already: this one is anna's, under its own lock.)
    late = match.seats.get(index=0).deadline
    tick = clock_tasks.clock_tick.configure(queueing_lock=f"late-{match.pk}")
    tick.defer(timestamp=int(late.timestamp()) + 60)
    assert next_version_announced(page, match.pk) == match.version + 1
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    page.close()


def test_a_page_open_when_redis_dies_hears_again_once_it_is_back(
    site, client, tmp_path, monkeypatch
):
    anna, bruno = make_player("anna"), make_player("bruno")
    match = services.match_create(system="neuroshima", config={}, seat_users=[anna, bruno])
    _daphne, port = site.daphne()
    cookie = session_cookie(client, anna)
    page = watch(port, cookie, match.pk)
    monkeypatch.setattr(embedded_redis, "DIR", tmp_path / "redis")  # daphne's Redis
    os.kill(embedded_redis.pid(), signal.SIGKILL)
    embedded_redis.ensure_running()  # as bin/serve's supervisor does within a second

    # The same socket, still open: the web process subscribes again once Redis is back
    # (redis-py, under channels_redis' pub/sub layer). A change announced before that is lost
    # to it, and the page's heartbeat (every minute, static/js/site.js) learns the version;
    # so another process announces until the page hears.
    page.sock.settimeout(1.0)

    def heard() -> bool:
        site.command("notify_match", str(match.pk))
        try:
            return next_version_announced(page, match.pk) == match.version
        except TimeoutError:
            return False

    assert poll("the open page to hear of a change again", heard)
    page.close()
