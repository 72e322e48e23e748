"""Telling "once" holds between transactions running at the same time (two workers, or a request
and a worker): the second telling of a key waits for the first to commit, then tells nothing.
The first transaction stays open until the second is seen waiting on it in PostgreSQL, so the
two overlap for certain; with a check instead of a unique row, the second would not wait but
tell the same turn a second time."""

from __future__ import annotations

import threading

import pytest
from django.db import DataError, connection, transaction

from games.notifications.models import Notification, ToldOnce
from games.notifications.services import notify_user

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 20.0  # seconds before a test that is stuck fails


def _tell(user_id, match_id):
    return notify_user(
        user_id=user_id,
        kind=Notification.Kind.TURN,
        match_id=match_id,
        params={"turn": "the same turn"},
        once="turn:the same turn",
        channels=False,
    )


def _waiting_on_a_lock(pid) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", [pid])
        row = cursor.fetchone()
    return row is not None and row[0] == "Lock"


def test_two_tellings_at_once_tell_once(match, anna):
    told: dict[str, object] = {}
    first_claimed, release = threading.Event(), threading.Event()
    second_pid: list[int] = []

    def first():
        try:
            with transaction.atomic():
                told["first"] = _tell(anna.pk, match.pk)
                first_claimed.set()
                assert release.wait(WAIT), "the second telling was never seen waiting"
        finally:
            first_claimed.set()
            connection.close()

    def second():
        try:
            connection.ensure_connection()
            second_pid.append(connection.connection.info.backend_pid)
            told["second"] = _tell(anna.pk, match.pk)
        finally:
            connection.close()

    one = threading.Thread(target=first)
    one.start()
    assert first_claimed.wait(WAIT)
    two = threading.Thread(target=second)
    two.start()
    # Until the second telling has finished on its own or waits for the first's row.
    while two.is_alive() and not (second_pid and _waiting_on_a_lock(second_pid[0])):
        two.join(0.01)
    release.set()
    one.join(WAIT)
    two.join(WAIT)
    assert told["first"] is not None
    assert told["second"] is None
    assert Notification.objects.filter(user=anna).count() == 1


def test_a_telling_that_fails_claims_nothing(match, anna):
    # Outside any transaction, as a job or a request may call it: a kind too long for its
    # column fails the entry's INSERT, after the claim.
    with pytest.raises(DataError):
        notify_user(
            user_id=anna.pk, kind="x" * 40, match_id=match.pk, once="turn:failed", channels=False
        )
    assert not ToldOnce.objects.filter(user=anna).exists()
    assert _tell(anna.pk, match.pk) is not None  # told at the next try
