"""Players named in stored lines (a campaign's feed, a season's log) by reference, not only as
text: each line keeps the names it was written with *and* the accounts they belong to, and the
pages show each account's current name. So a player who deletes their account reads
« joueur supprimé <n> » in every line ever written about them, with nothing rewritten (and no
newcomer could inherit those lines by taking the old name: it is retired, retired_names.py).

A writer passes users where it used to pass their names: `by_reference(params)` stores each
user's name (the line still reads without a lookup, e.g. in a JSON export of a deleted account's
data) and its id under USER_IDS. A reader calls `with_current_names(params, ...)` on the lines
it shows: one query for all their accounts, then each referenced name is the account's own."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model

# The key of a line's params that maps each name's key to its account's id (or a list of ids
# for a list of names). Never a key of a line's own ("user_ids" is no sentence's placeholder).
USER_IDS = "user_ids"


def _is_user(value: Any) -> bool:
    return hasattr(value, "get_username") and getattr(value, "pk", None) is not None


def by_reference(params: dict) -> dict:
    """`params` ready to store: users (and lists of users) become their names, and their ids go
    under USER_IDS; every other value is kept as it is."""
    stored: dict[str, Any] = {}
    ids: dict[str, Any] = {}
    for key, value in params.items():
        if _is_user(value):
            stored[key], ids[key] = value.get_username(), value.pk
        elif isinstance(value, list | tuple) and value and all(_is_user(v) for v in value):
            stored[key] = [v.get_username() for v in value]
            ids[key] = [v.pk for v in value]
        else:
            stored[key] = value
    if ids:
        stored[USER_IDS] = ids
    return stored


def with_current_names(lines: Iterable[dict]) -> None:
    """Each line's referenced names become their accounts' current names, in place (the rows
    are read, never saved): one query for every account the lines name."""
    lines = list(lines)
    wanted: set[int] = set()
    for params in lines:
        for ref in (params.get(USER_IDS) or {}).values():
            wanted.update(ref if isinstance(ref, list) else [ref])
    if not wanted:
        return
    names = dict(
        get_user_model()._default_manager.filter(pk__in=wanted).values_list("pk", "username")
    )
    for params in lines:
        for key, ref in (params.get(USER_IDS) or {}).items():
            if isinstance(ref, list):
                old = params.get(key) or []
                params[key] = [
                    names.get(pk, old[i] if i < len(old) else "") for i, pk in enumerate(ref)
                ]
            else:
                params[key] = names.get(ref, params.get(key, ""))


def without_references(params: dict) -> dict:
    """The line's params as a reader outside the site gets them (an export): names only."""
    return {k: v for k, v in params.items() if k != USER_IDS}


# What a user name may hold (Django's UnicodeUsernameValidator): a name inside a text ends where
# these end. A final "." followed by none of them ends a sentence, not the name.
_NAME_CHARS = r"\w.@+\-"


def rename_in_text(text: str, old: str, new: str) -> str:
    """`text` with each whole occurrence of the user name `old` replaced by `new`: "anna" in
    "anna, bruno" or "against anna." but not in "annabel" nor "anna.b" (other players' names),
    for the few texts frozen with a name (another player's inbox: games/notifications/privacy)."""
    if not old or not text or old not in text:
        return text
    pattern = rf"(?<![{_NAME_CHARS}]){re.escape(old)}(?![\w@+\-]|\.[{_NAME_CHARS}])"
    return re.sub(pattern, lambda _m: new, text)


def link_old_lines(Line, User, *, field: str, written_at: str, keys: tuple[str, ...]) -> None:
    """For a data migration (given its historical models): lines written before names were
    stored by reference get the references too. Each name in `keys` of the line's JSON
    `field` is linked to the account holding it now, only if that account existed when the
    line was written (`written_at`): a name freed by a deletion before names were retired,
    then taken by a newcomer, must not hand the newcomer the old lines. A key whose names are
    not all linked keeps its text alone."""
    lines = list(Line.objects.exclude(**{f"{field}__has_key": USER_IDS}))
    names: set = set()
    for line in lines:
        for key in keys:
            value = (getattr(line, field) or {}).get(key)
            names.update(value if isinstance(value, list) else [value])
    wanted = {n for n in names if isinstance(n, str) and n}
    accounts = {
        name: (pk, joined)
        for name, pk, joined in User.objects.filter(username__in=wanted).values_list(
            "username", "pk", "date_joined"
        )
    }
    for line in lines:
        data, ids = dict(getattr(line, field) or {}), {}
        for key in keys:
            value = data.get(key)
            values = value if isinstance(value, list) else [value]
            found = [accounts.get(v) if isinstance(v, str) else None for v in values]
            linked = [f[0] for f in found if f and f[1] <= getattr(line, written_at)]
            if not values or len(linked) != len(values):
                continue
            ids[key] = linked if isinstance(value, list) else linked[0]
        if ids:
            data[USER_IDS] = ids
            setattr(line, field, data)
            line.save(update_fields=[field])
