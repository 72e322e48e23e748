"""What other apps hear from the accounts app, which imports no other app: a handler is
registered from the listening app's AppConfig.ready (notifications tells a player who
started following them and lets the unread notices of a group set to « Rien » go:
games/notifications/social.py)."""

from __future__ import annotations

from collections.abc import Callable

FollowedHandler = Callable[..., None]  # handler(*, follower, followed)
_followed_handlers: list[FollowedHandler] = []


def on_followed(handler: FollowedHandler) -> FollowedHandler:
    if handler not in _followed_handlers:
        _followed_handlers.append(handler)
    return handler


def run_followed_handlers(*, follower, followed) -> None:
    """`follower` started following `followed` (a new follow, not one repeated); run in the
    follow's transaction."""
    for handler in list(_followed_handlers):
        handler(follower=follower, followed=followed)


SilencedHandler = Callable[..., None]  # handler(*, user, groups)
_silenced_handlers: list[SilencedHandler] = []


def on_notices_silenced(handler: SilencedHandler) -> SilencedHandler:
    if handler not in _silenced_handlers:
        _silenced_handlers.append(handler)
    return handler


def run_notices_silenced_handlers(*, user, groups: set[str]) -> None:
    """`user` just set these notice groups to « Rien » (games/accounts/notice_groups.py); run
    in the settings' transaction."""
    for handler in list(_silenced_handlers):
        handler(user=user, groups=groups)
