"""The worker runs jobs side by side (settings.WORKER_CONCURRENCY): a burst of moves' turn
bookkeeping must not queue behind one job at a time (issue 14: 51-162 jobs were left waiting
after `bench live`'s 200-player burst with one at a time). Two jobs that can only finish
together (a barrier each waits at) both succeed with a real procrastinate worker; one at a
time, the first would wait at the barrier alone until it broke, and fail."""

from __future__ import annotations

import threading

import pytest
from django.conf import settings
from procrastinate.contrib.django import app
from procrastinate.contrib.django.models import ProcrastinateJob

from tests.clock.test_worker import empty_job_queue, run_worker  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

QUEUE = "test-side-by-side"
_meeting = threading.Barrier(2, timeout=20)


@app.task(queue=QUEUE, name="tests.hexsite.meet")
def meet(n: int) -> None:
    _meeting.wait()  # raises BrokenBarrierError (the job fails) if the other never comes


def test_the_worker_runs_jobs_side_by_side():
    assert settings.WORKER_CONCURRENCY >= 2
    _meeting.reset()
    meet.defer(n=1)
    meet.defer(n=2)
    run_worker(QUEUE)
    jobs = ProcrastinateJob.objects.filter(task_name="tests.hexsite.meet")
    assert list(jobs.values_list("status", flat=True)) == ["succeeded", "succeeded"]
