"""Deadlines, the time bank, vacation, reminders and loss on time, with a given `now`."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from procrastinate.contrib.django.models import ProcrastinateJob

from games.accounts.selectors import profile_for, vacation_status
from games.clock.selectors import clock_expired
from games.clock.services import clock_after_change, clock_handle_timeouts, clock_send_reminders
from games.clock.vacation import vacation_start, vacation_stop
from games.matches.models import Match, MatchRecord
from games.notifications.models import Notification
from games.refusals import Refused
from tests.clock.support import end_turn, give_turn, seat, start_match

DAY = timedelta(days=1)
H = timedelta(hours=1)


def jobs(task):
    return ProcrastinateJob.objects.filter(task_name=f"games.notifications.tasks.{task}")


def test_the_player_to_act_gets_days_per_move_and_the_other_no_deadline(match):
    anna_seat, bruno_seat = seat(match, 0), seat(match, 1)
    assert match.started_at + 3 * DAY == anna_seat.deadline
    assert bruno_seat.deadline is None


def test_ending_a_turn_stops_the_clock_and_starts_the_opponents(match, anna, bruno):
    s = seat(match, 0)
    s.reminders_sent = 2
    s.save()
    match = end_turn(match, anna)
    assert seat(match, 0).deadline is None
    assert seat(match, 0).reminders_sent == 0
    assert seat(match, 1).deadline is not None


def test_the_bank_grows_per_turn_is_spent_when_late_and_is_capped(anna, bruno):
    match = start_match(anna, bruno, bank_increment_hours=12, bank_max_days=1)
    t0 = timezone.now()
    give_turn(match, 0, t0)
    give_turn(match, 1, t0 + H)  # anna played within her days: +12 h
    assert seat(match, 0).bank_seconds == 12 * 3600
    give_turn(match, 0, t0 + 2 * H)
    assert seat(match, 0).deadline == t0 + 2 * H + 3 * DAY + 12 * H
    # anna plays 6 h into her bank: 6 h left, plus 12 h for the completed turn.
    give_turn(match, 1, t0 + 2 * H + 3 * DAY + 6 * H)
    assert seat(match, 0).bank_seconds == 18 * 3600
    now = t0 + 4 * DAY
    give_turn(match, 0, now)
    give_turn(match, 1, now + H)
    assert seat(match, 0).bank_seconds == 24 * 3600  # capped at bank_max_days


def test_a_finished_match_clears_every_deadline(match):
    match.status = Match.Status.FINISHED
    match.save()
    clock_after_change(match=match, now=timezone.now())
    assert not match.seats.filter(deadline__isnull=False).exists()


def test_vacation_pauses_clocks_shows_to_opponents_and_refunds_unused_days(match, anna, bruno):
    now = timezone.now()
    before = seat(match, 0).deadline
    vacation_start(user=anna, days=5, now=now)
    assert seat(match, 0).deadline == before + 5 * DAY
    assert vacation_status(anna, now=now) == now + 5 * DAY
    assert profile_for(anna).vacation_used == 5
    vacation_stop(user=anna, now=now + 2 * DAY)
    assert seat(match, 0).deadline == before + 2 * DAY
    assert profile_for(anna).vacation_used == 2
    assert vacation_status(anna, now=now + 2 * DAY) is None


def test_a_short_vacation_still_costs_one_day_and_the_allowance_is_enforced(match, anna):
    now = timezone.now()
    vacation_start(user=anna, days=3, now=now)
    vacation_stop(user=anna, now=now + H)
    assert profile_for(anna).vacation_used == 1
    with pytest.raises(Refused):
        vacation_start(user=anna, days=30, now=now + 2 * H)  # 29 left
    with pytest.raises(Refused):
        vacation_start(user=anna, days=0, now=now + 2 * H)


def test_a_turn_starting_during_vacation_starts_its_clock_when_the_vacation_ends(
    match, anna, bruno
):
    now = timezone.now()
    vacation_start(user=bruno, days=4, now=now)
    give_turn(match, 1, now + H)
    assert seat(match, 1).deadline == now + 4 * DAY + 3 * DAY


def test_matches_that_forbid_vacation_keep_their_clock(anna, bruno):
    match = start_match(anna, bruno, vacation_allowed=False)
    before = seat(match, 0).deadline
    vacation_start(user=anna, days=5, now=timezone.now())
    assert seat(match, 0).deadline == before


def test_moving_ends_the_vacation(match, anna):
    vacation_start(user=anna, days=10, now=timezone.now())
    end_turn(match, anna)
    assert vacation_status(anna) is None
    assert profile_for(anna).vacation_used == 1


def test_reminders_go_out_at_24_4_and_1_hours_each_once(match, anna):
    deadline = seat(match, 0).deadline
    assert clock_send_reminders(now=deadline - 25 * H) == 0
    assert clock_send_reminders(now=deadline - 23 * H) == 1
    assert clock_send_reminders(now=deadline - 22 * H) == 0
    assert clock_send_reminders(now=deadline - 3 * H) == 1
    assert clock_send_reminders(now=deadline - H / 2) == 1
    assert clock_send_reminders(now=deadline - H / 4) == 0
    # The inbox keeps one unread entry per match (the latest reminder); each went out by email.
    reminders = Notification.objects.filter(user=anna, kind=Notification.Kind.REMINDER)
    assert [n.params["hours"] for n in reminders] == [1]
    assert seat(match, 0).reminders_sent == 3
    assert jobs("send_notification_email").count() == 3


def test_no_reminder_for_a_player_who_turned_them_off(anna, bruno):
    profile = profile_for(anna)
    profile.deadline_reminders = False
    profile.save()
    match = start_match(anna, bruno)
    deadline = seat(match, 0).deadline
    assert clock_send_reminders(now=deadline - 2 * H) == 0
    assert seat(match, 0).reminders_sent == 2
    assert not Notification.objects.filter(kind=Notification.Kind.REMINDER).exists()


def test_a_one_day_clock_skips_the_24_hour_reminder(anna, bruno):
    match = start_match(anna, bruno, days_per_move=1)
    assert seat(match, 0).reminders_sent == 1


def test_timeout_forfeits_the_match_and_tells_both_players_why(match, anna, bruno):
    deadline = seat(match, 0).deadline
    assert clock_expired(now=deadline - H) == []
    late = deadline + timedelta(minutes=1)
    assert clock_expired(now=late) == [(match.pk, 0)]
    assert clock_handle_timeouts(now=late) == [(match.pk, 0)]
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    record = match.records.filter(kind=MatchRecord.Kind.FORFEIT).get()
    assert record.seat == 0 and record.data["reason"] in ("time", "timeout")
    assert not match.seats.filter(deadline__isnull=False).exists()
    told = Notification.objects.filter(kind=Notification.Kind.TIMEOUT, match_id=match.pk)
    assert {(n.user_id, n.params["you"]) for n in told} == {(anna.pk, True), (bruno.pk, False)}
    assert clock_handle_timeouts(now=late) == []  # nothing left to time out


def test_a_player_who_moved_in_time_is_not_forfeited_by_a_stale_list(match, anna):
    late = seat(match, 0).deadline + H
    end_turn(match, anna)
    from games.matches import services

    with pytest.raises(services.Refused):
        services.match_forfeit_on_time(match_id=match.pk, seat_index=0, now=late)


def test_bot_seats_never_get_a_deadline(anna):
    from games.matches import services

    match = services.match_create(
        system="claim", config={"hexes": 8}, seat_users=[anna, None], bot_levels={1: 1}
    )
    give_turn(match, 1, timezone.now())
    assert seat(match, 1).deadline is None
