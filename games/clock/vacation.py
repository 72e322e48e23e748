"""Vacation: a player's clocks stop in every match that allows it.

Vacation moves the player's deadlines (in matches that allow it) forward by its length when it
starts and back by what is left when it ends early, so the clock simply stores deadlines and the
expiry query stays one indexed comparison. Days are charged up front and the unused whole days
refunded on an early end (at least one day is always charged). The allowance and the dates are
kept on the player's profile (games.accounts.models.Profile); only this module writes them.

With weekends (a seat whose turn counts weekday time: services.py) the two pauses add up: the
clock runs only on weekdays outside the vacation, so such a deadline keeps the weekday time it
had left when the vacation started and counts it from the vacation's end (or from the early
return).
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.accounts.models import Profile
from games.accounts.selectors import profile_for, vacation_days_left
from games.clock.weekdays import add_weekday_time, weekday_time_between, zone_named
from games.matches.models import Match, Seat
from games.refusals import Refused

DAY = timedelta(days=1)


def clock_shift_for_vacation(*, user, runs_from: datetime, instead_of: datetime) -> int:
    """The clocks of `user` where vacation is allowed, which were to run from `instead_of`, run
    from `runs_from`: each running deadline keeps the time it had left after `instead_of`;
    reminders start over. (Real time: the deadline moves by the difference; weekday time: what
    was left of it is counted again from `runs_from`.)"""
    running = Seat.objects.filter(
        user=user,
        deadline__isnull=False,
        match__status=Match.Status.ACTIVE,
        match__vacation_allowed=True,
    )
    moved = running.filter(weekend_zone="").update(
        deadline=F("deadline") + (runs_from - instead_of), reminders_sent=0
    )
    weekday_seats = running.exclude(weekend_zone="").select_for_update(of=("self",))
    for seat in weekday_seats.only("pk", "deadline", "weekend_zone"):
        zone = zone_named(seat.weekend_zone)
        left = weekday_time_between(instead_of, seat.deadline, zone)
        seat.deadline, seat.reminders_sent = add_weekday_time(runs_from, left, zone), 0
        seat.save(update_fields=["deadline", "reminders_sent"])
        moved += 1
    return moved


def _locked_profile(user) -> Profile:
    profile_for(user)
    return Profile.objects.select_for_update().get(user=user)


def vacation_start(*, user, days: int, now: datetime) -> Profile:
    with transaction.atomic():
        profile = _locked_profile(user)
        if profile.on_vacation_until and profile.on_vacation_until > now:
            raise Refused(_("You are already on vacation."))
        if days < 1:
            raise Refused(_("A vacation lasts at least one day."))
        left = vacation_days_left(profile=profile, now=now)
        if days > left:
            raise Refused(
                ngettext(
                    "You have only %(left)d vacation day left this year.",
                    "You have only %(left)d vacation days left this year.",
                    left,
                )
                % {"left": left}
            )
        if profile.vacation_year != now.year:
            profile.vacation_year, profile.vacation_used = now.year, 0
        profile.vacation_used += days
        profile.vacation_started_at = now
        profile.on_vacation_until = now + days * DAY
        profile.save()
        clock_shift_for_vacation(user=user, runs_from=now + days * DAY, instead_of=now)
        return profile


def vacation_stop(*, user, now: datetime) -> Profile:
    with transaction.atomic():
        profile = _locked_profile(user)
        until, started = profile.on_vacation_until, profile.vacation_started_at
        if until is None or until <= now or started is None:
            return profile
        booked = math.ceil((until - started) / DAY)
        charged = max(1, math.ceil((now - started) / DAY))
        if profile.vacation_year == started.year:
            profile.vacation_used = max(0, profile.vacation_used - max(0, booked - charged))
        profile.on_vacation_until = None
        profile.vacation_started_at = None
        profile.save()
        clock_shift_for_vacation(user=user, runs_from=now, instead_of=until)
        return profile


def vacation_end_on_move(*, user, now: datetime | None = None) -> None:
    """A player who moves is back: the clock calls this when their turn is over."""
    if user is None:
        return
    now = now or timezone.now()
    if Profile.objects.filter(user=user, on_vacation_until__gt=now).exists():
        vacation_stop(user=user, now=now)
