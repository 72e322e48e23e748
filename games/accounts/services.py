"""Writes about players: their settings. (Vacation, which moves their clocks, belongs to
games.clock.vacation.)"""

from __future__ import annotations

from games.accounts.models import Profile
from games.accounts.selectors import profile_for


def profile_update(*, user, data: dict) -> Profile:
    profile = profile_for(user)
    for field, value in data.items():
        setattr(profile, field, value)
    profile.full_clean()
    profile.save()
    return profile
