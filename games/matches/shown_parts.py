"""Parts of a seat's hand that a redraw leaves to the page when they have not changed since the
version the page shows (issue 14: a move's answer of at most 3 KB on the wire). The coach's
tips are a few hundred bytes gzip'd in every answer and push of a new player, and most moves
leave them as they were.

Per web process, what each (match, seat, version) drew of a part, as a digest of its HTML
(hexsite/templatetags/left_to_page.py): a redraw for a page at version V whose part is what V
drew sends an empty element of the part's id with hx-preserve and data-placeholder, and htmx
keeps the page's own (README, "Adding a game system"). When this process does not know what V
drew (another web process drew it, or it was forgotten) the part is sent whole; when the page
lacks it after all (its reader hid the tips), static/hexboard/board.js fetches the page once.
Nothing of the match's state is kept here."""

from __future__ import annotations

import threading
from collections import OrderedDict

# (match, seed, seat, part, version) -> what was drawn; a few versions of a few hundred matches.
MAX_ENTRIES = 4096

_drawn: OrderedDict[tuple, str] = OrderedDict()
_lock = threading.Lock()


def left_to_page(*, match, seat: int, since: int, part: str, drawn_id: str) -> bool:
    """Whether the page of `seat` at version `since` (0: a page drawn whole) shows `part` as
    `drawn_id` (a digest of what it draws) already; notes that a page at the match's version
    now shows it so."""
    owner = (match.pk, match.seed, seat, part)
    with _lock:
        kept = bool(since) and _drawn.get((*owner, since)) == drawn_id
        _drawn[(*owner, match.version)] = drawn_id
        _drawn.move_to_end((*owner, match.version))
        while len(_drawn) > MAX_ENTRIES:
            _drawn.popitem(last=False)
    return kept


def clear() -> None:
    with _lock:
        _drawn.clear()
