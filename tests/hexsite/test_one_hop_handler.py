"""The HTTP handler daphne runs (hexsite/http.py): Django's whole request (signals, middleware,
view, rendering) in one call on a reused thread, as Django's own ASGI handler would answer it."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from asgiref.testing import ApplicationCommunicator
from django.conf import settings
from django.core import signals

from hexsite.asgi import django_asgi_app
from hexsite.http import OneHopASGIHandler

pytestmark = pytest.mark.django_db(transaction=True)


async def serve(method: str, path: str, body: bytes = b"") -> dict:
    """The handler's answer to one request, as daphne would pass it: status, headers, body."""
    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": method,
        "path": path,
        "query_string": b"",
        "headers": [
            (b"host", b"testserver"),
            (b"content-type", b"application/x-www-form-urlencoded"),
        ],
    }
    talk = ApplicationCommunicator(OneHopASGIHandler(), scope)
    await talk.send_input({"type": "http.request", "body": body})
    start = await talk.receive_output(10)
    answer = {"status": start["status"], "headers": start["headers"], "body": b""}
    while True:
        part = await talk.receive_output(10)
        answer["body"] += part.get("body", b"")
        if not part.get("more_body"):
            return answer


@pytest.fixture
def signals_seen():
    seen: list[tuple[str, str]] = []

    def started(**kwargs):
        seen.append(("started", threading.current_thread().name))

    def finished(**kwargs):
        seen.append(("finished", threading.current_thread().name))

    signals.request_started.connect(started)
    signals.request_finished.connect(finished)
    yield seen
    signals.request_started.disconnect(started)
    signals.request_finished.disconnect(finished)


def test_the_site_serves_http_through_the_one_hop_handler():
    assert isinstance(django_asgi_app, OneHopASGIHandler)


async def test_a_page_is_answered_whole_with_its_signals_sent_once_in_one_thread(signals_seen):
    response = await serve("GET", "/accounts/login/")
    assert response["status"] == 200
    assert b'name="csrfmiddlewaretoken"' in response["body"]
    headers = dict(response["headers"])
    assert b"csrftoken=" in b"".join(v for k, v in response["headers"] if k == b"Set-Cookie")
    assert headers[b"Content-Type"].startswith(b"text/html")
    # request_started and request_finished (which hands the database connection back to its
    # pool) each once, from the same worker thread, not the event loop's.
    assert [name for name, _ in signals_seen] == ["started", "finished"]
    assert len({thread for _, thread in signals_seen}) == 1
    assert signals_seen[0][1] != threading.current_thread().name


async def test_a_post_without_its_csrf_token_is_refused_by_the_middleware():
    response = await serve("POST", "/accounts/login/", b"login=a&password=b")
    assert response["status"] == 403


async def test_a_static_file_is_streamed_whole():
    expected = (Path(settings.BASE_DIR) / "static" / "js" / "site.js").read_bytes()
    response = await serve("GET", "/static/js/site.js")
    assert response["status"] == 200
    assert response["body"] == expected
