"""Weekday time: the arithmetic of a clock that stops at weekends. Pure Python (no Django).

A weekend is Saturday 00:00 to Monday 00:00 on the player's own wall clock, in their time zone
(zoneinfo, so DST-correct). A clock that stops at weekends counts only the real time elapsed
outside weekends: a weekday with a DST change counts its 23 or 25 real hours, and a weekend
with one costs nothing.

Weekends are found as instants: each is [first instant of Saturday 00:00, first instant of
Monday 00:00). A midnight a DST jump skips is the jump's instant; a midnight that happens twice
(a clock put back across it) is its first time. So weekends never overlap, come in order, and
a moment's being "in a weekend" never depends on reading a repeated hour. Every sum is done on
UTC instants, never by adding to a local time (Python adds wall-clock time there).

Aware datetimes go in; instants come out in UTC.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

SATURDAY = 5  # date.weekday(): Monday is 0
WEEK = timedelta(days=7)
ZERO = timedelta(0)


def zone_named(name: str) -> ZoneInfo:
    """The time zone of that name. A name the tz database no longer knows (profiles are checked
    when saved, the database may change since) counts as UTC rather than stopping a clock."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def _midnight(day: date, zone: ZoneInfo) -> datetime:
    """The first instant of `day` on the wall clock of `zone`, in UTC."""
    return datetime.combine(day, time(0), tzinfo=zone).astimezone(UTC)


def _weekends_from(moment: datetime, zone: ZoneInfo) -> Iterator[tuple[datetime, datetime]]:
    """The weekends (start, end) that end after `moment`, in order, endlessly."""
    local = moment.astimezone(zone)
    # From the week before the one the wall clock reads: a repeated hour may read a day late.
    monday = local.date() - timedelta(days=local.weekday()) - WEEK
    while True:
        start = _midnight(monday + timedelta(days=SATURDAY), zone)
        end = _midnight(monday + WEEK, zone)
        if end > moment:
            yield start, end
        monday += WEEK


def weekend_around(moment: datetime, zone: ZoneInfo) -> tuple[datetime, datetime] | None:
    """(Saturday 00:00, Monday 00:00) of the weekend `moment` falls in, else None."""
    start, end = next(_weekends_from(moment, zone))
    return (start, end) if start <= moment else None


def clock_resumes(moment: datetime, zone: ZoneInfo) -> datetime:
    """When a weekend-stopped clock runs from `moment` on: at once on a weekday, else on the
    Monday 00:00 that ends the weekend."""
    weekend = weekend_around(moment, zone)
    return moment.astimezone(UTC) if weekend is None else weekend[1]


def add_weekday_time(start: datetime, amount: timedelta, zone: ZoneInfo) -> datetime:
    """The instant at which `amount` of weekday time has passed since `start`. (Started in a
    weekend, even a zero amount ends no sooner than Monday 00:00: the clock was stopped.)"""
    if amount < ZERO:
        raise ValueError("weekday time only runs forwards")
    cursor, left = start.astimezone(UTC), amount
    for weekend_start, weekend_end in _weekends_from(cursor, zone):
        if cursor < weekend_start:
            if left <= weekend_start - cursor:
                return cursor + left
            left -= weekend_start - cursor
        cursor = max(cursor, weekend_end)
    raise AssertionError("unreachable: the weekends never run out")


def weekday_time_between(start: datetime, end: datetime, zone: ZoneInfo) -> timedelta:
    """How much weekday time passes from `start` to `end` (nothing when `end` is not later)."""
    counted, cursor = ZERO, start.astimezone(UTC)
    for weekend_start, weekend_end in _weekends_from(cursor, zone):
        if cursor >= end:
            break
        if cursor < weekend_start:
            counted += min(end, weekend_start) - cursor
        cursor = max(cursor, weekend_end)
    return counted
