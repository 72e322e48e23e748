"""Background jobs, run by `python manage.py procrastinate worker` (several may run at once).

Jobs live in Postgres (procrastinate), so they survive restarts. Every task body is a thin call
to a service that tests call directly with a given `now`.
"""

from __future__ import annotations

import importlib.util
import logging
from datetime import UTC, datetime

from procrastinate.contrib.django import app

log = logging.getLogger(__name__)


def _at(timestamp: int) -> datetime:
    return datetime.fromtimestamp(timestamp, tz=UTC)


# A queueing lock keeps at most one waiting tick: a worker that was down does not replay an
# hour of minutes. The tick uses the scheduled time, so a late job still judges as of its minute
# (the clock's queries are idempotent, so an overlap would do no harm either).
@app.periodic(cron="* * * * *", periodic_id="clock")
@app.task(queue="clock", queueing_lock="clock_tick", pass_context=False)
def clock_tick(timestamp: int) -> None:
    from games.matches.clock import clock_handle_timeouts, clock_send_reminders

    now = max(_at(timestamp), datetime.now(tz=UTC))
    clock_handle_timeouts(now=now)
    clock_send_reminders(now=now)


@app.periodic(cron="0 7 * * *", periodic_id="digest")
@app.task(queue="email", queueing_lock="daily_digest")
def daily_digest(timestamp: int) -> None:
    from games.notifications.services import email_daily_digests

    email_daily_digests(now=_at(timestamp))


@app.task(queue="email", retry=3)
def send_turn_email(user_id: int, match_id: int) -> None:
    from games.notifications.services import email_turn

    email_turn(user_id=user_id, match_id=match_id)


@app.task(queue="email", retry=3)
def send_notification_email(notification_id: int) -> None:
    from games.notifications.services import email_notification

    email_notification(notification_id=notification_id)


@app.task(queue="webhook", retry=2)
def post_discord_webhook(url: str, content: str) -> None:
    from games.notifications.services import discord_post

    discord_post(url=url, content=content)


@app.task(queue="bots")
def bot_move(match_id: int) -> None:
    # The bot lives with the engines (games/matches/bots.py, written later); until it exists a
    # bot seat simply waits.
    if importlib.util.find_spec("games.matches.bots") is None:
        log.info("no bot module yet: match %s waits", match_id)
        return
    from games.matches import bots

    bots.bot_play(match_id)


def schedule_bot_move(match_id: int) -> None:
    """Called by the match service (on commit) when a bot seat must act."""
    bot_move.defer(match_id=match_id)


# League rounds (games.league owns this task): past-deadline rounds become forfeits per the
# league's rules and the next round is published. Idempotent, so an overlap does no harm.
@app.periodic(cron="*/5 * * * *", periodic_id="league_deadlines")
@app.task(queue="clock", queueing_lock="league_deadlines", pass_context=False)
def league_deadlines(timestamp: int) -> None:
    from games.league.services import league_handle_deadlines

    league_handle_deadlines(now=max(_at(timestamp), datetime.now(tz=UTC)))
