"""The matches app's background jobs: a computer seat's move, and the sweep that keeps no
computer game waiting. Run by `python manage.py procrastinate worker` (several may run at once;
procrastinate's Django app finds every app's `tasks` module). Jobs live in Postgres, so they
survive restarts.

`bot_move_on_match_changed` is registered as a match-changed hook (games/matches/apps.py): once
a change that leaves a computer seat to act commits, that seat gets a job. Two things could
still leave a computer seat waiting for ever: a worker that dies during its move (its job stays
"doing"; hexsite/tasks.py puts such jobs back in the queue) and a process that dies between the
commit and the deferral. `resume_computer_seats` covers the second: every few seconds it queues
a job for each match whose computer must act and has none.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from procrastinate.contrib.django import app
from procrastinate.contrib.django.models import ProcrastinateEvent, ProcrastinateJob
from procrastinate.exceptions import AlreadyEnqueued

from games.matches import bots
from games.matches.hooks import MatchChanged
from games.matches.selectors import match_bot_to_move, matches_with_bot_to_move

FAILURES_PER_HOUR = 3


@app.task(queue="bots")
def bot_move(match_id: int) -> None:
    bots.bot_play(match_id)


def schedule_bot_move(match_id: int) -> bool:
    """Queue the computer's move in the match; False if a job for it waits already (that one
    plays from the position it finds, so one is enough)."""
    try:
        # A savepoint: the refused insert must not spoil a transaction the caller may be in.
        with transaction.atomic():
            bot_move.configure(queueing_lock=f"bot_move:{match_id}").defer(match_id=match_id)
    except AlreadyEnqueued:
        return False
    return True


def bot_move_on_match_changed(change: MatchChanged) -> None:
    match = change.match
    if not change.played or match.status != match.Status.ACTIVE:
        return
    if match_bot_to_move(match=match, seats=change.seats, state=change.state) is not None:
        match_id = match.pk
        transaction.on_commit(lambda: schedule_bot_move(match_id))


def computer_seats_resume() -> list[int]:
    """Queue a move for every match whose computer must act with no job queued or running;
    the ids of those matches. (A running job whose worker died is put back by
    hexsite/tasks.py's `retry_stalled_jobs`, so it counts as running here.)

    A computer whose move failed FAILURES_PER_HOUR times within the hour (a bug, not an outage)
    waits for the next hour: the sweep must not log a traceback every few seconds."""
    waiting = ProcrastinateJob.objects.filter(task_name=bot_move.name, status__in=("todo", "doing"))
    skip = set(waiting.values_list("args__match_id", flat=True))
    failures = Counter(
        ProcrastinateEvent.objects.filter(
            type="failed", at__gte=timezone.now() - timedelta(hours=1), job__task_name=bot_move.name
        ).values_list("job__args__match_id", flat=True)
    )
    skip |= {match_id for match_id, count in failures.items() if count >= FAILURES_PER_HOUR}
    return [
        match.pk
        for match in matches_with_bot_to_move()
        if match.pk not in skip and schedule_bot_move(match.pk)
    ]


@app.periodic(cron=f"* * * * * */{settings.RECOVERY_SECONDS}", periodic_id="computer_seats")
@app.task(queue="bots", queueing_lock="resume_computer_seats", pass_context=False)
def resume_computer_seats(timestamp: int) -> None:
    computer_seats_resume()
