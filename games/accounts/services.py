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


def profile_set_language(*, user, language: str) -> Profile:
    """The language every page speaks to `user` (the header's switch)."""
    profile = profile_for(user)
    if profile.language != language:
        profile.language = language
        profile.full_clean()
        profile.save(update_fields=["language"])
    return profile
