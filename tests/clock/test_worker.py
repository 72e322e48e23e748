"""A real procrastinate worker runs the deferred jobs against the test database."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.core import mail
from django.db import connection, connections
from procrastinate.contrib.django import app
from procrastinate.contrib.django.models import ProcrastinateJob

from games.clock import tasks as clock_tasks
from games.matches import tasks as match_tasks
from games.matches.models import Match
from games.notifications.models import Notification

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def empty_job_queue(transactional_db):
    # Django's flush skips procrastinate's unmanaged tables: start each test with no jobs left
    # by another test (or by the periodic deferrer of an earlier worker run).
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE procrastinate_jobs RESTART IDENTITY CASCADE")


def run_worker(*queues: str) -> None:
    """As `manage.py procrastinate worker` does: its own psycopg connector on the same database
    (the Django connector only defers). wait=False: it stops once the queues are empty. It runs
    on a fresh thread, as it would in its own process, whatever loop this thread may run."""

    def work() -> None:
        worker_app = app.with_connector(app.connector.get_worker_connector())
        worker_app.run_worker(
            queues=list(queues),
            wait=False,
            install_signal_handlers=False,
            listen_notify=False,
            fetch_job_polling_interval=0.05,
        )
        # The periodic deferrer went through Django's connection in asgiref's shared worker
        # thread; close it there, as a worker process would at exit, so the test database can
        # be flushed and dropped.
        asyncio.run(sync_to_async(connections.close_all)())

    with ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(work).result(timeout=120)


def statuses(task: str) -> list[str]:
    """The jobs of a task, named by its module and function ("notifications.send_turn_email"),
    oldest first: a worker's periodic deferrer may add a clock tick of its own after the test's
    (its queueing lock lets it in once the test's tick is taken)."""
    rows = ProcrastinateJob.objects.filter(task_name=f"games.{task.replace('.', '.tasks.')}")
    return list(rows.order_by("id").values_list("status", flat=True))


def test_the_turn_email_deferred_on_commit_is_sent_by_the_worker(match, anna):
    # Starting the match started anna's turn: the clock queued the turn bookkeeping with it,
    # which the worker runs (the inbox, then anna's email, deferred in its turn).
    assert statuses("notifications.tell_turns_started") == ["todo"]
    assert statuses("notifications.send_turn_email") == []
    run_worker("turns")
    assert statuses("notifications.tell_turns_started") == ["succeeded"]
    assert statuses("notifications.send_turn_email") == ["todo"]
    run_worker("email")
    assert statuses("notifications.send_turn_email") == ["succeeded"]
    (message,) = mail.outbox
    assert message.to == ["anna@example.org"] and "against bruno (claim)" in message.subject


def test_the_minute_tick_forfeits_late_players_and_tells_both(match, anna, bruno):
    late = match.seats.get(index=0).deadline + timedelta(minutes=2)
    clock_tasks.clock_tick.defer(timestamp=int(late.timestamp()))
    run_worker("clock")
    assert statuses("clock.clock_tick")[0] == "succeeded"
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert Notification.objects.filter(kind=Notification.Kind.TIMEOUT).count() == 2
    # The timeout emails were deferred in turn; a worker on the email queue sends them.
    run_worker("email")
    assert sorted(m.to[0] for m in mail.outbox) == ["anna@example.org", "bruno@example.org"]


def test_a_bot_move_job_for_a_match_without_a_computer_seat_succeeds_doing_nothing(match):
    match_tasks.schedule_bot_move(match.pk)
    run_worker("bots")
    assert statuses("matches.bot_move") == ["succeeded"]
