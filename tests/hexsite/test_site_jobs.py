"""The site's own jobs (hexsite/tasks.py), run by a real procrastinate worker on the test
database: the jobs of a dead worker are queued again (or failed after MAX_STALLS attempts),
and old succeeded jobs are pruned."""

from __future__ import annotations

import pytest
from django.db import connection
from procrastinate.contrib.django.models import ProcrastinateJob

from hexsite import tasks
from tests.clock.test_worker import empty_job_queue, run_worker  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


def defer(task, timestamp: int) -> None:
    # A lock of its own: the worker's periodic deferrer may have queued the same task already.
    task.configure(queueing_lock=f"test-{timestamp}").defer(timestamp=timestamp)


def doing_job_of_a_dead_worker(*, attempts: int, match_id: int) -> int:
    """A computer's move left "doing" by a worker silent for an hour (as after kill -9)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO procrastinate_workers (last_heartbeat)"
            " VALUES (now() - interval '1 hour') RETURNING id"
        )
        worker = cursor.fetchone()[0]
        cursor.execute(
            "INSERT INTO procrastinate_jobs (queue_name, task_name, status, args, attempts,"
            " worker_id) VALUES ('bots', 'games.matches.tasks.bot_move', 'doing', %s, %s, %s)"
            " RETURNING id",
            [f'{{"match_id": {match_id}}}', attempts, worker],
        )
        return cursor.fetchone()[0]


def test_a_dead_workers_job_is_queued_again_unless_it_was_tried_too_often():
    again = doing_job_of_a_dead_worker(attempts=0, match_id=1)
    given_up = doing_job_of_a_dead_worker(attempts=tasks.MAX_STALLS, match_id=2)
    defer(tasks.retry_stalled_jobs, 0)
    run_worker("maintenance")
    assert ProcrastinateJob.objects.get(pk=again).status == "todo"
    assert ProcrastinateJob.objects.get(pk=given_up).status == "failed"


def test_succeeded_jobs_older_than_a_week_are_pruned():
    defer(tasks.retry_stalled_jobs, 0)
    run_worker("maintenance")
    old = ProcrastinateJob.objects.get(status="succeeded", args__timestamp=0).pk
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE procrastinate_events SET at = now() - interval '8 days' WHERE job_id = %s",
            [old],
        )
    defer(tasks.retry_stalled_jobs, 1)  # a recent one, kept
    run_worker("maintenance")
    defer(tasks.prune_finished_jobs, 2)
    run_worker("maintenance")
    kept = ProcrastinateJob.objects.filter(status="succeeded")
    assert old not in set(kept.values_list("pk", flat=True))
    assert kept.filter(task_name=tasks.retry_stalled_jobs.name, args__timestamp=1).exists()
