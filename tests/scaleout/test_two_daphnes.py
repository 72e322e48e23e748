"""Two daphne processes share one Redis channel layer: a change announced by another process
reaches the websockets open on both. Real Redis, real daphne, the real test database."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection

from tests.clock.support import make_player, start_match
from tests.scaleout.wsclient import WebSocket

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "scaleout"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, seconds: float = 60) -> None:
    """Poll until the port accepts connections (bounded), failing fast if the process died."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args[0]} exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"port {port} never opened")


def database_url() -> str:
    db = connection.settings_dict
    host = quote(str(db["HOST"]), safe="") if str(db["HOST"]).startswith("/") else db["HOST"]
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    return f"postgres://{quote(db['USER'])}{password}@{host}:{db['PORT']}/{db['NAME']}"


@pytest.fixture
def cluster(transactional_db):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    redis_port, ports = free_port(), [free_port(), free_port()]
    processes = []
    try:
        redis = subprocess.Popen(
            ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1"]
            + ["--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )
        processes.append(redis)
        wait_for_port(redis_port, redis)
        env = {
            **os.environ,
            "DATABASE_URL": database_url(),
            "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
            "DJANGO_SETTINGS_MODULE": "hexsite.settings",
        }
        for name, port in zip("AB", ports, strict=True):
            log = open(ARTIFACTS / f"daphne-{name}.log", "w")  # noqa: SIM115 (closed with the process)
            processes.append(
                subprocess.Popen(
                    [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
                    # A loaded machine may take longer than daphne's 5 s to run the first
                    # handshake (Django's first request loads the app and connects).
                    + ["--websocket_connect_timeout", "60", "hexsite.asgi:application"],
                    cwd=ROOT,
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
        for process, port in zip(processes[1:], ports, strict=True):
            wait_for_port(port, process)
        yield ports, env
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def open_socket(port: int, cookie: str | None) -> WebSocket:
    headers = {"Origin": f"http://127.0.0.1:{port}"}
    if cookie:
        headers["Cookie"] = f"{settings.SESSION_COOKIE_NAME}={cookie}"
    return WebSocket("127.0.0.1", port, "/ws/notify/", headers, timeout=60.0)


def test_a_change_reaches_websockets_on_both_daphnes(cluster, client):
    (port_a, port_b), env = cluster
    anna, bruno = make_player("anna"), make_player("bruno")
    match = start_match(anna, bruno, is_public=False)
    client.force_login(anna)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value

    assert open_socket(port_b, None).status == 403  # anonymous: refused at the handshake
    on_a, on_b = open_socket(port_a, cookie), open_socket(port_b, cookie)
    for ws in (on_a, on_b):
        assert ws.status == 101
        ws.send_json({"watch": match.pk})
        assert ws.receive_json() == {"type": "watching", "match": match.pk}

    # A third process (as the match service would on commit) announces the change.
    subprocess.run(
        [sys.executable, "manage.py", "notify_match", str(match.pk)],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=120,
        capture_output=True,
    )
    for ws in (on_a, on_b):
        got = [ws.receive_json(), ws.receive_json()]
        assert {"type": "match", "match": match.pk, "version": match.version, "played": True} in got
        assert {"type": "turns", "count": 1} in got
        ws.close()
