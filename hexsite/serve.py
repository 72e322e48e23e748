"""bin/serve's supervisor: `python -m hexsite.serve [--host H] [--port P]`.

It starts the web servers (daphne: one per core but one, WEB_PROCESSES to say otherwise; several
share one listening socket it holds) and the task worker (inside the web process when there is
one, else a process of its own: `worker_processes()`) and keeps them, and the embedded
PostgreSQL and Redis when the site uses them (no DATABASE_URL, no REDIS_URL), running: once a
second it looks at each, and whatever died (kill -9, out of memory, a crash) is started again.
The web server and the worker reconnect by themselves once their database is back (a request
or a job that met the outage fails; the next one works). A child that dies again within
`QUICK_EXIT` seconds of its start is restarted after a growing pause (1 s, 2 s ... 30 s), so
a child that cannot start does not spin.

Ctrl-C (or SIGTERM) stops daphne and the worker; the embedded servers stay up, as they do after
any `manage.py` command, for the next start (hexsite/embedded_pg.py, hexsite/embedded_redis.py).

Plain Python with no Django loaded: the supervisor holds no connection that could go stale.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from hexsite import embedded_pg, embedded_redis, web_worker

ROOT = Path(__file__).resolve().parent.parent
CHECK_SECONDS = 1.0
QUICK_EXIT = 10.0
MAX_PAUSE = 30.0
STOP_SECONDS = 10.0


def say(text: str) -> None:
    print(f"hexsite: {text}", flush=True)


def _die_with_parent() -> None:
    # Linux: the child gets SIGTERM if the supervisor itself is killed, even by kill -9.
    with contextlib.suppress(OSError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def next_pause(pause: float, ran_seconds: float) -> float:
    """The pause before starting again what stopped after `ran_seconds` (the last pause was
    `pause`): none after a long run, else growing (1 s, 2 s ... MAX_PAUSE) so that what cannot
    start does not spin. (Also the web process's worker's: hexsite/web_worker.py.)"""
    return min(MAX_PAUSE, max(1.0, pause * 2)) if ran_seconds < QUICK_EXIT else 0.0


class Child:
    """One supervised process, restarted when it exits."""

    def __init__(
        self,
        name: str,
        args: list[str],
        pass_fds: tuple[int, ...] = (),
        env: dict[str, str] | None = None,
    ) -> None:
        self.name, self.args, self.pass_fds, self.env = name, args, pass_fds, env
        self.process: subprocess.Popen | None = None
        self.started_at = 0.0
        self.pause = 0.0
        self.due = 0.0  # when it may start again after a quick exit

    def start(self) -> None:
        self.process = subprocess.Popen(
            self.args,
            cwd=ROOT,
            preexec_fn=_die_with_parent,
            pass_fds=self.pass_fds,
            env=self.env,
        )
        self.started_at = time.monotonic()

    def check(self, now: float) -> None:
        if self.process is None:
            if now >= self.due:
                self.start()
            return
        code = self.process.poll()
        if code is None:
            return
        self.process = None
        self.pause = next_pause(self.pause, now - self.started_at)
        self.due = now + self.pause
        say(f"{self.name} exited ({code}); starting it again in {self.pause:.0f} s")
        if now >= self.due:
            self.start()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()

    def wait(self, deadline: float) -> None:
        if self.process is None:
            return
        try:
            self.process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class Server:
    """An embedded server (Postgres or Redis): started again when its process is gone."""

    def __init__(self, name: str, alive: Callable[[], int | None], start: Callable[[], object]):
        self.name, self.alive, self.start = name, alive, start

    def check(self) -> None:
        if self.alive() is not None:
            return
        say(f"the embedded {self.name} is down; starting it")
        try:
            self.start()
        except Exception as error:  # noqa: BLE001 (try again at the next check)
            # (Postgres refuses to start while the killed server's last processes linger.)
            say(f"the embedded {self.name} did not start yet ({type(error).__name__}); retrying")


def web_processes() -> int:
    """One web process per core but one, at least one (WEB_PROCESSES to say otherwise). A
    daphne process uses one core at most (its Python runs one thread at a time); PostgreSQL,
    the worker and Redis use the rest. Measured with `manage.py bench live` on two cores (issue
    14, README's Benchmarks): two daphnes serve more moves a second under load (200 players: 45
    to 52 against 30) and a move is no faster, for 150 to 240 MB more, past the site's 250 MB.
    A site that needs the throughput sets WEB_PROCESSES=2."""
    cores = os.cpu_count() or 1
    return max(1, int(os.environ.get("WEB_PROCESSES") or cores - 1))


def worker_processes(web: int) -> int:
    """How many task worker processes of their own to start beside `web` web processes:
    WORKER_PROCESSES if set, else none with one web process (that process runs the worker:
    hexsite/web_worker.py) and one with several.

    One Django process less is about 100 MB less (`manage.py bench live`, issue 14) for no loss
    of moves per second or latency on two cores; the price is that a computer's thinking and
    the turn bookkeeping share the web process's GIL with the requests. A site whose computers
    think long, or that scales out, sets WORKER_PROCESSES=1 (or more): every worker, in a web
    process or not, takes jobs from the same PostgreSQL queue."""
    wanted = os.environ.get("WORKER_PROCESSES")
    if wanted:
        return max(0, int(wanted))
    return 0 if web == 1 else 1


def web_env(n: int, workers: int, base: dict[str, str]) -> dict[str, str]:
    """The environment of web process `n` (from 0), `base` plus: the first runs the worker when
    no worker process does."""
    return base if workers or n else {**base, web_worker.ENV: "1"}


def worker_args() -> list[str]:
    return [sys.executable, "manage.py", "procrastinate", "worker"]


def listening_socket(host: str, port: int) -> socket.socket:
    """One listening socket for every web process (the kernel hands each connection to one of
    them); the supervisor keeps it open, so a restarted daphne listens on it again."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, port))
    listener.listen(1024)
    listener.set_inheritable(True)
    return listener


