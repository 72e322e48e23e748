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
(hexsite/tasks.py), with `{}`.

The worker's log would still name them: procrastinate writes a job's call string
(`task[id](address='…')`) and its arguments into its log lines, at ERROR when a job failed for
good, with the exception, whose text may repeat the address (an SMTP server refusing it).
`HideForgottenArguments`, the console handler's filter (settings.LOGGING), masks each argument
of such a task in the line, its exception and its `job` extra: the log says which job failed
and why, not to whom."""

from __future__ import annotations

import logging
import re
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


MASK = "…"


class HideForgottenArguments(logging.Filter):
    """A handler's filter: the log lines of a job whose task forgets its arguments carry none of
    them (module docstring). Every other line passes untouched."""

    def filter(self, record: logging.LogRecord) -> bool:
        job = getattr(record, "job", None)
        if not isinstance(job, dict) or not _forgets(job.get("task_name")):
            return True
        kwargs = job.get("task_kwargs") or {}
        values = sorted({str(v) for v in kwargs.values() if str(v)}, key=len, reverse=True)
        # Whole words only: a language argument "en" must not mask the "en" of "send".
        pattern = re.compile("|".join(rf"(?<!\w){re.escape(v)}(?!\w)" for v in values) or "(?!)")

        def masked(text: str) -> str:
            return pattern.sub(MASK, text)

        record.msg, record.args = masked(record.getMessage()), None
        if record.exc_info and not record.exc_text:
            record.exc_text = masked(logging.Formatter().formatException(record.exc_info))
        record.job = {
            **job,
            "task_kwargs": dict.fromkeys(kwargs, MASK),
            "call_string": masked(str(job.get("call_string", ""))),
        }
        return True


def _forgets(task_name: object) -> bool:
    from procrastinate.contrib.django import app

    task = app.tasks.get(task_name) if isinstance(task_name, str) else None
    return task is not None and forget_arguments in task.task_middleware
