"""Parts of a seat's hand that a redraw leaves to the page when they have not changed since the
page drew them (issue 14: a move's answer of at most 3 KB on the wire). The coach's tips are a
few hundred bytes gzip'd in every answer and push of a new player, and most moves leave them
as they were.

A part's HTML is drawn from the match at one version, the seat, the page's address (the seat
it chose, the picks in its query string) and its language, and from nothing else. So what a
page shows is named by the page itself: the version it shows (`since`), its address
(HX-Current-URL) and its language (`X-Page-Language`, static/js/site.js), and this web process
keeps, per such drawing, a digest of each part's HTML (hexsite/templatetags/left_to_page.py).
A redraw for a page whose drawing is known, when a part's HTML is the same, sends an empty
element of the part's id with hx-preserve and data-placeholder, and htmx keeps the page's own
(README, "Adding a game system"). Two tabs of one seat are two addresses or two languages, or
the same drawing: a pick in one (its own address) changes nothing of what the other is
compared with. When this process does not know the page's drawing (another web process drew
it, or it was forgotten) the part is sent whole; when the page lacks it after all (its reader
hid the tips), static/hexboard/board.js fetches the page once. Nothing of the match's state is
kept here."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import partial
from urllib.parse import urlsplit

from django.http import QueryDict
from django.utils import translation

# (match, seed, seat, part, version, address, language) -> what was drawn; a few drawings of a
# few hundred matches.
MAX_ENTRIES = 4096

_drawn: OrderedDict[tuple, object] = OrderedDict()
_lock = threading.Lock()

Drawing = tuple[int, str, str]  # (version, address, language)


def left_to_page(
    *, match, seat: int, shown: Drawing | None, drawn: Drawing, part: str, drawn_id: object
) -> bool:
    """Whether the page of `seat` showing the drawing `shown` (None: a page drawn whole, or
    unknown) shows `part` as `drawn_id` (a digest of what it draws, or its key: everything it
    is drawn from) already; notes that the drawing `drawn` shows it so."""
    owner = (match.pk, match.seed, seat, part)
    with _lock:
        kept = shown is not None and _drawn.get((*owner, *shown)) == drawn_id
        _drawn[(*owner, *drawn)] = drawn_id
        _drawn.move_to_end((*owner, *drawn))
        while len(_drawn) > MAX_ENTRIES:
            _drawn.popitem(last=False)
    return kept


def address(path: str, query: QueryDict) -> str:
    """A page's address as drawings are named by it (the query string as Django writes it)."""
    encoded = query.urlencode()
    return f"{path}?{encoded}" if encoded else path


def page_shows(
    request, *, match, seat: int | None, since: int, page: str, query: QueryDict
) -> Callable[..., bool] | None:
    """For `seat`'s page that shows version `since` (0: a page drawn whole, or unknown): whether
    it shows a part as an id already (templatetags/left_to_page.py; None for a spectator).
    `page` and `query`: the address and picks this drawing is drawn for. A page names its own
    address (HX-Current-URL) and language; a push (no request of the page's: pushes.py) is
    drawn for a page at `page` without picks, which site.js swaps in only there, and only when
    the page's language is the push's."""
    if seat is None:
        return None
    language = translation.get_language() or ""
    shown = None
    if since:
        current = request.headers.get("HX-Current-URL")
        split = urlsplit(current) if current else None
        at = address(split.path, QueryDict(split.query)) if split else page
        shown = (since, at, request.headers.get("X-Page-Language") or language)
    drawn = (match.version, address(page, query), language)
    return partial(left_to_page, match=match, seat=seat, shown=shown, drawn=drawn)


def clear() -> None:
    with _lock:
        _drawn.clear()
