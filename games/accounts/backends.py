"""The authentication backends, each reading a signed-in player's profile with the user: every
request uses it (language and time zone, games/accounts/middleware.py), so it comes in the
user's query instead of a query of its own."""

from __future__ import annotations

from allauth.account.auth_backends import AuthenticationBackend as AllauthBackend
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend as DjangoModelBackend

from hexsite.compiled_select import CompiledSelect


def _user_with_profile(user_id):
    return get_user_model()._default_manager.select_related("profile").filter(pk=user_id)


# Compiled once per connection (hexsite.compiled_select): every signed-in request reads it.
_compiled_user = CompiledSelect(_user_with_profile, "user_id")


class _WithProfile:
    def get_user(self, user_id):
        if type(user_id) is int:
            found = _compiled_user(user_id=user_id)
            user = found[0] if found else None
        else:
            user = _user_with_profile(user_id).first()
        return user if user is not None and self.user_can_authenticate(user) else None


class ModelBackend(_WithProfile, DjangoModelBackend):
    """Django's (usernames, the admin)."""


class AuthenticationBackend(_WithProfile, AllauthBackend):
    """allauth's (usernames or emails, the login form)."""
