"""The HTTP handler daphne runs (hexsite/http.py): Django's whole request (signals, middleware,
view, rendering) in one call on a reused thread, as Django's own ASGI handler would answer it."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from asgiref.testing import ApplicationCommunicator
from django.conf import settings
from django.core import signals

from hexsite.asgi import django_asgi_app
from hexsite.http import OneHopASGIHandler, after_answer

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


@pytest.fixture
def queue_per_request():
    """Each request's thread queues the next of `sends` with `after_answer` (as a move's view
    queues its nudges) and notes what `after_answer` said."""
    sends: list = []
    accepted: list[bool] = []

    def started(**kwargs):
        accepted.append(after_answer(sends.pop(0)))

    signals.request_started.connect(started)
    yield sends, accepted
    signals.request_started.disconnect(started)


async def test_sends_queued_by_requests_leave_after_their_answers_one_at_a_time_in_order(
    queue_per_request, caplog
):
    sends, accepted = queue_per_request
    release, both_done = asyncio.Event(), asyncio.Event()
    sent: list[str] = []

    async def first():
        await release.wait()  # a slow channel layer
        sent.append("first")

    async def broken():
        raise ConnectionError("the channel layer is down")

    async def third():
        sent.append("third")
        both_done.set()

    sends.extend([first, broken, third])
    answers = [await serve("GET", "/accounts/login/") for _ in range(3)]
    # Every answer came while the first send still waited: nobody waited for the sends.
    assert [a["status"] for a in answers] == [200, 200, 200]
    assert accepted == [True, True, True]
    assert sent == []
    release.set()
    await asyncio.wait_for(both_done.wait(), 10)
    assert sent == ["first", "third"]  # in order, and a failed send stops no other
    assert "the channel layer is down" in caplog.text


def test_outside_a_request_served_so_the_caller_sends_by_itself():
    async def never():
        raise AssertionError("not queued")

    assert after_answer(never) is False
