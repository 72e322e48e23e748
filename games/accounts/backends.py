"""The authentication backends, each reading a signed-in player's profile with the user: every
request uses it (language and time zone, games/accounts/middleware.py), so it comes in the
user's query instead of a query of its own; and that user's query is the session's own when the
session names its player (games/accounts/sessions.py)."""

from __future__ import annotations

from allauth.account.auth_backends import AuthenticationBackend as AllauthBackend
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend as DjangoModelBackend

from games.accounts.sessions import user_read_with_session
from hexsite.compiled_select import CompiledSelect


def _user_with_profile(user_id):
    return get_user_model()._default_manager.select_related("profile").filter(pk=user_id)


# Compiled once per connection (hexsite.compiled_select): every signed-in request reads it.
_compiled_user = CompiledSelect(_user_with_profile, "user_id")


def _read_user(user_id):
    if type(user_id) is int:
        found = _compiled_user(user_id=user_id)
        return found[0] if found else None
    return _user_with_profile(user_id).first()


class _WithProfile:
    def get_user(self, user_id):
        # The session's query brought them along, else one query of their own.
        user = user_read_with_session(user_id) or _read_user(user_id)
        return user if user is not None and self.user_can_authenticate(user) else None


class ModelBackend(_WithProfile, DjangoModelBackend):
    """Django's (usernames, the admin)."""


class AuthenticationBackend(_WithProfile, AllauthBackend):
    """allauth's (usernames or emails, the login form)."""
