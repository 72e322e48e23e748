"""Notifications' background jobs: emails, the daily digest, Discord webhooks. Run by
`python manage.py procrastinate worker` (procrastinate's Django app finds every app's `tasks`
module). Each body is a thin call to a service that tests call directly.

The aliases run jobs queued under the names these tasks had in games.matches.tasks."""

from __future__ import annotations

from datetime import UTC, datetime

from procrastinate.contrib.django import app

from games.notifications import emails, turns
from hexsite.job_arguments import forget_arguments


@app.periodic(cron="0 7 * * *", periodic_id="digest")
@app.task(queue="email", queueing_lock="daily_digest", aliases=["games.matches.tasks.daily_digest"])
def daily_digest(timestamp: int) -> None:
    emails.email_daily_digests(now=datetime.fromtimestamp(timestamp, tz=UTC))


@app.task(queue="turns", retry=3)
def tell_turns_started(match_id: int) -> None:
    """A turn started: the inbox, emails, webhooks (queued by the clock with the change)."""
    turns.notify_turns_started(match_id=match_id)


@app.task(queue="email", retry=3, aliases=["games.matches.tasks.send_turn_email"])
def send_turn_email(user_id: int, match_id: int, turn: str | None = None) -> None:
    # `turn`: the deadline of the turn this email is about (None in jobs queued before it).
    emails.email_turn(user_id=user_id, match_id=match_id, turn=turn)


@app.task(queue="email", retry=3, aliases=["games.matches.tasks.send_notification_email"])
def send_notification_email(notification_id: int) -> None:
    emails.email_notification(notification_id=notification_id)


@app.task(queue="webhook", retry=2)
def post_discord_notice(notification_id: int, version: str | None = None) -> None:
    """The Discord post of a notice: its text and the player's webhook are read when it runs,
    so the job's row holds neither (and a deleted account's waiting post finds nothing).
    `version`: the notice's as it was queued (emails.discord_notice)."""
    emails.discord_post_notice(notification_id=notification_id, version=version)


@app.task(
    queue="webhook",
    retry=2,
    aliases=["games.matches.tasks.post_discord_webhook"],
    task_middleware=[forget_arguments],
)
def post_discord_webhook(url: str = "", content: str = "") -> None:
    # Only for the jobs queued before post_discord_notice, with the text and the webhook in
    # their arguments: forgotten once done (hexsite/job_arguments.py).
    if url:
        emails.discord_post(url=url, content=content)


@app.task(queue="webhook", retry=2)
def send_push(notification_id: int) -> None:
    from games.notifications.push import push_send

    push_send(notification_id=notification_id)
