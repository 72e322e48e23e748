"""Reads about players: their profile (created on first need) and their vacation."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from games.accounts.models import Profile


def profile_for(user) -> Profile:
    """The user's profile, created with defaults the first time anyone asks."""
    profile, _ = Profile.objects.get_or_create(user=user)
    return profile


def vacation_status(user, *, now: datetime | None = None) -> datetime | None:
    """Until when `user` is on vacation, or None. Opponents see this next to the player."""
    if user is None:
        return None
    now = now or timezone.now()
    until = (
        Profile.objects.filter(user=user, on_vacation_until__gt=now)
        .values_list("on_vacation_until", flat=True)
        .first()
    )
    return until


def vacation_days_left(*, profile: Profile, now: datetime) -> int:
    used = profile.vacation_used if profile.vacation_year == now.year else 0
    return max(0, profile.vacation_days_per_year - used)