# daphne drops a websocket whose handshake takes over 5 s (a busy machine, a restarting
# database): the page would go deaf until its reconnect.
HANDSHAKE_TIMEOUT = ["--websocket_connect_timeout", "30"]
# daphne, without the TLS and WAMP libraries a web process never uses (hexsite/daphne_web.py).
WEB_MODULE = "hexsite.daphne_web"


def daphne_args(fd: int) -> list[str]:
    """A web process on the shared socket `fd` (also what `manage.py bench live` starts)."""
    return [
        sys.executable,
        "-m",
        WEB_MODULE,
        "--fd",
        str(fd),
        *HANDSHAKE_TIMEOUT,
        "hexsite.asgi:application",
    ]


def supervised(
    host: str, port: int, listener: socket.socket | None = None
) -> tuple[list[Server], list[Child]]:
    servers = []
    if not os.environ.get("DATABASE_URL"):
        servers.append(Server("PostgreSQL", embedded_pg.postmaster_pid, embedded_pg.ensure_running))
    if not os.environ.get("REDIS_URL"):
        servers.append(Server("Redis", embedded_redis.pid, embedded_redis.ensure_running))
    python = sys.executable
    web = web_processes()
    workers = worker_processes(web)
    children = [
        Child("worker" if workers == 1 else f"worker {n + 1}", worker_args())
        for n in range(workers)
    ]
    if listener is None:
        children.append(
            Child(
                "daphne",
                [python, "-m", WEB_MODULE, "-b", host, "-p", str(port), *HANDSHAKE_TIMEOUT]
                + ["hexsite.asgi:application"],
                env=web_env(0, workers, dict(os.environ)),
            )
        )
    else:
        fd = listener.fileno()
        children += [
            Child(
                f"daphne {n + 1}",
                daphne_args(fd),
                pass_fds=(fd,),
                env=web_env(n, workers, dict(os.environ)),
            )
            for n in range(web)
        ]
    return servers, children


def run(host: str, port: int, stop: threading.Event) -> None:
    # Several web processes share a socket the supervisor holds; one binds its own port.
    listener = listening_socket(host, port) if web_processes() > 1 else None
    servers, children = supervised(host, port, listener)
    for server in servers:
        server.check()
    for child in children:
        child.start()
    say(f"serving on http://{host}:{port}/ (Ctrl-C to stop)")
    try:
        while not stop.wait(CHECK_SECONDS):
            for server in servers:
                server.check()
            now = time.monotonic()
            for child in children:
                child.check(now)
    finally:
        for child in children:
            child.stop()
        deadline = time.monotonic() + STOP_SECONDS
        for child in children:
            child.wait(deadline)
        if listener is not None:
            listener.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    options = parser.parse_args(argv)
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    run(options.host, options.port, stop)


if __name__ == "__main__":
    main()
