"""Writes about players: settings and vacation.

Vacation moves the player's deadlines (in matches that allow it) forward by its length when it
starts and back by what is left when it ends early, so the clock simply stores deadlines and the
expiry query stays one indexed comparison. Days are charged up front and the unused whole days
refunded on an early end (at least one day is always charged).
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.accounts.models import Profile
from games.accounts.selectors import profile_for, vacation_days_left
from games.matches.clock import clock_shift_for_vacation

DAY = timedelta(days=1)


def profile_update(*, user, data: dict) -> Profile:
    profile = profile_for(user)
    for field, value in data.items():
        setattr(profile, field, value)
    profile.full_clean()
    profile.save()
    return profile


def _locked_profile(user) -> Profile:
    profile_for(user)
    return Profile.objects.select_for_update().get(user=user)


def vacation_start(*, user, days: int, now: datetime) -> Profile:
    with transaction.atomic():
        profile = _locked_profile(user)
        if profile.on_vacation_until and profile.on_vacation_until > now:
            raise ValidationError(_("You are already on vacation."))
        if days < 1:
            raise ValidationError(_("A vacation lasts at least one day."))
        left = vacation_days_left(profile=profile, now=now)
        if days > left:
            raise ValidationError(
                _("You have only %(left)d vacation days left this year.") % {"left": left}
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


def vacation_end_on_move(user, *, now: datetime | None = None) -> None:
    """A player who moves is back: the match service (or the clock) calls this."""
    if user is None:
        return
    now = now or timezone.now()
    if Profile.objects.filter(user=user, on_vacation_until__gt=now).exists():
        vacation_stop(user=user, now=now)
