"""The matches app's background job: a computer seat's move. Run by `python manage.py
procrastinate worker` (several may run at once; procrastinate's Django app finds every app's
`tasks` module). Jobs live in Postgres, so they survive restarts.

`bot_move_on_match_changed` is registered as a match-changed hook (games/matches/apps.py): once
a change that leaves a computer seat to act commits, that seat gets a job."""

from __future__ import annotations

from django.db import transaction
from procrastinate.contrib.django import app

from games.matches import bots
from games.matches.hooks import MatchChanged
from games.matches.selectors import match_bot_to_move


@app.task(queue="bots")
def bot_move(match_id: int) -> None:
    bots.bot_play(match_id)


def schedule_bot_move(match_id: int) -> None:
    bot_move.defer(match_id=match_id)


def bot_move_on_match_changed(change: MatchChanged) -> None:
    match = change.match
    if not change.played or match.status != match.Status.ACTIVE:
        return
    if match_bot_to_move(match=match, seats=change.seats, state=change.state) is not None:
        match_id = match.pk
        transaction.on_commit(lambda: schedule_bot_move(match_id))
