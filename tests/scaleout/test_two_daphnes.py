"""Two daphne processes share one Redis channel layer: a change announced by another process
reaches the websockets open on both. Real Redis, real daphne, the real test database."""

from __future__ import annotations

import subprocess

import pytest
from django.conf import settings
from django.test import Client

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

    # A visitor not signed in may open a socket (public matches are watched live) but not
    # watch this private match.
    visitor = open_socket(port_b, None)
    assert visitor.status == 101 and visitor.receive_json() == {"type": "hello"}
    visitor.send_json({"watch": match.pk})
    assert visitor.receive_json() == {"type": "error", "error": "forbidden", "match": match.pk}
    visitor.close()
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
        assert {"type": "match", "match": match.pk, "version": match.version, "played": True} in got
        assert {"type": "turns", "count": 1} in got
        ws.close()


def _post_move(port: int, cookie: str, match) -> int:
    """anna's browser on daphne `port`: loads the page (CSRF cookie and token), posts a move."""
    import http.client
    import json
    import re
    from urllib.parse import urlencode

    from games.engine.registry import get_system

    system = get_system(match.system)
    state = system.state_from_json(match.snapshot)
    (seat,) = system.to_act(state)
    session = f"{settings.SESSION_COOKIE_NAME}={cookie}"
    http = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    http.request("GET", f"/m/{match.pk}/", headers={"Cookie": session})
    page = http.getresponse()
    html = page.read().decode()
    assert page.status == 200, page.status
    set_cookie = " ".join(value for name, value in page.getheaders() if name == "Set-Cookie")
    csrf_cookie = re.search(rf"{settings.CSRF_COOKIE_NAME}=([^;]+)", set_cookie).group(1)
    token = re.search(r'<meta name="csrf-token" content="([^"]+)"', html).group(1)
    body = urlencode(
        {"move": json.dumps(system.legal_moves(state, seat)[0]), "expected_version": match.version}
    )
    http.request(
        "POST",
        f"/m/{match.pk}/move",
        body=body,
        headers={
            "Cookie": f"{session}; csrftoken={csrf_cookie}",
            "X-CSRFToken": token,
            "HX-Request": "true",
            "Content-Type": "application/x-www-form-urlencoded",
        },
    )
    answer = http.getresponse()
    answer.read()
    http.close()
    return answer.status


def test_a_move_through_one_daphne_is_pushed_to_the_opponent_s_page_on_the_other(cluster):
    (port_a, port_b), _processes = cluster
    from games.matches import services

    anna, bruno = make_player("anna"), make_player("bruno")
    # A registered system (the servers do not know the tests' own "claim").
    match = services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "borgo"]},
        seat_users=[anna, bruno],
        is_public=False,
    )
    cookies = {}
    for user in (anna, bruno):  # a browser each (a second sign-in would end the first session)
        browser = Client()
        browser.force_login(user)
        cookies[user.username] = browser.cookies[settings.SESSION_COOKIE_NAME].value
    bruno_page = open_socket(port_b, cookies["bruno"])
    assert bruno_page.receive_json()["turns"] == 0  # anna moves first
    bruno_page.send_json({"watch": match.pk, "push": True})
    watching = {"type": "watching", "match": match.pk, "version": match.version}
    assert bruno_page.receive_json() == watching

    assert _post_move(port_a, cookies["anna"], match) == 200
    message = bruno_page.receive_json()
    while message["type"] == "turns":
        message = bruno_page.receive_json()
    # Drawn by daphne B for bruno, from bruno's view, with what anna's move changed.
    assert message["type"] == "partials" and message["version"] == match.version + 1
    assert 'id="board"' in message["html"] and 'id="hand"' in message["html"]
    bruno_page.close()
