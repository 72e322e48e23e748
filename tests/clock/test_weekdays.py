"""Weekday time (games/clock/weekdays.py): a clock that stops from Saturday 00:00 to Monday
00:00 on the player's wall clock. Pure functions: no database."""

from __future__ import annotations

import ast
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.clock.weekdays import (
    add_weekday_time,
    clock_resumes,
    weekday_time_between,
    weekend_around,
)

H = timedelta(hours=1)
DAY = timedelta(days=1)
PARIS = ZoneInfo("Europe/Paris")
AUCKLAND = ZoneInfo("Pacific/Auckland")  # UTC+13 in the southern summer
KIRITIMATI = ZoneInfo("Pacific/Kiritimati")  # UTC+14, the earliest weekend on Earth
PAGO_PAGO = ZoneInfo("Pacific/Pago_Pago")  # UTC-11
JERUSALEM = ZoneInfo("Asia/Jerusalem")  # DST starts on a Friday
TEHRAN = ZoneInfo("Asia/Tehran")  # in 2021 Monday 00:00 did not exist
GAZA = ZoneInfo("Asia/Gaza")  # in 2020 Saturday 00:00 happened twice


def at(zone, *fields) -> datetime:
    return datetime(*fields, tzinfo=zone)


def local(moment: datetime, zone) -> tuple:
    """The wall clock of `zone` at `moment`: (weekday name, y, m, d, h, min)."""
    wall = moment.astimezone(zone)
    return (wall.strftime("%a"), wall.year, wall.month, wall.day, wall.hour, wall.minute)


# --- one turn ---------------------------------------------------------------------------------


def test_weekday_time_is_real_time_when_no_weekend_is_crossed():
    tuesday = at(PARIS, 2026, 11, 24, 9, 30)
    assert add_weekday_time(tuesday, 2 * DAY, PARIS) == tuesday + 2 * DAY
    assert weekday_time_between(tuesday, tuesday + 2 * DAY, PARIS) == 2 * DAY


def test_a_friday_evening_start_keeps_four_hours_before_the_weekend_and_goes_on_monday():
    friday = at(PARIS, 2026, 11, 27, 20, 0)
    deadline = add_weekday_time(friday, 3 * DAY, PARIS)
    # 4 h on Friday, then 68 h from Monday 00:00: Wednesday 20:00.
    assert local(deadline, PARIS) == ("Wed", 2026, 12, 2, 20, 0)
    assert weekday_time_between(friday, deadline, PARIS) == 3 * DAY


def test_a_saturday_start_waits_for_monday():
    saturday = at(PARIS, 2026, 11, 28, 15, 0)
    assert local(add_weekday_time(saturday, 1 * DAY, PARIS), PARIS) == ("Tue", 2026, 12, 1, 0, 0)
    assert weekday_time_between(saturday, at(PARIS, 2026, 11, 30, 0, 0), PARIS) == timedelta(0)


def test_a_sunday_night_start_waits_for_monday_too():
    sunday = at(PARIS, 2026, 11, 29, 23, 59)
    assert local(add_weekday_time(sunday, 3 * H, PARIS), PARIS) == ("Mon", 2026, 11, 30, 3, 0)


def test_a_turn_spanning_two_weekends():
    thursday = at(PARIS, 2026, 11, 26, 12, 0)
    # 1.5 days to Saturday, 5 days of the next week, 0.5 day on the Monday after.
    deadline = add_weekday_time(thursday, 7 * DAY, PARIS)
    assert local(deadline, PARIS) == ("Mon", 2026, 12, 7, 12, 0)
    assert deadline - thursday == 11 * DAY  # two weekends of two days each
    assert weekday_time_between(thursday, deadline, PARIS) == 7 * DAY


def test_a_deadline_that_ends_exactly_with_the_week_is_friday_midnight_not_monday():
    friday = at(PARIS, 2026, 11, 27, 0, 0)
    assert local(add_weekday_time(friday, DAY, PARIS), PARIS) == ("Sat", 2026, 11, 28, 0, 0)


