"""Django's HTTP handling under daphne in one hop to a worker thread per request.

Django's own ASGIHandler runs a site whose middleware is synchronous (ours, allauth's,
WhiteNoise's) through five or six thread hops per request: the request_started signal, the
middleware chain, back to the event loop for the view's async wrapper (`async_to_sync` under the
last synchronous middleware), the view, the template response's rendering, the response's close
(request_finished). Each hop wakes the event loop, which also carries every open websocket of
the process, and each request starts a thread of its own (`ThreadSensitiveContext`). Profiled
under `manage.py bench live` (issue 14) that bookkeeping was a large share of a move's server
time and its wait.

Here the event loop reads the body, one call on the loop's pool of reused threads does all of
Django's work (signals, middleware, view, rendering, close), and the loop sends the answer: the
same middleware and views, the same signals in the same order, synchronous all the way down, as
under WSGI. A streaming answer (a static file) is closed after it was sent, as Django does.

Django's handler also cancels a view whose client went away; a synchronous view runs to its end
in its thread either way, so nothing is lost by not listening for the disconnect.

What a request tells others (the websocket nudges of a move, the players' turn counts:
`after_answer`) is sent by the event loop once the view returned, while the answer goes out,
instead of the request's thread waiting for each round trip to the channel layer before it may
answer: measured under `manage.py bench live` (issue 14), a move's view spent a quarter of its
time waiting so. Sending them at once, while the answer was drawn, was measured too: the other
player's page got its push no sooner, and the mover waited a little longer.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextvars import ContextVar

from asgiref.sync import sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers import base
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse, HttpResponseBase
from django.urls import set_script_prefix

log = logging.getLogger(__name__)

# The sends a request queued (after_answer); None outside a request served here.
_after_answer: ContextVar[list[Callable[[], Awaitable[None]]] | None] = ContextVar(
    "after_answer", default=None
)
# The last batch's task: each batch waits for the one before, so the sends go one at a time
# and in order (a nudge for version 5 before 6's). Let loose at once, a burst of moves had more
# sends in flight than the channel layer's hundred Redis connections (MaxConnectionsError).
_last_batch: asyncio.Task | None = None


def after_answer(send: Callable[[], Awaitable[None]]) -> bool:
    """Queues `send` (an async function: best effort, its errors are logged) to run on the event
    loop once the current request's view has returned; False when no request served by
    `OneHopASGIHandler` is running in this thread (a test client, the worker, a websocket
    consumer): the caller sends by itself then."""
    queued = _after_answer.get()
    if queued is None:
        return False
    queued.append(send)
    return True


async def _send_queued(
    queued: list[Callable[[], Awaitable[None]]], before: asyncio.Task | None
) -> None:
    if before is not None:
        await asyncio.wait([before])  # its errors were logged by itself
    for send in queued:
        try:
            await send()
        except Exception as error:  # noqa: BLE001 (the request's change stands)
            log.warning("sent after the answer failed (%s): %s", type(error).__name__, error)


class OneHopASGIHandler(ASGIHandler):
    def __init__(self) -> None:
        base.BaseHandler.__init__(self)
        self.load_middleware(is_async=False)  # synchronous all the way down, in one thread

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django serves HTTP here, not {scope['type']}.")
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        # thread_sensitive=False: the loop's pool of reused threads (Django's database
        # connections are per thread and go back to the pool at request_finished).
        queued: list[Callable[[], Awaitable[None]]] = []
        token = _after_answer.set(queued)  # the thread runs in a copy of this context
        try:
            response = await sync_to_async(self._respond, thread_sensitive=False)(scope, body_file)
        finally:
            _after_answer.reset(token)
        if queued:
            self._send_after(queued)
        try:
            await self.send_response(response, send)
        finally:
            if response.streaming:
                await sync_to_async(response.close, thread_sensitive=False)()
            body_file.close()

    @staticmethod
    def _send_after(queued: list[Callable[[], Awaitable[None]]]) -> None:
        global _last_batch
        before = _last_batch
        if before is not None and (
            before.done() or before.get_loop() is not asyncio.get_running_loop()
        ):
            before = None
        _last_batch = asyncio.create_task(_send_queued(queued, before))

    def _respond(self, scope, body_file) -> HttpResponseBase:
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body_file)
        if request is not None:
            response = self.get_response(request)
            response._handler_class = self.__class__
            if isinstance(response, FileResponse):
                response.block_size = self.chunk_size  # as Django: daphne chunks its writes
        if not response.streaming:
            response.close()  # request_finished: the database connection goes back to its pool
        return response
