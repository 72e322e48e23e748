"""The embedded Redis that carries websocket nudges between hexsite's processes when no
REDIS_URL is given (the way hexsite/embedded_pg.py gives a database when no DATABASE_URL is).

`bin/serve` runs two processes at least, daphne (the pages' websockets) and the task worker
(the computer's moves, losses on time): a change made by the worker must reach the sockets that
daphne holds, so they need one channel layer outside both. This is Debian's redis-server
(installed by bin/install), with its socket and files under var/redis in the checkout and no
TCP listener, so several checkouts on one machine never collide. It keeps nothing on disk (a
channel layer holds only messages in flight). Starting is idempotent and guarded by a file
lock, so concurrent processes (daphne, the worker, `manage.py` commands) share one server, and
the files a killed server left behind are cleared before a new one starts.

`EmbeddedRedisChannelLayer` is channels_redis' pub/sub layer on that socket (settings.py says
why pub/sub); it starts the server the first time a process asks for its channel layer, not
when settings are read.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

from channels_redis.pubsub import RedisPubSubChannelLayer

from hexsite.pids import alive_from_file

ROOT = Path(__file__).resolve().parent.parent
DIR = Path(os.environ.get("HEXSITE_REDIS_DIR", ROOT / "var" / "redis"))
START_SECONDS = 10.0  # how long a starting server may take to answer (a loaded machine)
_SOCKET_PATH_MAX = 107  # sun_path holds 108 bytes with the final NUL


def socket_path() -> Path:
    return DIR / "redis.sock"


def pid_file() -> Path:
    return DIR / "redis.pid"


def url() -> str:
    return f"unix://{socket_path()}"


def is_running() -> bool:
    """A server answers PING on the socket. A socket file alone proves nothing: a killed
    server leaves it behind."""
    path = socket_path()
    if not path.exists():
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        probe.settimeout(2.0)
        try:
            probe.connect(str(path))
            probe.sendall(b"PING\r\n")
            return probe.recv(64).startswith(b"+PONG")
        except OSError:
            return False


def pid() -> int | None:
    """The server's process id if it is alive (None otherwise)."""
    return alive_from_file(pid_file())


def _server_binary() -> str:
    found = shutil.which("redis-server") or (
        "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None
    )
    if found is None:
        raise RuntimeError("redis-server not found: run bin/install (Debian package redis-server)")
    return found


def ensure_running() -> str:
    """Start the server if needed; return the URL of its socket."""
    if is_running():
        return url()
    if len(str(socket_path()).encode()) > _SOCKET_PATH_MAX:
        raise RuntimeError(f"the Redis socket path is too long for a Unix socket: {socket_path()}")
    DIR.mkdir(parents=True, exist_ok=True)
    with open(DIR / "start.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if is_running():
            return url()
        # What a killed server left behind: the socket would refuse the new one's bind.
        for stale in (socket_path(), pid_file()):
            stale.unlink(missing_ok=True)
        subprocess.run(
            [
                _server_binary(),
                "--port",
                "0",
                "--unixsocket",
                str(socket_path()),
                "--unixsocketperm",
                "700",
                "--save",
                "",
                "--appendonly",
                "no",
                "--daemonize",
                "yes",
                "--pidfile",
                str(pid_file()),
                "--logfile",
                str(DIR / "redis.log"),
                "--dir",
                str(DIR),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        # The daemon forks before it listens: poll, bounded.
        deadline = time.monotonic() + START_SECONDS
        while not is_running():
            if time.monotonic() > deadline:
                raise RuntimeError(f"the embedded Redis did not start: see {DIR / 'redis.log'}")
            time.sleep(0.02)
    return url()


def stop() -> None:
    """Stop the server (nothing to keep: the layer holds only messages in flight)."""
    server = pid()
    if server is None:
        return
    try:
        os.kill(server, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + START_SECONDS
    while pid() is not None and time.monotonic() < deadline:
        time.sleep(0.02)


class EmbeddedRedisChannelLayer(RedisPubSubChannelLayer):
    """channels_redis' pub/sub layer on the embedded server, started the first time this process
    asks for its channel layer. `prefix` keeps apart the messages of two databases served from
    one checkout (the site's and a test run's): their match ids overlap."""

    def __init__(self, prefix: str = "asgi", socket_timeout: float = 30, **kwargs) -> None:
        host = {"address": ensure_running(), "socket_timeout": socket_timeout}
        super().__init__(hosts=[host], prefix=prefix, **kwargs)
