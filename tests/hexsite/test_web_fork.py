"""Several web processes forked from one parent that imported the site (hexsite/web_fork.py, what
bin/serve starts when WEB_PROCESSES > 1): nothing that must be a process's own crosses the fork,
the children serve on the shared socket and run the task worker, a child that dies is forked
again, and SIGTERM stops them all. Real processes on the test database."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import urllib.request

import pytest

from hexsite import serve
from hexsite.bench_live.servers import children_of
from tests.live.processes import ARTIFACTS, PATIENCE, ROOT, poll, site_env, wait_for_port

pytestmark = [pytest.mark.slow]

AFTER_PRELOAD = """
import json, sys, threading
from hexsite import web_fork
web_fork.preload()
from django.db import connections
from django.template import engines
def cached(loaders):  # the cached loader's templates, whatever loader wraps it
    for loader in loaders:
        if hasattr(loader, "get_template_cache"):
            return len(loader.get_template_cache)
        found = cached(getattr(loader, "loaders", []))
        if found:
            return found
    return 0
print(json.dumps({
    "reactor": "twisted.internet.reactor" in sys.modules,
    "daphne_server": "daphne.server" in sys.modules,
    "threads": threading.active_count(),
    "connections": [c.alias for c in connections.all() if c.connection is not None],
    "django_loaded": "games.matches.models" in sys.modules,
    "templates_compiled": cached(engines["django"].engine.template_loaders),
}))
"""


def test_the_parent_holds_no_reactor_thread_or_connection_when_it_forks():
    done = subprocess.run(
        [sys.executable, "-c", AFTER_PRELOAD],
        cwd=ROOT,
        env=site_env(),
        capture_output=True,
        text=True,
        timeout=PATIENCE * 2,
    )
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout.strip().splitlines()[-1])
    # Each child makes its own event loop when it imports daphne.server after the fork: an epoll
    # made before it would be shared by every child.
    assert state["reactor"] is False and state["daphne_server"] is False
    assert state["threads"] == 1 and state["connections"] == []
    assert state["django_loaded"] and state["templates_compiled"] > 100  # what children share


def _health(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=10) as answer:
            return answer.status == 200
    except OSError:
        return False


@pytest.fixture
def forked_site(transactional_db):
    listener = serve.listening_socket("127.0.0.1", 0)
    port = listener.getsockname()[1]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / f"web-fork-{port}.log"
    with open(log_path, "w") as log:
        parent = subprocess.Popen(
            serve.web_fork_args(listener.fileno(), 2, workers=0),
            cwd=ROOT,
            env=site_env(),
            stdout=log,
            stderr=subprocess.STDOUT,
            pass_fds=[listener.fileno()],
        )
    listener.close()  # the parent holds it now
    try:
        wait_for_port(port, parent)
        yield parent, port, log_path
    finally:
        if parent.poll() is None:
            parent.terminate()
        try:
            parent.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            parent.kill()
            parent.wait()


def test_forked_children_serve_run_the_worker_come_back_and_stop(forked_site):
    parent, port, log_path = forked_site
    children = poll("two web processes", lambda: len(children_of(parent.pid)) == 2 or None)
    children = set(children_of(parent.pid))
    assert len(children) == 2
    assert poll("the site's health", lambda: _health(port))
    # The first child runs the task worker (hexsite/web_worker.py says when it is ready).
    poll("the worker", lambda: "Launching a worker in the web process" in log_path.read_text())

    # A child killed outright (out of memory, kill -9) is forked again from the parent.
    victim = min(children)
    subprocess.run(["kill", "-9", str(victim)], check=True)
    poll(
        "a new web process in place of the killed one",
        lambda: len(set(children_of(parent.pid)) - {victim}) == 2 or None,
    )
    assert poll("the site's health after the restart", lambda: _health(port))

    # SIGTERM: the children stop (daphne's graceful stop), then the parent.
    last = set(children_of(parent.pid))
    parent.send_signal(signal.SIGTERM)
    assert parent.wait(timeout=PATIENCE) == 0
    assert not any(children_of(parent.pid)) and all(not _alive(pid) for pid in last)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[1][0] != "Z"
    except OSError:
        return False
