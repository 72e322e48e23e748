"""Jobs whose arguments are personal data forget them once done (RGPD).

A job's arguments stay in its procrastinate_jobs row after it ran: a succeeded job for a week
(hexsite/tasks.py prunes it then), a failed one until a person deletes it. Most of hexsite's
jobs carry references (a match's id, a notice's id) that the job reads when it runs, so
nothing personal is left in the row: a deleted account's waiting jobs then find nothing to
send. A few cannot: the email confirming an account's deletion goes to an address the
deletion has just erased, so the job is the only place it is kept.

Such a task takes `forget_arguments` as its procrastinate task middleware: once the task is
done, its row's arguments become `{}`. Done means it succeeded, or it failed and procrastinate
will not retry it (its retry strategy says so, the same decision the worker takes next); a
failure that will be retried keeps its arguments, which the next attempt needs. The row itself
stays for procrastinate (its status, its events: no argument in them), and is pruned as any.

A task with this middleware accepts being called without its arguments and does nothing then:
a worker killed between the forgetting and the row's "succeeded" runs the job once more
(hexsite/tasks.py), with `{}`."""

from __future__ import annotations

from typing import Any

from django.db import connection
from procrastinate import job_context, worker


def forget_arguments(call_next, context: job_context.JobContext, worker: worker.Worker) -> Any:
    job = context.job
    try:
        result = call_next()
    except Exception as error:
        task = worker.app.tasks.get(job.task_name)
        if task is None or task.get_retry_exception(exception=error, job=job) is None:
            _forget(job.id)
        raise
    _forget(job.id)
    return result


def _forget(job_id: int | None) -> None:
    with connection.cursor() as cursor:
        cursor.execute("UPDATE procrastinate_jobs SET args = '{}'::jsonb WHERE id = %s", [job_id])
