"""Retired names: once an account is deleted its former user name can never be taken again,
at sign-up (AccountAdapter.clean_username: the only place a player chooses a name, Settings
cannot change it); two names that differ only by case or Unicode form count as one, as allauth compares them (it
refuses "Anna" when "anna" exists).

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
from django.utils.translation import gettext_lazy as _

from games.accounts.models import RetiredName

# Told to whoever asks for a retired name (sign-up form): in words, nothing created.
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
