"""Weekends on the clock (games/clock/services.py, vacation.py): a player whose clock stops at
weekends, in a match that allows it, gets deadlines and a bank counted in weekday time of their
own time zone; the stored deadline stays the real instant the expiry and the reminders read."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from games.accounts.models import Profile
from games.accounts.services import profile_update
from games.clock.selectors import clock_expired
from games.clock.services import clock_after_change, clock_send_reminders
from games.clock.vacation import vacation_start, vacation_stop
from games.notifications.models import Notification
from tests.clock.support import give_turn, seat, start_match

pytestmark = pytest.mark.django_db

H = timedelta(hours=1)
DAY = timedelta(days=1)
PARIS = ZoneInfo("Europe/Paris")
TORONTO = ZoneInfo("America/Toronto")


def paris(*fields) -> datetime:
    return datetime(2026, *fields, tzinfo=PARIS)


# A week of December 2026 in Paris: Thursday the 3rd to Wednesday the 9th.
THURSDAY, FRIDAY, MONDAY, TUESDAY = 3, 4, 7, 8


def pauses_weekends(user, zone="Europe/Paris", on=True) -> None:
    Profile.objects.filter(user=user).update(weekend_pause=on, time_zone=zone)


def anna_to_play_from(match, now):
    """Bruno's turn a week earlier, then anna's starting at `now`."""
    give_turn(match, 1, now - 7 * DAY)
    give_turn(match, 0, now)
    return seat(match, 0)


# --- deadlines --------------------------------------------------------------------------------


def test_a_friday_evening_turn_of_a_player_who_pauses_weekends_ends_on_wednesday(anna, bruno):
    pauses_weekends(anna)
    match = start_match(anna, bruno)
    anna_seat = anna_to_play_from(match, paris(12, FRIDAY, 20, 0))
    assert anna_seat.deadline == paris(12, 9, 20, 0)  # 4 h on Friday, 68 h from Monday
    assert anna_seat.weekend_zone == "Europe/Paris"
    # She does not lose on Monday evening, when a clock that ran all weekend would have ended.
    assert clock_expired(now=paris(12, MONDAY, 20, 1)) == []
    assert clock_expired(now=paris(12, 9, 20, 1)) == [(match.pk, 0)]


def test_the_weekend_is_the_players_own_in_their_time_zone(anna, bruno):
    pauses_weekends(anna, zone="America/Toronto")
    match = start_match(anna, bruno)
    # Friday 20:00 in Paris is 14:00 in Toronto: ten hours before her weekend.
    anna_seat = anna_to_play_from(match, paris(12, FRIDAY, 20, 0))
    assert anna_seat.deadline == datetime(2026, 12, 9, 14, 0, tzinfo=TORONTO)


def test_a_match_that_forbids_the_weekend_pause_keeps_a_clock_that_runs_every_day(anna, bruno):
    pauses_weekends(anna)
    match = start_match(anna, bruno, weekend_pause_allowed=False)
    anna_seat = anna_to_play_from(match, paris(12, FRIDAY, 20, 0))
    assert anna_seat.deadline == paris(12, FRIDAY, 20, 0) + 3 * DAY
    assert anna_seat.weekend_zone == ""


def test_a_player_who_did_not_ask_for_it_keeps_a_clock_that_runs_every_day(anna, bruno):
    pauses_weekends(bruno)
    match = start_match(anna, bruno)
    anna_seat = anna_to_play_from(match, paris(12, FRIDAY, 20, 0))
    assert anna_seat.deadline == paris(12, MONDAY, 20, 0)
    assert anna_seat.weekend_zone == ""


def test_the_reminders_count_down_to_the_stored_deadline(anna, bruno):
    pauses_weekends(anna)
    match = start_match(anna, bruno)
    deadline = anna_to_play_from(match, paris(12, FRIDAY, 20, 0)).deadline
    assert clock_send_reminders(now=paris(12, MONDAY, 20, 0)) == 0
    assert clock_send_reminders(now=deadline - 23 * H) == 1
    assert clock_send_reminders(now=deadline - H / 2) == 1


def test_the_reminders_count_weekday_time_so_none_arrives_at_the_weekend(anna, bruno):
    """A Monday 10:00 deadline: 24 h of her clock before it is Friday 10:00 (the weekend does
    not count), not Sunday 10:00, when she asked to be left alone."""
    pauses_weekends(anna)
    match = start_match(anna, bruno)
    deadline = anna_to_play_from(match, paris(12, 2, 10, 0)).deadline  # a Wednesday
    assert deadline == paris(12, MONDAY, 10, 0)  # 14 h + 24 h + 24 h, then 10 h on Monday
    assert clock_send_reminders(now=paris(12, FRIDAY, 9, 59)) == 0
    assert clock_send_reminders(now=paris(12, FRIDAY, 10, 0)) == 1
    told = Notification.objects.filter(user=anna, kind=Notification.Kind.REMINDER)
    assert told.get().params["hours"] == 24
    assert clock_send_reminders(now=paris(12, 6, 10, 0)) == 0  # Sunday: nothing new
    assert clock_send_reminders(now=paris(12, MONDAY, 6, 0)) == 1  # 4 h of her clock left
    assert told.order_by("-pk").first().params["hours"] == 4


# --- the bank ---------------------------------------------------------------------------------


def banked_match(anna, bruno, **options):
    """One day a move, 12 h more in the bank per turn (at most two days): anna has 12 h."""
    match = start_match(anna, bruno, days_per_move=1, bank_increment_hours=12, bank_max_days=2)
    give_turn(match, 1, paris(11, 20, 12, 0))  # anna played her first turn in time: +12 h
    assert seat(match, 0).bank_seconds == 12 * 3600
    return match


def test_the_bank_is_weekday_time_and_the_weekend_never_eats_it(anna, bruno):
    pauses_weekends(anna)
    match = banked_match(anna, bruno)
    give_turn(match, 0, paris(12, FRIDAY, 9, 0))
    # 36 h of weekday time: 15 h on Friday, 21 h on Monday; her day itself ends at 09:00.
    assert seat(match, 0).deadline == paris(12, MONDAY, 21, 0)
    give_turn(match, 1, paris(12, MONDAY, 8, 0))  # within her day: the bank is untouched
    assert seat(match, 0).bank_seconds == 24 * 3600


def test_a_turn_that_ran_into_the_bank_pays_only_its_weekday_hours(anna, bruno):
    pauses_weekends(anna)
    match = banked_match(anna, bruno)
    give_turn(match, 0, paris(12, FRIDAY, 9, 0))  # the bank runs from Monday 09:00 to 21:00
    give_turn(match, 1, paris(12, MONDAY, 11, 0))  # 2 h into the bank: 10 h left, +12 h
    assert seat(match, 0).bank_seconds == 22 * 3600


def test_the_bank_left_across_a_weekend_is_its_weekday_time(anna, bruno):
    """Her day ended on Friday 18:00, her bank on Monday 06:00: played on Friday 20:00 she has
    used 2 h of it (the 58 real hours to Monday are only 10 of weekday time)."""
    pauses_weekends(anna)
    match = banked_match(anna, bruno)
    give_turn(match, 0, paris(12, THURSDAY, 18, 0))
    assert seat(match, 0).deadline == paris(12, MONDAY, 6, 0)  # 6 h + 24 h + 6 h
    give_turn(match, 1, paris(12, FRIDAY, 20, 0))
    assert seat(match, 0).bank_seconds == 22 * 3600


def test_without_the_pause_the_same_bank_runs_through_the_weekend(anna, bruno):
    match = banked_match(anna, bruno)
    give_turn(match, 0, paris(12, FRIDAY, 9, 0))
    assert seat(match, 0).deadline == paris(12, 5, 21, 0)  # Saturday evening
    give_turn(match, 1, paris(12, 5, 20, 0))  # 11 h into the bank: 1 h left, +12 h
    assert seat(match, 0).bank_seconds == 13 * 3600


def test_a_zero_bank_started_at_the_weekend_counts_from_monday(anna, bruno):
    pauses_weekends(anna)
    match = start_match(anna, bruno, days_per_move=1)
    anna_seat = anna_to_play_from(match, paris(12, 5, 15, 0))  # Saturday
    assert anna_seat.bank_seconds == 0
    assert anna_seat.deadline == paris(12, TUESDAY, 0, 0)


# --- changing the setting ---------------------------------------------------------------------


def test_turning_the_pause_on_applies_from_the_next_turn(anna, bruno):
    match = start_match(anna, bruno)
    anna_seat = anna_to_play_from(match, paris(12, FRIDAY, 20, 0))
    pauses_weekends(anna)
    clock_after_change(match=match, now=paris(12, 5, 10, 0))  # a chat line, a draw offer...
    assert seat(match, 0).deadline == anna_seat.deadline == paris(12, MONDAY, 20, 0)
    give_turn(match, 1, paris(12, MONDAY, 10, 0))
    give_turn(match, 0, paris(12, 11, 20, 0))  # the next Friday
    assert seat(match, 0).deadline == paris(12, 16, 20, 0)


def test_a_turn_settles_its_bank_by_the_rule_it_started_with(anna, bruno):
    """She stops pausing weekends during a weekday-time turn: that turn is still weekday time
    (counted in real time, the weekend would have eaten 2 h of her bank)."""
    pauses_weekends(anna)
    match = banked_match(anna, bruno)
    give_turn(match, 0, paris(12, THURSDAY, 18, 0))
    assert seat(match, 0).deadline == paris(12, MONDAY, 6, 0)  # 6 h + 24 h + 6 h
    profile = Profile.objects.get(user=anna)
    profile_update(user=anna, data={"weekend_pause": False, "time_zone": profile.time_zone})
    give_turn(match, 1, paris(12, FRIDAY, 20, 0))  # 10 h of weekday time were left
    assert seat(match, 0).bank_seconds == 22 * 3600
    give_turn(match, 0, paris(12, FRIDAY, 21, 0))  # her next turn runs every day
    assert seat(match, 0).deadline == paris(12, 5, 21, 0) + 22 * H


# --- vacation and weekends --------------------------------------------------------------------


def test_a_vacation_keeps_the_weekday_time_that_was_left_and_an_early_return_gives_it_back(
    anna, bruno
):
    pauses_weekends(anna)
    match = start_match(anna, bruno)
    anna_to_play_from(match, paris(12, FRIDAY, 20, 0))  # 72 h of weekday time
    # Monday 10:00: 58 h left. Two days away: they count from Wednesday 10:00.
    vacation_start(user=anna, days=2, now=paris(12, MONDAY, 10, 0))
    assert seat(match, 0).deadline == paris(12, 11, 20, 0)  # Friday 20:00
    # Back on Tuesday 10:00: the same 58 h count from then.
    vacation_stop(user=anna, now=paris(12, TUESDAY, 10, 0))
    assert seat(match, 0).deadline == paris(12, 10, 20, 0)  # Thursday 20:00


def test_a_turn_that_starts_during_a_vacation_counts_weekday_time_from_its_end(anna, bruno):
    pauses_weekends(anna)
    match = start_match(anna, bruno)
    give_turn(match, 1, paris(12, 1, 9, 0))
    vacation_start(user=anna, days=2, now=paris(12, THURSDAY, 9, 0))  # until Saturday 09:00
    give_turn(match, 0, paris(12, FRIDAY, 9, 0))
    assert seat(match, 0).deadline == paris(12, 10, 0, 0)  # Monday 00:00 + 72 h


def test_a_vacation_moves_a_real_time_deadline_as_before(anna, bruno):
    match = start_match(anna, bruno)
    anna_to_play_from(match, paris(12, FRIDAY, 20, 0))
    vacation_start(user=anna, days=2, now=paris(12, 5, 10, 0))
    assert seat(match, 0).deadline == paris(12, 9, 20, 0)
    vacation_stop(user=anna, now=paris(12, 6, 10, 0))
    assert seat(match, 0).deadline == paris(12, 8, 20, 0)
