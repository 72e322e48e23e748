"""The task worker inside a web process: procrastinate's worker on daphne's event loop.

On a one-machine site `bin/serve` (hexsite/serve.py) runs one daphne and, rather than a second
Django process for the worker (about 100 MB of the same modules, measured by `manage.py bench
live`), asks that daphne to run the worker too: it sets WEB_RUNS_WORKER in its environment and
hexsite/asgi.py calls `start()`. Nothing else starts a worker here (the tests' live servers,
another ASGI server, a management command).

It is the worker `manage.py procrastinate worker` runs: the same app, tasks, periodic jobs and
PROCRASTINATE_WORKER_DEFAULTS (heartbeat, stalled timeout, and the Django contrib's middleware
that hands each job's database connection back after the job), on a connector of its own
(procrastinate's psycopg pool, as that command uses; the jobs themselves use Django's
connections). Synchronous jobs run in the event loop's pool of threads, as requests do
(hexsite/http.py); asynchronous ones on the loop. Jobs deferred from a job go through Django's
connection of the job's thread, inside the job's transaction, as from a request.

The trade-off: a computer's thinking and the turn bookkeeping share the web process's GIL with
the requests. Measured on two cores it costs the players nothing (issue 14, README
"Benchmarks"); a site whose computers think long runs a separate worker with WORKER_PROCESSES=1
(hexsite/serve.py).

The worker is kept running: when it stops by itself (its database went away: a side task
failed) or fails to start, the error is logged and it starts again after a pause growing as
serve.py's for a child process that exits quickly (1 s, 2 s ... 30 s). When daphne stops, the
worker stops first, finishing the job it runs (at most SHUTDOWN_SECONDS); a job cut short by a
kill is run again by another worker (hexsite/tasks.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sys
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)

ENV = "WEB_RUNS_WORKER"  # set by hexsite/serve.py for the one web process that runs the worker
READY = "Launching a worker in the web process"  # what `manage.py bench live` waits for
SHUTDOWN_SECONDS = 20.0
APPLICATION_NAME = "hexsite web worker"
# procrastinate's psycopg pool: fetching, finishing, heartbeats, periodic deferrals, one at a
# time or nearly (the LISTEN connection is one more, outside the pool). psycopg_pool's default
# keeps 4 connections open, each a PostgreSQL backend of several MB. Its default wait for a
# connection, 30 s, is also how long a worker whose database went away takes for each step of
# its stop (the running job's status, its own unregistering) before it can start again.
POOL = {"min_size": 1, "max_size": 2, "timeout": 10}


def asked() -> bool:
    return os.environ.get(ENV) == "1"


def worker_app():
    """procrastinate's Django app with a connector of its own, for one run of the worker."""
    from procrastinate import App, psycopg_connector
    from procrastinate.contrib.django import app, utils

    # Named, so that pg_stat_activity tells its connections from the requests'.
    params = {**utils.connector_params(), "application_name": APPLICATION_NAME}
    connector = psycopg_connector.PsycopgConnector(kwargs=params, **POOL)
    # As App.with_connector (deprecated for the global app's sake): the same tasks and periodic
    # jobs, the Django app left on Django's connection for the deferrals of requests and jobs.
    worker = App(
        connector=connector, import_paths=app.import_paths, worker_defaults=app.worker_defaults
    )
    worker.tasks = app.tasks
    worker.periodic_registry = app.periodic_registry
    worker.periodic_defaults = app.periodic_defaults
    return worker


async def run_once(stopping: asyncio.Event) -> None:
    """One worker, from opening its connections until it stops (by itself or asked to)."""
    app = worker_app()
    async with app.open_async():
        print(f"{READY} on all queues", file=sys.stderr, flush=True)
        run = asyncio.create_task(app.run_worker_async(install_signal_handlers=False))
        stop = asyncio.create_task(stopping.wait())
        await asyncio.wait([run, stop], return_when=asyncio.FIRST_COMPLETED)
        if not run.done():
            run.cancel()  # procrastinate stops gracefully: the running job finishes
            await asyncio.wait([run], timeout=SHUTDOWN_SECONDS)
        stop.cancel()
        if run.done() and not run.cancelled():
            run.result()  # raises what stopped it


async def keep_running(
    stopping: asyncio.Event,
    once: Callable[[asyncio.Event], Awaitable[None]] = run_once,
    pause: Callable[[float], Awaitable[object]] | None = None,
) -> None:
    """Runs the worker until `stopping` is set, starting it again whenever it stops."""
    from hexsite.serve import next_pause

    wait = pause or (lambda seconds: asyncio.wait_for(stopping.wait(), seconds))
    seconds = 0.0
    while not stopping.is_set():
        started = time.monotonic()
        try:
            await once(stopping)
            if stopping.is_set():
                return
            log.error("the web process's worker stopped by itself")
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the web process's worker failed")
        seconds = next_pause(seconds, time.monotonic() - started)
        log.error("starting the web process's worker again in %.0f s", seconds)
        with contextlib.suppress(TimeoutError):
            await wait(seconds)


def start() -> None:
    """Under daphne (its asyncio reactor is installed before the application is imported):
    runs the worker on the reactor's event loop once it runs, and stops it before the reactor
    stops."""
    from procrastinate.contrib.django import app
    from twisted.internet import defer, reactor

    app.perform_import_paths()  # every task module, before asgi.py freezes what is loaded
    loop = reactor._asyncioEventloop  # type: ignore[attr-defined]
    stopping = asyncio.Event()
    task: list[asyncio.Task] = []

    def begin() -> None:
        task.append(loop.create_task(keep_running(stopping), name="web process worker"))

    def end():
        if not task:
            return None
        stopping.set()
        return defer.Deferred.fromFuture(asyncio.ensure_future(_finish(task[0]), loop=loop))

    reactor.callWhenRunning(begin)
    reactor.addSystemEventTrigger("before", "shutdown", end)


async def _finish(task: asyncio.Task) -> None:
    done, _ = await asyncio.wait([task], timeout=SHUTDOWN_SECONDS + 5)
    if not done:
        task.cancel()
