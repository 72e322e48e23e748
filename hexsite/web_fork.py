"""Several daphne processes forked from one parent that imported the site: bin/serve's web
processes when there are several (hexsite/serve.py), as gunicorn's "preload" does for its
workers. `python -m hexsite.web_fork --fd FD --processes N [--worker-in K]`.

Why: a web process is about 140 MB, of which the imported modules (Django, ours, Channels,
procrastinate) are most. Started one by one, two daphnes hold two copies. Forked from a parent
that imported them and froze them out of the garbage collector (`gc.freeze`, as hexsite/asgi.py
does), the children share those pages with the parent until they write them, so a second web
process costs its own allocations rather than a second copy of everything (issue 14's memory
goal, measured by `manage.py bench live` as PSS, which splits a shared page among its sharers).

What must not cross the fork, and how it does not:
- An event loop. Daphne's Django app imports `daphne.server`, which installs Twisted's asyncio
  reactor and makes its event loop (an epoll descriptor) at import: children sharing one epoll
  would see each other's sockets. The parent imports the site with a placeholder for that
  module; each child imports the real one after the fork, and so has its own reactor.
- Connections and threads. The parent opens no database, Redis or channel layer connection and
  starts no thread (importing the site does neither); each child opens its own on first use.
- The random module's state, which every child would otherwise repeat: each child reseeds it.
  (Secrets, session keys and match seeds come from `secrets`/os.urandom, per process anyway.)

The parent keeps its children: one that exits is forked again (after serve.py's growing pause
when it exits quickly), from the same clean parent. SIGTERM or SIGINT stops the children (daphne
stops gracefully on SIGTERM, the worker first finishing its job: hexsite/web_worker.py) and then
the parent. Children die with the parent even when it is killed (PR_SET_PDEATHSIG).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import random
import signal
import sys
import time
import types

from hexsite.serve import HANDSHAKE_TIMEOUT, die_with_parent, next_pause, say

CHECK_SECONDS = 0.5
STOP_SECONDS = 30.0


def preload() -> None:
    """Imports the site as a web process would, minus daphne's reactor (see the docstring)."""
    sys.modules["daphne.server"] = types.ModuleType("daphne.server")  # the placeholder
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hexsite.settings")
    os.environ.pop("WEB_RUNS_WORKER", None)  # a child asks for it (`--worker-in`), not the parent
    import hexsite.asgi  # noqa: F401 (Django set up, the application built)

    _import_tasks()
    del sys.modules["daphne.server"]
    # Daphne's protocols and Twisted's modules (not its reactor, which importing these leaves
    # alone) are a good part of a web process: import them once here too.
    for module in SHARED_MODULES:
        __import__(module)
    warm_up()
    if "twisted.internet.reactor" in sys.modules:
        raise RuntimeError("a reactor was installed before the fork")
    gc.freeze()


def _import_tasks() -> None:
    """Every task module, shared like the rest (procrastinate's app needs Django set up)."""
    from procrastinate.contrib.django import app

    app.perform_import_paths()


SHARED_MODULES = (
    "twisted.internet.asyncioreactor",
    "twisted.internet.endpoints",
    "twisted.logger",
    "twisted.web.http",
    "daphne.http_protocol",
    "daphne.ws_protocol",
)


def warm_up() -> None:
    """What each process would otherwise build for itself on its first requests, built once:
    the URL patterns, the translation catalogues, every template compiled (the cached loader)."""
    from pathlib import Path

    from django.conf import settings
    from django.template import TemplateDoesNotExist, TemplateSyntaxError
    from django.template.loader import get_template
    from django.urls import get_resolver
    from django.utils import translation

    get_resolver().url_patterns  # noqa: B018 (the property imports and builds them)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            pass
    for engine in settings.TEMPLATES:
        dirs = [Path(d) for d in engine.get("DIRS", [])]
    from django.apps import apps

    dirs += [Path(a.path) / "templates" for a in apps.get_app_configs()]
    for folder in dirs:
        for path in folder.rglob("*.html"):
            try:
                get_template(str(path.relative_to(folder)))
            except (TemplateDoesNotExist, TemplateSyntaxError):
                continue  # a fragment only another template includes


def serve_child(fd: int, runs_worker: bool) -> int:
    """In a forked child: daphne on the shared socket, with the task worker if asked."""
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, signal.SIG_DFL)  # daphne (Twisted) installs its own
    die_with_parent()
    random.seed()
    import daphne.server  # noqa: F401 (this process's own reactor and event loop)

    if runs_worker:
        from hexsite import web_worker

        web_worker.start()
    from daphne.cli import CommandLineInterface

    CommandLineInterface().run(["--fd", str(fd), *HANDSHAKE_TIMEOUT, "hexsite.asgi:application"])
    return 0


class Parent:
    def __init__(self, fd: int, processes: int, worker_in: int) -> None:
        self.fd, self.processes, self.worker_in = fd, processes, worker_in
        self.children: dict[int, int] = {}  # pid -> child number
        self.started: dict[int, float] = {}  # child number -> when it last started
        self.pause: dict[int, float] = {}
        self.due: dict[int, float] = {}  # child number -> when it may start again
        self.stopping = False

    def fork(self, n: int) -> None:
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                code = serve_child(self.fd, runs_worker=n == self.worker_in)
            finally:
                os._exit(code)  # never the parent's atexit handlers or finally blocks
        self.children[pid] = n
        self.started[n] = time.monotonic()

    def stop(self, *_args) -> None:
        self.stopping = True
        for pid in self.children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    def reap(self) -> None:
        """Collects exited children and schedules each again (unless stopping)."""
        while self.children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            n = self.children.pop(pid, None)
            if n is None or self.stopping:
                continue
            now = time.monotonic()
            self.pause[n] = next_pause(self.pause.get(n, 0.0), now - self.started[n])
            self.due[n] = now + self.pause[n]
            code = os.waitstatus_to_exitcode(status)
            say(f"daphne {n + 1} exited ({code}); starting it again in {self.pause[n]:.0f} s")

    def run(self) -> None:
        signal.signal(signal.SIGTERM, self.stop)
        signal.signal(signal.SIGINT, self.stop)
        for n in range(self.processes):
            self.fork(n)
        while not self.stopping:
            time.sleep(CHECK_SECONDS)
            self.reap()
            now = time.monotonic()
            for n in [n for n, due in self.due.items() if now >= due and not self.stopping]:
                del self.due[n]
                self.fork(n)
        deadline = time.monotonic() + STOP_SECONDS
        while self.children and time.monotonic() < deadline:
            time.sleep(0.1)
            self.reap()
        for pid in self.children:
            os.kill(pid, signal.SIGKILL)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fd", type=int, required=True, help="the shared listening socket")
    parser.add_argument("--processes", type=int, required=True)
    parser.add_argument(
        "--worker-in", type=int, default=-1, help="the child that runs the task worker"
    )
    options = parser.parse_args(argv)
    preload()
    Parent(options.fd, options.processes, options.worker_in).run()


if __name__ == "__main__":
    main()
