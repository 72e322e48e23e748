"""The clock's background job: every minute, losses on time and deadline reminders. Run by
`python manage.py procrastinate worker` (procrastinate's Django app finds every app's `tasks`
module); the body is a thin call to services that tests call directly with a given `now`."""

from __future__ import annotations

from datetime import UTC, datetime

from procrastinate.contrib.django import app

from games.clock.services import clock_handle_timeouts, clock_send_reminders


# A queueing lock keeps at most one waiting tick: a worker that was down does not replay an
# hour of minutes. The tick uses the scheduled time, so a late job still judges as of its minute
# (the clock's queries are idempotent, so an overlap would do no harm either). The alias runs
# ticks queued under the task's name from before the clock had its own app.
@app.periodic(cron="* * * * *", periodic_id="clock")
@app.task(
    queue="clock",
    queueing_lock="clock_tick",
    pass_context=False,
    aliases=["games.matches.tasks.clock_tick"],
)
def clock_tick(timestamp: int) -> None:
    now = max(datetime.fromtimestamp(timestamp, tz=UTC), datetime.now(tz=UTC))
    clock_handle_timeouts(now=now)
    clock_send_reminders(now=now)
