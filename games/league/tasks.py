"""The league's background job, run by `python manage.py procrastinate worker`: past-deadline
rounds become forfeits per the league's rules and the next round is published. Idempotent, so
an overlap does no harm. The alias runs jobs queued under the task's former name."""

from __future__ import annotations

from datetime import UTC, datetime

from procrastinate.contrib.django import app

from games.league.services import league_handle_deadlines


@app.periodic(cron="*/5 * * * *", periodic_id="league_deadlines")
@app.task(
    queue="clock",
    queueing_lock="league_deadlines",
    pass_context=False,
    aliases=["games.matches.tasks.league_deadlines"],
)
def league_deadlines(timestamp: int) -> None:
    now = max(datetime.fromtimestamp(timestamp, tz=UTC), datetime.now(tz=UTC))
    league_handle_deadlines(now=now)
