"""bin/serve supervises what it starts (hexsite/serve.py): kill -9 the embedded PostgreSQL, the
embedded Redis, the worker or daphne, and each is started again; the site answers again
(`/health/` reaches both servers) and the worker runs jobs again. Both ways bin/serve runs the
worker: inside the one web process (the default with one web process: it must start again
after its database came back, and with its daphne) and as a process of its own
(WORKER_PROCESSES=1).

A whole site of its own: a fresh PostgreSQL cluster and Redis under the test's temporary
folder (killing the test database's server would stop every other test), migrated as bin/serve
does, served by `python -m hexsite.serve`."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import psycopg
import pytest

from tests.live.processes import ARTIFACTS, FAST_RECOVERY, PATIENCE, ROOT, free_port, poll

pytestmark = pytest.mark.slow


def children_of(pid: int) -> dict[int, str]:
    """The live child processes of `pid`, with their command lines."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid and fields[0] not in ("Z", "X"):
                found[int(stat.parent.name)] = (stat.parent / "cmdline").read_text()
        except (OSError, IndexError, ValueError):
            continue
    return found


def child(supervisor: subprocess.Popen, word: str) -> int | None:
    return next((p for p, cmd in children_of(supervisor.pid).items() if word in cmd), None)


def health(port: int) -> dict | None:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/health/")
        response = conn.getresponse()
        return json.loads(response.read()) if response.status == 200 else None
    except (OSError, ValueError):
        return None


def pid_in(path: Path) -> int | None:
    try:
        return int(path.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


@pytest.fixture
def folder():
    # Not pytest's tmp_path: as root the database runs as the postgres user, who may not enter
    # root's private temporary folders. The checkout's var/ is where the site keeps its own.
    (ROOT / "var").mkdir(exist_ok=True)
    path = Path(tempfile.mkdtemp(prefix="serve-test-", dir=ROOT / "var"))
    os.chmod(path, 0o755)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(params=["worker in the web process", "worker process"])
def served(folder, request):
    tmp_path = folder
    workers = "0" if request.param == "worker in the web process" else "1"
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(
        DJANGO_SETTINGS_MODULE="hexsite.settings",
        HEXSITE_PGDATA=str(tmp_path / "pg"),
        HEXSITE_PG_FAST="1",
        HEXSITE_REDIS_DIR=str(tmp_path / "redis"),
        WEB_PROCESSES="1",
        WORKER_PROCESSES=workers,
        **FAST_RECOVERY,
    )
    port = free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = open(ARTIFACTS / "serve.log", "w")  # noqa: SIM115 (closed below)
    supervisor = None
    try:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=env,
            check=True,
            timeout=PATIENCE * 3,
        )
        supervisor = subprocess.Popen(
            [sys.executable, "-m", "hexsite.serve", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        poll("the site to answer", lambda: health(port), PATIENCE * 2)
        yield supervisor, port, tmp_path, workers == "1"
    finally:
        if supervisor is not None:
            supervisor.send_signal(signal.SIGTERM)
            supervisor.wait(timeout=PATIENCE)
        log.close()
        stop = "from hexsite import embedded_pg as p, embedded_redis as r; p.stop(); r.stop()"
        subprocess.run([sys.executable, "-c", stop], cwd=ROOT, env=env, timeout=PATIENCE)


def jobs_succeeded(pgdata: Path) -> int:
    with psycopg.connect(host=str(pgdata / "socket"), user="postgres", dbname="hexsite") as db:
        row = db.execute("SELECT count(*) FROM procrastinate_jobs WHERE status='succeeded'")
        return row.fetchone()[0]


def test_whatever_dies_is_started_again_and_the_site_and_worker_work_again(served):
    supervisor, port, folder, worker_process = served
    pgdata = folder / "pg"

    postmaster = pid_in(pgdata / "postmaster.pid")
    os.kill(postmaster, signal.SIGKILL)
    poll("a new PostgreSQL", lambda: pid_in(pgdata / "postmaster.pid") not in (None, postmaster))
    poll("the site to reach it", lambda: health(port))
    # The worker works again: its periodic jobs (every second here) succeed after the outage.
    done = jobs_succeeded(pgdata)
    poll("the worker to run jobs", lambda: jobs_succeeded(pgdata) > done)

    redis = pid_in(folder / "redis" / "redis.pid")
    os.kill(redis, signal.SIGKILL)
    poll("a new Redis", lambda: pid_in(folder / "redis" / "redis.pid") not in (None, redis))
    poll("the site to reach it", lambda: health(port))

    if not worker_process:  # the web process runs the worker: it dies and comes back with it
        assert child(supervisor, "procrastinate") is None
    for word in ("procrastinate", "daphne") if worker_process else ("daphne",):
        before = poll(f"the {word} process", lambda w=word: child(supervisor, w))
        os.kill(before, signal.SIGKILL)
        poll(
            f"a new {word} process", lambda w=word, b=before: child(supervisor, w) not in (None, b)
        )
    poll("the site to answer", lambda: health(port))
    done = jobs_succeeded(pgdata)
    poll("the new worker to run jobs", lambda: jobs_succeeded(pgdata) > done)
    assert supervisor.poll() is None
