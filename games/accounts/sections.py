"""Sections other apps add to a player's public profile (the league: ratings, badges, seasons)
and to the "Players I follow" page (the matches app: their matches and results). An app registers `section(user, *, viewer) -> SafeString` from its AppConfig.ready (`viewer`:
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


# What other apps show on the "Players I follow" page about the players followed (the matches
# app: their matches in progress one may watch, their latest results). A section is
# `section(*, viewer, users) -> SafeString`; `users`: the players `viewer` follows (not empty).
FollowingSection = Callable[..., SafeString]
_following_sections: list[FollowingSection] = []


def on_following_section(section: FollowingSection) -> FollowingSection:
    if section not in _following_sections:
        _following_sections.append(section)
    return section


def following_sections(*, viewer, users) -> list[SafeString]:
    """Each registered section of the following page, in registration order (none without
    anybody followed)."""
    if not users:
        return []
    return [section(viewer=viewer, users=users) for section in list(_following_sections)]
