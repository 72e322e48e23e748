"""Time controls: deadlines per seat, an optional time bank, reminders, timeouts.

`clock_on_match_changed` is registered as a match-changed hook (games/clock/apps.py): it runs
inside the match service's transaction after every change of the game. The background worker
calls `clock_handle_timeouts` and `clock_send_reminders` every minute (games/clock/tasks.py).
Who must act comes from the engine's `to_act`; no rule is known here. Vacation (vacation.py)
moves deadlines; a player who acts is back from it.

A seat's deadline is `start + days_per_move + bank`, where start is now, or the end of the
player's vacation when the match allows vacation. The bank is what is left of earlier turns'
spare time: whatever part of it a turn used is taken off, then `bank_increment_hours` is added
per completed turn, capped at `bank_max_days`.

Weekends: when a turn starts for a player who chose "my clock stops at weekends" in a match
that allows it, the seat keeps that player's time zone (`Seat.weekend_zone`) for the turn, and
both the days per move and the bank are weekday time in it (weekdays.py): the deadline is the
instant at which that much weekday time has passed since the start, and at the turn's end the
bank keeps the weekday time that was left of it. So weekend time never eats the bank, and the
stored deadline is still the real instant the expiry query compares with. The reminders count
their 24 h, 4 h and 1 h in the same weekday time, so none arrives during the weekend.
Changing the setting (or the time zone) applies from the player's next turn: a running
deadline and its settlement keep the rule its turn started with.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db.models import Q

from games.accounts.models import Profile
from games.accounts.selectors import profiles_of, vacation_statuses
from games.clock.selectors import clock_expired, next_turn_weekend_zone
from games.clock.vacation import vacation_end_on_move
from games.clock.weekdays import add_weekday_time, weekday_time_between, zone_named
from games.engine.registry import get_system
from games.matches import services
from games.matches.hooks import MatchChanged
from games.matches.models import Match, Seat
from games.notifications.turns import (
    notify_deadline_reminder,
    notify_timeout,
    notify_turns_later,
)
from games.refusals import Refused

log = logging.getLogger(__name__)

# Reminder escalation: one reminder when each of these is left before the deadline.
REMINDER_STEPS = (timedelta(hours=24), timedelta(hours=4), timedelta(hours=1))


# The most real time 24 h of weekday time can span: one weekend (48 h, 49 h across a DST
# change) and a margin.
_WEEKEND_SPAN = timedelta(days=3)


def _steps_due(remaining: timedelta) -> int:
    return sum(1 for step in REMINDER_STEPS if remaining <= step)


def _to_act(match: Match) -> set[int]:
    system = get_system(match.system)
    return set(system.to_act(system.state_from_json(match.snapshot)))


def _clear(seat: Seat) -> bool:
    changed = seat.deadline is not None or seat.reminders_sent != 0 or seat.weekend_zone != ""
    seat.deadline, seat.reminders_sent, seat.weekend_zone = None, 0, ""
    return changed


def _time_left(seat: Seat, now: datetime) -> timedelta:
    """What the clock still counts before the seat's deadline: real time, or weekday time."""
    assert seat.deadline is not None
    if seat.weekend_zone:
        return weekday_time_between(now, seat.deadline, zone_named(seat.weekend_zone))
    return seat.deadline - now


def _bank_after_turn(*, match: Match, seat: Seat, now: datetime) -> int:
    """The bank is the last part of the turn's time: what the turn used of it is whatever it
    used beyond what is left now (counted as the deadline was: weekday time, or real time)."""
    used = max(
        0, int((timedelta(seconds=seat.bank_seconds) - _time_left(seat, now)).total_seconds())
    )
    bank = max(0, seat.bank_seconds - used) + match.bank_increment_hours * 3600
    return min(bank, match.bank_max_days * 86400)


def _weekend_zone(*, match: Match, seat: Seat, profiles: dict[int, Profile]) -> str:
    """The zone whose weekends stop this seat's new turn, or "" (the clock runs every day)."""
    profile = profiles.get(seat.user_id) if seat.user_id is not None else None
    return next_turn_weekend_zone(match, profile)


def _new_deadline(
    *, match: Match, seat: Seat, now: datetime, on_vacation: dict[int, datetime]
) -> datetime:
    start = now
    if match.vacation_allowed:
        until = on_vacation.get(seat.user_id) if seat.user_id is not None else None
        if until is not None:
            start = max(now, until)
    allowed = timedelta(days=match.days_per_move, seconds=seat.bank_seconds)
    if seat.weekend_zone:
        return add_weekday_time(start, allowed, zone_named(seat.weekend_zone))
    return start + allowed


def clock_on_match_changed(change: MatchChanged) -> None:
    """The match-changed hook: a join, a draw offer or a chat message moves no clock."""
    if change.played:
        clock_after_change(match=change.match, now=change.now, seats=change.seats)


