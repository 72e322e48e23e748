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


# What a request may change without changing anything: the session, the player's "seen up to"
# mark on a match page, a notice read by opening the page it leads to, the time of the last
# login.
_SKIPPED_MODELS = {
    "sessions.Session",
    "accounts.PlayerSession",
    "contenttypes.ContentType",
    "auth.Permission",
}
_READ_MARKS = {
    ("matches.Seat", "last_seen_version"),
    ("notifications.Notification", "read_at"),
    ("auth.User", "last_login"),
}


def database_digest() -> dict[str, str]:
    """A checksum of every row of every table the site writes (models of all installed apps,
    the job queue included), minus read marks, per table, in one query: equal before and after
    a request means the request changed nothing."""
    from django.apps import apps
    from django.db import connection

    labels, parts = [], []
    for model in apps.get_models():
        label = model._meta.label
        if label in _SKIPPED_MODELS:
            continue
        columns = ", ".join(
            connection.ops.quote_name(f.column)
            for f in model._meta.concrete_fields
            if (label, f.name) not in _READ_MARKS
        )
        table = connection.ops.quote_name(model._meta.db_table)
        labels.append(label)
        parts.append(
            f"(SELECT md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) "
            f"FROM (SELECT {columns} FROM {table}) r)"
        )
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(parts))
        return dict(zip(labels, cursor.fetchone(), strict=True))


def changed_tables(before: dict, after: dict) -> list[str]:
    """The tables whose rows differ between two digests."""
    return sorted(label for label in before if before[label] != after[label])
