"""Site-wide background jobs: no job stays stuck because the worker running it died.

A worker killed during a job (kill -9, out of memory, a reboot, Postgres dying under it) leaves
that job "doing" for ever: procrastinate records each worker's heartbeat and can list the jobs
of silent workers, but runs nothing again by itself. Every RECOVERY_SECONDS,
`retry_stalled_jobs` puts back in the queue the running jobs of workers silent for
WORKER_STALLED_SECONDS (settings). Every job of hexsite may run twice: a computer's move
checks the match's version, the clock's tick is idempotent, and an email sent just before the
kill is sent once more, which beats never.

A stalled job already attempted MAX_STALLS times (failures and stalls alike) is failed instead
(and logged), so a job that kills its worker cannot take every worker down in turn.

Finished jobs are rows too (a tick every minute, this recovery every few seconds): every hour
`prune_finished_jobs` deletes the succeeded ones older than KEEP_SUCCEEDED_HOURS. Failed jobs
stay for a person to read. Their arguments stay with them: jobs carry references, not a player's
data, or forget their arguments once done (hexsite/job_arguments.py). Every night `nightly_backup` dumps the database (hexsite/backups.py).

Every PURGE_CACHE_MINUTES `purge_expired_cache` deletes the expired rows of the database cache
(hexsite/expired_cache.py): the sign-in counters keyed with a client's address go with their
window, not whenever the same key happens to be read again.
"""

from __future__ import annotations

import logging

from django.conf import settings
from procrastinate import exceptions, jobs
from procrastinate.contrib.django import app
from procrastinate.job_context import JobContext

from hexsite.expired_cache import PURGE_CACHE_MINUTES, expired_cache_rows_delete

log = logging.getLogger(__name__)
MAX_STALLS = 3
KEEP_SUCCEEDED_HOURS = 7 * 24


async def stalled_jobs_retry(job_manager) -> list[int]:
    """Put the stalled jobs back in the queue; the ids of those retried."""
    retried = []
    stalled = await job_manager.get_stalled_jobs(
        seconds_since_heartbeat=settings.WORKER_STALLED_SECONDS
    )
    for job in stalled:
        if job.attempts >= MAX_STALLS:
            log.error(
                "job %s (%s) stalled after %s attempts: failed", job.id, job.task_name, job.attempts
            )
            await job_manager.finish_job(job, status=jobs.Status.FAILED, delete_job=False)
            continue
        try:
            await job_manager.retry_job(job)
        except exceptions.UniqueViolation:
            # The same queueing lock is queued already (the next clock tick, another job of
            # the same match): that one does the work.
            await job_manager.finish_job(job, status=jobs.Status.FAILED, delete_job=False)
            continue
        log.warning("job %s (%s) of a dead worker queued again", job.id, job.task_name)
        retried.append(job.id)
    return retried


@app.periodic(cron=f"* * * * * */{settings.RECOVERY_SECONDS}", periodic_id="stalled_jobs")
@app.task(queue="maintenance", queueing_lock="retry_stalled_jobs", pass_context=True)
async def retry_stalled_jobs(context: JobContext, timestamp: int) -> None:
    assert context.app is not None
    await stalled_jobs_retry(context.app.job_manager)


@app.periodic(cron="17 * * * *", periodic_id="prune_finished_jobs")
@app.task(queue="maintenance", queueing_lock="prune_finished_jobs", pass_context=True)
async def prune_finished_jobs(context: JobContext, timestamp: int) -> None:
    assert context.app is not None
    await context.app.job_manager.delete_old_jobs(nb_hours=KEEP_SUCCEEDED_HOURS)


@app.periodic(cron="17 3 * * *", periodic_id="nightly_backup")
@app.task(queue="maintenance", queueing_lock="nightly_backup")
def nightly_backup(timestamp: int) -> None:
    """A dump of the database every night (hexsite/backups.py), unless BACKUP_DIR is empty."""
    from hexsite.backups import backup

    if settings.BACKUP_DIR:
        log.info("nightly backup: %s", backup())


@app.periodic(cron=f"*/{PURGE_CACHE_MINUTES} * * * *", periodic_id="purge_expired_cache")
@app.task(queue="maintenance", queueing_lock="purge_expired_cache")
def purge_expired_cache(timestamp: int) -> None:
    expired_cache_rows_delete()
