"""Reads about players: their profile (created on first need) and their vacation."""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth import get_user_model
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


def vacation_statuses(*, users, now: datetime | None = None) -> dict[int, datetime]:
    """`vacation_status` for many players at once (a match page shows every seat): user id ->
    until when, only for those on vacation. One query, or none when the users were loaded
    with their profile (`select_related("user__profile")`)."""
    users = [u for u in users if u is not None]
    if not users:
        return {}
    now = now or timezone.now()
    cache = get_user_model().profile.related  # the reverse one-to-one "profile"
    if all(cache.is_cached(u) for u in users):
        profiles = [cache.get_cached_value(u) for u in users]
        return {
            p.user_id: p.on_vacation_until
            for p in profiles
            if p is not None and p.on_vacation_until is not None and p.on_vacation_until > now
        }
    return dict(
        Profile.objects.filter(
            user_id__in=[u.pk for u in users], on_vacation_until__gt=now
        ).values_list("user_id", "on_vacation_until")
    )


def vacation_days_left(*, profile: Profile, now: datetime) -> int:
    used = profile.vacation_used if profile.vacation_year == now.year else 0
    return max(0, profile.vacation_days_per_year - used)
