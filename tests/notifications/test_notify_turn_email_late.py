"""A turn email is sent only for the turn it was queued for: a worker running late sends no
stale or duplicate "your turn" (the job carries the turn's deadline, compared when sending)."""

from __future__ import annotations

from django.core import mail
from procrastinate.contrib.django.models import ProcrastinateJob

from games.notifications.emails import email_turn
from games.notifications.turns import notify_match_changed
from tests.clock.support import end_turn


def test_a_turn_email_the_worker_sends_late_is_dropped_once_its_turn_is_over(match, anna, bruno):
    # Two turns of anna start before the worker sends anything: two emails are queued, and the
    # first must not go out, although anna is "to play" again when the worker reaches it.
    notify_match_changed(match_id=match.pk, version=match.version)
    match = end_turn(end_turn(match, anna), bruno)
    notify_match_changed(match_id=match.pk, version=match.version)
    first, second = (
        j.args
        for j in ProcrastinateJob.objects.filter(
            task_name="games.notifications.tasks.send_turn_email"
        ).order_by("pk")
    )
    assert first["turn"] != second["turn"]
    assert not email_turn(**first)
    assert email_turn(**second)
    assert len(mail.outbox) == 1
