"""The site's own jobs (hexsite/tasks.py), run by a real procrastinate worker on the test
database: the jobs of a dead worker are queued again (or failed after MAX_STALLS attempts),
old succeeded jobs are pruned, and expired rows of the database cache are deleted."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.cache import cache
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


def cache_keys(*keys: str) -> set[str]:
    """Those of the keys with a row in the cache table, expired or not."""
    table = connection.ops.quote_name(settings.CACHES["default"]["LOCATION"])
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT cache_key FROM {table} WHERE cache_key = ANY(%s)",
            [[cache.make_key(key) for key in keys]],
        )
        return {row[0] for row in cursor.fetchall()}


def test_expired_cache_rows_keeping_a_client_address_are_deleted_and_live_ones_kept():
    # As django-allauth keys its per-address counters: the client address in clear.
    expired = "allauth:rl:allauth.account:login_failed:10/60.0/ip:203.0.113.7"
    live = "allauth:rl:allauth.account:login_failed:10/60.0/ip:198.51.100.9"
    cache.set(expired, [1.0], 60)
    cache.set(live, [1.0], 60)
    table = connection.ops.quote_name(settings.CACHES["default"]["LOCATION"])
    # Its minute is over, and nobody reads that key again (nor passes MAX_ENTRIES).
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET expires = now() - interval '1 minute' WHERE cache_key = %s",
            [cache.make_key(expired)],
        )
    assert cache_keys(expired, live) == {cache.make_key(expired), cache.make_key(live)}
    defer(tasks.purge_expired_cache, 0)
    run_worker("maintenance")
    assert cache_keys(expired, live) == {cache.make_key(live)}
    assert cache.get(live) == [1.0]
    cache.delete(live)  # the table outlives the test database's flush
    job = ProcrastinateJob.objects.get(task_name=tasks.purge_expired_cache.name, args__timestamp=0)
    assert job.status == "succeeded"