def test_zero_weekday_time_is_now_on_a_weekday_and_monday_in_a_weekend():
    """A bank of zero and nothing else: what the clock asks when nothing is left."""
    wednesday = at(PARIS, 2026, 11, 25, 18, 0)
    assert add_weekday_time(wednesday, timedelta(0), PARIS) == wednesday
    sunday = at(PARIS, 2026, 11, 29, 18, 0)
    assert local(add_weekday_time(sunday, timedelta(0), PARIS), PARIS) == (
        "Mon",
        2026,
        11,
        30,
        0,
        0,
    )


def test_negative_weekday_time_is_refused():
    with pytest.raises(ValueError):
        add_weekday_time(at(PARIS, 2026, 11, 25, 18, 0), -H, PARIS)


def test_time_between_is_nothing_when_the_end_is_not_later():
    wednesday = at(PARIS, 2026, 11, 25, 18, 0)
    assert weekday_time_between(wednesday, wednesday, PARIS) == timedelta(0)
    assert weekday_time_between(wednesday, wednesday - DAY, PARIS) == timedelta(0)


def test_time_between_counts_only_the_weekdays_of_a_span_that_starts_and_ends_in_weekends():
    saturday = at(PARIS, 2026, 11, 28, 10, 0)
    next_sunday = at(PARIS, 2026, 12, 6, 10, 0)
    assert weekday_time_between(saturday, next_sunday, PARIS) == 5 * DAY


# --- daylight saving time ---------------------------------------------------------------------


def test_the_spring_weekend_in_paris_costs_nothing_and_the_deadline_keeps_its_wall_clock_hour():
    """Summer time starts on Sunday 29 March 2026, inside the weekend: the Friday 20:00 start
    still ends at 20:00 on Wednesday (a sum in UTC over whole days would say 21:00)."""
    friday = at(PARIS, 2026, 3, 27, 20, 0)
    deadline = add_weekday_time(friday, 3 * DAY, PARIS)
    assert local(deadline, PARIS) == ("Wed", 2026, 4, 1, 20, 0)
    assert deadline - friday == 5 * DAY - H  # that weekend had 47 hours
    assert weekday_time_between(friday, deadline, PARIS) == 3 * DAY


def test_the_autumn_weekend_in_paris_has_twenty_five_hours_that_do_not_count():
    friday = at(PARIS, 2026, 10, 23, 20, 0)
    deadline = add_weekday_time(friday, 3 * DAY, PARIS)
    assert local(deadline, PARIS) == ("Wed", 2026, 10, 28, 20, 0)
    assert deadline - friday == 5 * DAY + H
    monday = at(PARIS, 2026, 10, 26, 0, 0)
    assert weekend_around(at(PARIS, 2026, 10, 25, 2, 30), PARIS)[1] == monday.astimezone(UTC)


def test_a_weekday_with_a_dst_change_counts_its_real_hours():
    """Israel moves its clocks on Friday 27 March 2026 at 02:00: that Friday has 23 real hours,
    all of them counted; the day's last hour is before the weekend's first."""
    thursday = at(JERUSALEM, 2026, 3, 26, 0, 0)
    assert weekday_time_between(thursday, at(JERUSALEM, 2026, 3, 28, 0, 0), JERUSALEM) == 47 * H
    # Real time: one day from Thursday noon is Friday 13:00 on the wall clock.
    noon = at(JERUSALEM, 2026, 3, 26, 12, 0)
    assert local(add_weekday_time(noon, DAY, JERUSALEM), JERUSALEM) == ("Fri", 2026, 3, 27, 13, 0)


def test_a_monday_midnight_skipped_by_dst_ends_the_weekend_at_the_jump():
    """Tehran's clocks jumped from Monday 22 March 2021 00:00 to 01:00: the weekend ends at the
    jump (20:30 UTC on Sunday), which reads Monday 01:00."""
    sunday = at(TEHRAN, 2021, 3, 21, 12, 0)
    resumed = clock_resumes(sunday, TEHRAN)
    assert resumed == datetime(2021, 3, 21, 20, 30, tzinfo=UTC)
    assert local(resumed, TEHRAN) == ("Mon", 2021, 3, 22, 1, 0)
    assert add_weekday_time(sunday, H, TEHRAN) == resumed + H


