"""No computer game waits for ever: the worker's sweep queues a move for every active match
whose computer must act with no job for it (a process died between the commit and the job),
once, and leaves alone the matches where a player is to act."""

from __future__ import annotations

import pytest
from django.db import connection
from procrastinate.contrib.django.models import ProcrastinateJob

from games.matches import services
from games.matches.tasks import (
    FAILURES_PER_HOUR,
    bot_move,
    computer_seats_resume,
    schedule_bot_move,
)

# Plain `db`: the test's transaction never commits, so the move service's on-commit deferral
# never runs, exactly as when the process dies right after the commit.
pytestmark = pytest.mark.django_db


def _jobs(match_id: int) -> list[str]:
    return list(
        ProcrastinateJob.objects.filter(task_name=bot_move.name, args__match_id=match_id)
        .order_by("pk")
        .values_list("status", flat=True)
    )


def _computer_first(user):
    # In "claim" the first seat acts first: a computer there must act at once.
    return services.match_create(
        system="claim", config={"hexes": 8}, seat_users=[None, user], bot_levels={0: 1}
    )


def test_a_computer_that_must_act_without_a_job_gets_one_and_only_one(anna):
    match = _computer_first(anna)
    assert _jobs(match.pk) == []  # the deferral was lost

    assert computer_seats_resume() == [match.pk]
    assert _jobs(match.pk) == ["todo"]
    assert computer_seats_resume() == []  # a job is queued: nothing more
    assert _jobs(match.pk) == ["todo"]


def test_the_computers_move_is_queued_once_however_often_it_is_asked_for(anna):
    match = _computer_first(anna)
    assert schedule_bot_move(match.pk) is True
    assert schedule_bot_move(match.pk) is False  # one waiting job plays from where it finds
    assert _jobs(match.pk) == ["todo"]


def test_matches_where_a_player_must_act_are_left_alone(anna, bruno):
    waiting_for_anna = services.match_create(
        system="claim", config={"hexes": 8}, seat_users=[anna, None], bot_levels={1: 1}
    )
    between_people = services.match_create(
        system="claim", config={"hexes": 8}, seat_users=[anna, bruno]
    )
    assert computer_seats_resume() == []
    assert _jobs(waiting_for_anna.pk) == _jobs(between_people.pk) == []


def failed_job(match_id: int) -> None:
    """A computer's move that failed just now (its worker marked it failed)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO procrastinate_jobs (queue_name, task_name, status, args)"
            " VALUES ('bots', %s, 'doing', %s) RETURNING id",
            [bot_move.name, f'{{"match_id": {match_id}}}'],
        )
        job = cursor.fetchone()[0]
        cursor.execute("UPDATE procrastinate_jobs SET status = 'failed' WHERE id = %s", [job])


def test_a_computer_whose_move_keeps_failing_is_left_for_the_hour(anna):
    match = _computer_first(anna)
    for _ in range(FAILURES_PER_HOUR - 1):
        failed_job(match.pk)
    assert computer_seats_resume() == [match.pk]  # a failure or two: an outage, try again
    ProcrastinateJob.objects.filter(status="todo").delete()
    failed_job(match.pk)
    assert computer_seats_resume() == []  # a bug: no traceback every few seconds
