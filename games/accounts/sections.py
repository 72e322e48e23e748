"""Sections other apps add to a player's public profile (the league: ratings, badges, seasons).
An app registers `section(user, *, viewer) -> SafeString` from its AppConfig.ready (`viewer`:
who reads the page, so a section shows only what they may see); accounts imports none of them,
as it imports no other app at all."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.safestring import SafeString

ProfileSection = Callable[..., SafeString]
_sections: list[ProfileSection] = []


def on_profile_section(section: ProfileSection) -> ProfileSection:
    if section not in _sections:
        _sections.append(section)
    return section


def profile_sections(*, user, viewer=None) -> list[SafeString]:
    """Each registered section of `user`'s profile as `viewer` may see it, in registration
    order."""
    return [section(user, viewer=viewer) for section in list(_sections)]
