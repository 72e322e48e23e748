"""Live competition pages: a campaign's or a league season's page follows its changes over the
notify socket. The page says `{"follow": "<kind>.<id>"}`; the socket joins `page.<kind>.<id>`
only when the app that owns the kind says the user may see it (registered with
`on_followable_page`); a change sends `{"type": "page", "page": ...}` and the page refetches
its own HTML over HTTP. No view data ever travels on the socket."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.db import transaction

from games.notifications import sockets

Visible = Callable[[int, object], bool]  # (id, user) -> may see
_kinds: dict[str, Visible] = {}
_PAGE = re.compile(r"^([a-z][a-z-]{0,30})\.(\d{1,18})$")


def on_followable_page(kind: str, visible: Visible) -> None:
    _kinds[kind] = visible


def page_visible(*, page: str, user) -> bool:
    found = _PAGE.match(page)
    if found is None or found.group(1) not in _kinds:
        return False
    return bool(_kinds[found.group(1)](int(found.group(2)), user))


def notify_page_changed(*, kind: str, ident: int) -> None:
    """Every open page of `kind.ident` refetches, once the current transaction commits (at once
    outside one). Several changes in one transaction send several nudges: the pages wait a
    moment before refetching (`delay` in their trigger), so they fetch once."""
    page = f"{kind}.{ident}"

    def send() -> None:
        sockets.send_to_group(f"page.{page}", {"type": "page.changed", "page": page})

    transaction.on_commit(send)
