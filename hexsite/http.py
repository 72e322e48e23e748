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
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers import base
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse, HttpResponseBase
from django.urls import set_script_prefix


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
        response = await sync_to_async(self._respond, thread_sensitive=False)(scope, body_file)
        try:
            await self.send_response(response, send)
        finally:
            if response.streaming:
                await sync_to_async(response.close, thread_sensitive=False)()
            body_file.close()

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