def test_a_saturday_midnight_that_happens_twice_starts_the_weekend_at_its_first_time():
    """Gaza put its clocks back from Saturday 24 October 2020 01:00 to 00:00: the weekend starts
    at the first midnight, and the repeated hour is weekend too."""
    start, end = weekend_around(datetime(2020, 10, 23, 21, 30, tzinfo=UTC), GAZA)
    assert start == datetime(2020, 10, 23, 21, 0, tzinfo=UTC)
    repeated = datetime(2020, 10, 23, 22, 30, tzinfo=UTC)  # Saturday 00:30, the second time
    assert local(repeated, GAZA)[:5] == ("Sat", 2020, 10, 24, 0)
    assert weekend_around(repeated, GAZA) == (start, end)
    friday = at(GAZA, 2020, 10, 23, 23, 0)
    assert weekday_time_between(friday, end, GAZA) == H


# --- time zones far from UTC ------------------------------------------------------------------


def test_a_player_in_auckland_stops_on_friday_at_11_utc():
    friday_utc = datetime(2026, 11, 27, 10, 0, tzinfo=UTC)  # 23:00 Friday in Auckland (UTC+13)
    deadline = add_weekday_time(friday_utc, 2 * H, AUCKLAND)
    assert local(deadline, AUCKLAND) == ("Mon", 2026, 11, 30, 1, 0)
    assert deadline == datetime(2026, 11, 29, 12, 0, tzinfo=UTC)  # still Sunday in UTC


def test_the_same_instant_is_a_weekend_in_kiritimati_and_a_weekday_in_pago_pago():
    moment = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)  # Sat 02:00 at UTC+14, Fri 01:00 at UTC-11
    assert weekend_around(moment, KIRITIMATI) is not None
    assert weekend_around(moment, PAGO_PAGO) is None
    assert weekday_time_between(moment, moment + DAY, KIRITIMATI) == timedelta(0)
    assert weekday_time_between(moment, moment + DAY, PAGO_PAGO) == 23 * H


def test_answers_are_utc_instants_whatever_zone_the_start_is_given_in():
    friday = at(PARIS, 2026, 11, 27, 20, 0)
    assert add_weekday_time(friday, H, PARIS).tzinfo is UTC
    assert add_weekday_time(friday.astimezone(AUCKLAND), H, PARIS) == friday + H


# --- the two functions agree ------------------------------------------------------------------

ZONES = st.sampled_from(
    [PARIS, AUCKLAND, KIRITIMATI, PAGO_PAGO, JERUSALEM, TEHRAN, GAZA, ZoneInfo("UTC")]
)
MOMENTS = st.datetimes(
    min_value=datetime(2019, 1, 1), max_value=datetime(2031, 1, 1), timezones=st.just(UTC)
)
AMOUNTS = st.timedeltas(min_value=timedelta(0), max_value=60 * DAY)


@settings(max_examples=300, deadline=None)
@given(zone=ZONES, start=MOMENTS, amount=AMOUNTS)
def test_the_weekday_time_up_to_a_deadline_is_what_was_added(zone, start, amount):
    deadline = add_weekday_time(start, amount, zone)
    assert deadline >= start
    assert weekday_time_between(start, deadline, zone) == amount
    weekend = weekend_around(deadline, zone)  # never inside one: at most at its first instant
    assert weekend is None or weekend[0] == deadline


@settings(max_examples=300, deadline=None)
@given(zone=ZONES, start=MOMENTS, middle=AMOUNTS, more=AMOUNTS)
def test_weekday_time_adds_up_over_consecutive_spans(zone, start, middle, more):
    mid, end = start + middle, start + middle + more
    assert weekday_time_between(start, end, zone) == weekday_time_between(
        start, mid, zone
    ) + weekday_time_between(mid, end, zone)
    assert weekday_time_between(start, end, zone) <= end - start


def test_the_module_is_pure_python():
    source = Path(__file__).resolve().parents[2] / "games" / "clock" / "weekdays.py"
    tree = ast.parse(source.read_text(encoding="utf-8"))
    imported = {
        (node.module or "").split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
    } | {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert "django" not in imported
