"""Campaign deadlines, applied by the procrastinate worker every five minutes (also available as
`manage.py campaign_tick`). The body is a thin call to the service tests call with a `now`."""

from __future__ import annotations

from datetime import UTC, datetime

from procrastinate.contrib.django import app


@app.periodic(cron="*/5 * * * *", periodic_id="campaign_deadlines")
@app.task(queue="clock", queueing_lock="campaign_deadlines", pass_context=False)
def campaign_deadlines(timestamp: int) -> None:
    from games.campaigns.services import campaign_apply_deadlines

    now = max(datetime.fromtimestamp(timestamp, tz=UTC), datetime.now(tz=UTC))
    campaign_apply_deadlines(now=now)
