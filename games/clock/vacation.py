"""Vacation: a player's clocks stop in every match that allows it.

Vacation moves the player's deadlines (in matches that allow it) forward by its length when it
starts and back by what is left when it ends early, so the clock simply stores deadlines and the
expiry query stays one indexed comparison. Days are charged up front and the unused whole days
refunded on an early end (at least one day is always charged). The allowance and the dates are
kept on the player's profile (games.accounts.models.Profile); only this module writes them.
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
from games.matches.models import Match, Seat
from games.refusals import Refused

DAY = timedelta(days=1)


def clock_shift_for_vacation(*, user, delta: timedelta) -> int:
    """Move the running deadlines of `user` where vacation is allowed; reminders start over."""
    return Seat.objects.filter(
        user=user,
        deadline__isnull=False,
        match__status=Match.Status.ACTIVE,
        match__vacation_allowed=True,
    ).update(deadline=F("deadline") + delta, reminders_sent=0)


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
        clock_shift_for_vacation(user=user, delta=days * DAY)
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
        clock_shift_for_vacation(user=user, delta=-(until - now))
        return profile


def vacation_end_on_move(*, user, now: datetime | None = None) -> None:
    """A player who moves is back: the clock calls this when their turn is over."""
    if user is None:
        return
    now = now or timezone.now()
    if Profile.objects.filter(user=user, on_vacation_until__gt=now).exists():
        vacation_stop(user=user, now=now)
