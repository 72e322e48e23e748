"""The embedded PostgreSQL that hexsite starts for itself when no DATABASE_URL is given.

It uses Debian's PostgreSQL binaries (installed by bin/install), keeps its data under
var/postgres in the checkout and listens only on a Unix socket there, so several checkouts on
one machine never collide. PostgreSQL refuses to run as root, so as root the server runs as
the `postgres` system user. Starting is idempotent and guarded by a file lock, so concurrent
processes (test workers, daphne, the task worker) share one server.
"""

from __future__ import annotations

import fcntl
import glob
import os
import pwd
import shutil
import socket
import subprocess
from pathlib import Path

from hexsite.pids import alive_from_file

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("HEXSITE_PGDATA", ROOT / "var" / "postgres"))
SOCKET_DIR = DATA / "socket"
PORT = 5432  # only names the socket file; no TCP listener
# A site for a club: every process keeps a small pool (settings: DB_POOL_MAX), so PostgreSQL's
# own default of 100 connections is plenty, and 32 MB of shared buffers hold its hot pages
# (the kernel caches the rest). Measured by `manage.py bench live` (memory_mb, PSS): PostgreSQL
# 95 -> 83 MB against 300 connections and the default 128 MB, at the same CPU per move.
_SMALL = "-c max_connections=100 -c shared_buffers=32MB"
# For throwaway test clusters only (bin/test sets HEXSITE_PG_FAST): trades crash safety for speed.
_FAST = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"


def program(name: str) -> str:
    """PostgreSQL's program `name` (initdb, pg_ctl, pg_dump...) from the newest Debian package
    installed, else from the PATH."""
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    if found:
        return found[0]
    path = shutil.which(name)
    if path:
        return path
    raise RuntimeError(
        f"PostgreSQL's {name} not found: run bin/install (Debian package postgresql)"
    )


def _as_server_user(args: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return args
    return ["runuser", "-u", "postgres", "--", *args]


def _chown_to_server_user(path: Path) -> None:
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(path, user.pw_uid, user.pw_gid)


def _is_running() -> bool:
    # After a crash or a reboot the socket file and postmaster.pid stay behind, so their
    # presence proves nothing: only a server that accepts a connection counts. (pg_ctl start
    # then replaces the stale files itself.)
    path = SOCKET_DIR / f".s.PGSQL.{PORT}"
    if not path.exists():
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        try:
            probe.connect(str(path))
        except OSError:
            return False
    return True


def postmaster_pid() -> int | None:
    """The server's process id if it is alive (None otherwise): a check that opens no
    connection, for the supervisor of bin/serve (hexsite/serve.py) to run every second."""
    return alive_from_file(DATA / "postmaster.pid")


def ensure_running() -> dict[str, object]:
    """Start the server if needed; return Django DATABASES options to reach it."""
    options = {"HOST": str(SOCKET_DIR), "PORT": str(PORT), "USER": "postgres"}
    if _is_running():
        return options
    DATA.parent.mkdir(parents=True, exist_ok=True)
    with open(DATA.parent / "postgres.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _is_running():
            return options
        if not (DATA / "PG_VERSION").exists():
            DATA.mkdir(parents=True, exist_ok=True)
            _chown_to_server_user(DATA)
            subprocess.run(
                _as_server_user(
                    [
                        program("initdb"),
                        "-D",
                        str(DATA),
                        "-U",
                        "postgres",
                        "--auth=trust",
                        "-E",
                        "UTF8",
                        "--locale=C.UTF-8",
                    ]
                ),
                check=True,
                stdout=subprocess.DEVNULL,
            )
        SOCKET_DIR.mkdir(exist_ok=True)
        _chown_to_server_user(SOCKET_DIR)
        log = DATA / "server.log"
        subprocess.run(
            _as_server_user(
                [
                    program("pg_ctl"),
                    "start",
                    "-w",
                    "-D",
                    str(DATA),
                    "-l",
                    str(log),
                    "-o",
                    f"-k {SOCKET_DIR} -c listen_addresses='' -p {PORT} "
                    f"{_SMALL} {_FAST if os.environ.get('HEXSITE_PG_FAST') else ''}",
                ]
            ),
            check=True,
            stdout=subprocess.DEVNULL,
        )
        _ensure_database("hexsite")
    return options


def _ensure_database(name: str) -> None:
    import psycopg

    with psycopg.connect(
        host=str(SOCKET_DIR), port=PORT, user="postgres", dbname="postgres", autocommit=True
    ) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')


def stop() -> None:
    if (DATA / "postmaster.pid").exists():
        subprocess.run(
            _as_server_user([program("pg_ctl"), "stop", "-D", str(DATA), "-m", "fast"]), check=False
        )
