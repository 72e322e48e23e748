"""Helpers for the hardening tests: players who can sign in, and a database address that a
subprocess (another hexsite process) can use to reach the test database."""

from __future__ import annotations

from urllib.parse import quote

from allauth.account.models import EmailAddress
from django.db import connection

from tests.fixtures import make_player


def verified_player(name: str, **profile):
    """A player whose email address is confirmed, so signing in goes straight to the site."""
    user = make_player(name, **profile)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def password_of(user) -> str:
    return f"pw-{user.username}-x9"  # tests/fixtures.make_player's rule


def database_url() -> str:
    db = connection.settings_dict
    host = quote(str(db["HOST"]), safe="") if str(db["HOST"]).startswith("/") else db["HOST"]
    password = f":{quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    return f"postgres://{quote(db['USER'])}{password}@{host}:{db['PORT']}/{db['NAME']}"
