"""Retired names: once an account is deleted its former user name can never be taken again,
by anyone, on any path that sets a user name: `refuse_retired_name` is one of the validators of
the user model's username field (AccountsConfig.ready adds it), which every such path runs:
the sign-up (allauth's clean_username runs the field's validators; the only place a player
chooses a name, Settings cannot change it), the admin's add and change forms (their model
validation), `createsuperuser` (interactive or not). Code that saves a user without validating
it (`User.objects.create_user` in a shell, the demo, the tests) is the operator's own, as it is
for every other rule of a name. Two names that differ only by case or Unicode form count as
one, as allauth compares them (it refuses "Anna" when "anna" exists).

An account that already holds a retired name (given through the admin before this check) must
be renamed before the admin saves any other change to it: the name is validated on each save.

What is kept is an HMAC-SHA256 of the normalised name keyed with the site's SECRET_KEY, not the
name: the deletion promised to forget the player, and a list of former names would remember
exactly who left. A plain or salted digest would not do either: user names are short and
guessable, so anyone holding a copy of the database (a backup) could hash a dictionary of
names and read the list back; without the key they cannot. The check asks "is this name's
digest among them?", which needs nothing else. A new SECRET_KEY makes the digests unreadable:
keep the old key in SECRET_KEY_FALLBACKS (Django's setting), which is checked too."""

from __future__ import annotations

import hashlib
import hmac
import unicodedata

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from games.accounts.models import RetiredName

# Told to whoever asks for a retired name (sign-up, admin, createsuperuser): nothing created.
RETIRED_NAME_MESSAGE = _("This name belonged to a deleted account; choose another one.")

_PURPOSE = b"hexsite.retired-user-name:"


def _normalised(username: str) -> str:
    # NFKC as Django normalises user names, then casefold: "Anna", "ANNA" and "anna" are one.
    return unicodedata.normalize("NFKC", username or "").strip().casefold()


def _digest(username: str, key: str) -> str:
    message = _PURPOSE + _normalised(username).encode()
    return hmac.new(key.encode(), message, hashlib.sha256).hexdigest()


def retire_name(username: str) -> None:
    """`username` (a deleted account's former name) can never be taken again."""
    if _normalised(username):
        RetiredName.objects.get_or_create(digest=_digest(username, settings.SECRET_KEY))


def name_is_retired(username: str) -> bool:
    if not _normalised(username):
        return False
    keys = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    return RetiredName.objects.filter(digest__in=[_digest(username, k) for k in keys]).exists()


def refuse_retired_name(username: str) -> None:
    """The username field's validator: a retired name is refused, in the sign-up's words."""
    if name_is_retired(username):
        raise ValidationError(RETIRED_NAME_MESSAGE, code="username_retired")


def username_refuses_retired_names() -> None:
    """Adds refuse_retired_name to the user model's username field's validators (once). Added to
    the field's list of validators as Django reads it, not to its declaration: the field keeps
    deconstructing as django.contrib.auth declares it, so no migration of auth's follows."""
    from django.contrib.auth import get_user_model

    User = get_user_model()
    validators = User._meta.get_field(User.USERNAME_FIELD).validators
    if refuse_retired_name not in validators:
        validators.append(refuse_retired_name)
