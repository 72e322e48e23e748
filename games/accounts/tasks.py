"""The accounts' background job: expired sessions are deleted once a day. Django never deletes
a session that simply expired (only a logout does), so without it the sessions table, read by
every request, would keep every visit a browser ever made."""

from __future__ import annotations

from procrastinate.contrib.django import app

from games.accounts.sessions import SessionStore
from hexsite.job_arguments import forget_arguments


@app.periodic(cron="41 4 * * *", periodic_id="clear_expired_sessions")
@app.task(queue="maintenance", queueing_lock="clear_expired_sessions", pass_context=False)
def clear_expired_sessions(timestamp: int) -> None:
    SessionStore.clear_expired()


@app.task(queue="email", retry=3, task_middleware=[forget_arguments])
def send_account_deleted_email(address: str = "", language: str = "") -> None:
    """Deferred in the deletion's transaction: sent only once it committed. The address is kept
    nowhere else (the deletion erased it), so the job carries it, and forgets it once done
    (hexsite/job_arguments.py): its row is left with no argument, and an attempt run again
    after that has nothing to send."""
    from games.accounts.erasure import email_account_deleted

    if address:
        email_account_deleted(address=address, language=language)