def clock_after_change(*, match: Match, now: datetime, seats: list[Seat] | None = None) -> None:
    """Start, keep or stop each seat's clock after an accepted change (caller holds the lock).
    `seats`: the match's seats as the caller locked them, with their players' profiles (their
    vacations: services.locked_seats); None: read so here."""
    if seats is None:
        seats = services.locked_seats(match)
    users = [s.user for s in seats]
    on_vacation = vacation_statuses(users=users, now=now)
    profiles = profiles_of(users=users)  # no query: the seats came with their profiles
    running = match.status == Match.Status.ACTIVE and match.has_snapshot
    acting = _to_act(match) if running else set()
    back_from_vacation = []
    turns_changed = False  # a human seat's turn started or ended: its player's counts change
    for seat in seats:
        changed = False
        if seat.kind == Seat.Kind.BOT or seat.user_id is None or seat.index not in acting:
            if running and seat.deadline is not None and seat.kind == Seat.Kind.HUMAN:
                # The seat has finished acting: settle its bank, and it is back if away.
                seat.bank_seconds = _bank_after_turn(match=match, seat=seat, now=now)
                if seat.user_id in on_vacation:
                    back_from_vacation.append(seat.user_id)
                changed = True
            changed = _clear(seat) or changed
        elif seat.deadline is None:
            seat.weekend_zone = _weekend_zone(match=match, seat=seat, profiles=profiles)
            seat.deadline = _new_deadline(match=match, seat=seat, now=now, on_vacation=on_vacation)
            # Steps already inside the first period (a one-day clock) are not worth a reminder.
            seat.reminders_sent = _steps_due(seat.deadline - now)
            changed = True
        if changed:
            seat.save(update_fields=["deadline", "reminders_sent", "bank_seconds", "weekend_zone"])
            turns_changed = turns_changed or seat.kind == Seat.Kind.HUMAN
    for user_id in back_from_vacation:
        vacation_end_on_move(user=user_id, now=now)
    if turns_changed:
        notify_turns_later(match_id=match.pk)


def clock_handle_timeouts(*, now: datetime) -> list[tuple[int, int]]:
    """Every seat past its deadline loses on time. One failing match never blocks the others."""
    handled = []
    for match_id, seat_index in clock_expired(now=now):
        try:
            match = services.match_forfeit_on_time(
                match_id=match_id, seat_index=seat_index, now=now
            )
        except Refused:
            continue  # the player moved (or the match ended) since we looked
        except Exception:
            log.exception("timeout of match %s seat %s failed", match_id, seat_index)
            continue
        handled.append((match_id, seat_index))
        if match.status != Match.Status.ACTIVE and not _played_default(match):
            # After the forfeit's commit: both sides learn why the match ended. (A deadline
            # that played the rules' default went on like any move, with its own notices,
            # its result too when that move ended the match: nobody lost on time.)
            notify_timeout(match_id=match_id, seat_index=seat_index)
    return handled


def _played_default(match: Match) -> bool:
    """Whether the timeout just handled played the rules' default (the records it appended)."""
    return any(r.data.get("by_deadline") for r in getattr(match, "appended_records", ()))


def clock_send_reminders(*, now: datetime) -> int:
    """Send each due reminder step once (24 h, 4 h, 1 h before the deadline). A skipped step
    (the worker was down) is not sent late: only the most urgent due one goes out."""
    sent = 0
    candidates = Seat.objects.filter(
        Q(deadline__lte=now + REMINDER_STEPS[0])
        | Q(weekend_zone__gt="", deadline__lte=now + REMINDER_STEPS[0] + _WEEKEND_SPAN),
        match__status=Match.Status.ACTIVE,
        kind=Seat.Kind.HUMAN,
        user__isnull=False,
        deadline__gt=now,
    ).values_list("pk", "match_id", "user_id", "deadline", "reminders_sent", "weekend_zone")
    reminded: set[tuple[int, int]] = set()  # one person holding two seats: one reminder
    for pk, match_id, user_id, deadline, already, zone in candidates.order_by("deadline"):
        # A clock stopped at weekends counts its steps in weekday time: "24 h left" then
        # arrives on the Friday before a Monday deadline, never during the weekend.
        left = weekday_time_between(now, deadline, zone_named(zone)) if zone else deadline - now
        due = _steps_due(left)
        if due <= already:
            continue
        # Conditional update: two workers never send the same step twice.
        if not Seat.objects.filter(pk=pk, reminders_sent=already).update(reminders_sent=due):
            continue
        if (user_id, match_id) in reminded:
            continue
        reminded.add((user_id, match_id))
        if notify_deadline_reminder(user_id=user_id, match_id=match_id, left=left):
            sent += 1
    return sent
