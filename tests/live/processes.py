"""hexsite's own processes, started for a test as `bin/serve` starts them: daphne and
`manage.py procrastinate worker`, on the test database, each a real separate process. Every
wait is a bounded poll on something observable (a port, a row, a lock), never a sleep.

To stop a process at a known point inside its transaction, a test holds a row lock from a
connection of its own (`row_locked`) and waits until the process waits for it
(`wait_until_stopped_at`). Used by the live-update, stuck-game, fault and scale-out tests."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg
from django.conf import settings
from django.db import connection

from hexsite import serve

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts" / "live"
# Generous on purpose: a bound on a loaded machine (2 cores shared by several test runs), not
# a figure anybody waits for when things work.
PATIENCE = 60.0

# A dead worker is noticed after four missed heartbeats (1 s here), and the worker looks for
# stalled jobs and waiting computer seats every second: the recovery the site does every few
# seconds, fast enough for a test.
FAST_RECOVERY = {"HEXSITE_WORKER_HEARTBEAT": "0.25", "HEXSITE_RECOVERY_SECONDS": "1"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def poll(what: str, check: Callable[[], Any], seconds: float = PATIENCE) -> Any:
    """`check()`'s first truthy answer, asked again and again until `seconds` have passed."""
    deadline = time.monotonic() + seconds
    while True:
        answer = check()
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise TimeoutError(f"still waiting, after {seconds:.0f} s, for {what}")
        time.sleep(0.02)


def wait_for_port(port: int, process: subprocess.Popen, seconds: float = PATIENCE) -> None:
    """Poll until the port accepts connections (bounded), failing fast if the process died."""

    def accepts() -> bool:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args[:3]} exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
        except OSError:
            return False
        return True

    poll(f"port {port}", accepts, seconds)


def database_url() -> str:
    """The test database as a DATABASE_URL, for processes started by the test."""
    db = connection.settings_dict
    host = quote(str(db["HOST"]), safe="") if str(db["HOST"]).startswith("/") else db["HOST"]
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    return f"postgres://{quote(db['USER'])}{password}@{host}:{db['PORT']}/{db['NAME']}"


def site_env(**extra: str) -> dict[str, str]:
    """The environment of `bin/serve` (no REDIS_URL: the embedded Redis) on the test database."""
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "HEXSITE_PGDATA")}
    env.update(DATABASE_URL=database_url(), DJANGO_SETTINGS_MODULE="hexsite.settings", **extra)
    return env


CSRF = "c" * 32  # any well-formed token, sent as cookie and header alike


def post_move(port: int, cookie: str, match, move) -> int:
    """POSTs the move form as the page does; the answer's status."""
    body = f"move={json.dumps(move)}&expected_version={match.version}"
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request(
        "POST",
        f"/m/{match.pk}/move",
        body=body.replace("+", "%2B"),
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"{settings.SESSION_COOKIE_NAME}={cookie}; csrftoken={CSRF}",
            "X-CSRFToken": CSRF,
            "Origin": f"http://127.0.0.1:{port}",
        },
    )
    try:
        return conn.getresponse().status
    finally:
        conn.close()


def session_cookie(client, user) -> str:
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


class Processes:
    """Starts daphne and workers; kills or stops them; stops them all at the end."""

    def __init__(self, env: dict[str, str], name: str) -> None:
        self.env, self.name = env, name
        self.started: list[subprocess.Popen] = []
        ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def _start(
        self, label: str, args: list[str], env: dict[str, str] | None = None
    ) -> subprocess.Popen:
        log = open(ARTIFACTS / f"{self.name}-{label}.log", "a")  # noqa: SIM115 (closed at exit)
        process = subprocess.Popen(
            args, cwd=ROOT, env=env or self.env, stdout=log, stderr=subprocess.STDOUT
        )
        log.close()  # the child has its own copy
        self.started.append(process)
        return process

    def daphne(self, port: int | None = None) -> tuple[subprocess.Popen, int]:
        port = port or free_port()
        process = self._start(
            f"daphne-{port}",
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
            # A loaded machine may take longer than daphne's 5 s to run the first handshake.
            + ["--websocket_connect_timeout", "60", "hexsite.asgi:application"],
        )
        wait_for_port(port, process)
        return process, port

    def web_with_worker(self) -> tuple[subprocess.Popen, int]:
        """daphne running the task worker too, as bin/serve's one web process does
        (hexsite/serve.py, hexsite/web_worker.py); its log's path is `self.log(port)`."""
        port = free_port()
        process = self._start(
            f"daphne-{port}",
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
            + ["--websocket_connect_timeout", "60", "hexsite.asgi:application"],
            env=serve.web_env(0, 0, self.env),
        )
        wait_for_port(port, process)
        return process, port

    def log(self, port: int) -> Path:
        return ARTIFACTS / f"{self.name}-daphne-{port}.log"

    def worker(self, *args: str) -> subprocess.Popen:
        return self._start(
            "worker", [sys.executable, "manage.py", "procrastinate", "worker", *args]
        )

    def command(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            timeout=PATIENCE * 2,
            capture_output=True,
            text=True,
        )

    @staticmethod
    def kill(process: subprocess.Popen) -> None:
        """kill -9: no clean-up of any kind, as an OOM kill or a power cut."""
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=PATIENCE)

    def stop_all(self) -> None:
        for process in reversed(self.started):
            if process.poll() is None:
                process.terminate()
        for process in self.started:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


# --- stopping a process at a known point ---------------------------------------------------


def _connect(dbname: str | None = None, *, autocommit: bool = False) -> psycopg.Connection:
    """A connection of the test's own to the test database (or to `dbname` on its server)."""
    db = connection.settings_dict
    return psycopg.connect(
        host=db["HOST"],
        port=db["PORT"],
        user=db["USER"],
        password=db["PASSWORD"] or None,
        dbname=dbname or db["NAME"],
        autocommit=autocommit,
    )


@contextlib.contextmanager
def row_locked(table: str, row_id: int):
    """Holds `SELECT ... FOR UPDATE` on one row from a connection of its own: whoever needs
    that row next waits right there, inside its transaction, until the block ends."""
    with _connect() as holder:
        holder.execute(f"SELECT id FROM {table} WHERE id = %s FOR UPDATE", (row_id,))
        try:
            yield
        finally:
            holder.rollback()


def waiting_on_a_lock(fragment: str) -> bool:
    """Some other session of the test database waits for a row lock in a query containing
    `fragment`: the process it serves is stopped at that point."""
    with _connect() as probe:
        row = probe.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND wait_event_type = 'Lock' AND query LIKE %s",
            (f"%{fragment}%",),
        ).fetchone()
    return bool(row and row[0])


def wait_until_stopped_at(fragment: str) -> None:
    poll(f"a process waiting for a row lock in {fragment!r}", lambda: waiting_on_a_lock(fragment))
