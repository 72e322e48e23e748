"""The hand's parts that a redraw leaves to the page (`{% left_to_page name key %}`,
hexsite/templatetags/left_to_page.py), named by what they are drawn from rather than by their
HTML, so that a part the page shows already is not drawn at all (issue 14: the coach's tips and
the hand's links were drawn for every answer, pick and push, then hashed and dropped).

A key holds everything its part's template reads but what names the page's drawing already
(the match, the reader's seat, the page's address and language: matches/shown_parts.py): every
field of each tip or link, taken generically so that a field added later is keyed too, and
the addresses the part writes. What a key left out would leave a page stale:
tests/hexboard/test_hand_parts_keyed.py changes each input."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields, is_dataclass

from django.utils.safestring import SafeData


def _written(value: object) -> object:
    # A string the template writes as it is (safe) and one it escapes draw differently.
    return (value, isinstance(value, SafeData)) if isinstance(value, str) else value


def _items_key(items: Iterable[object]) -> tuple | None:
    """Each item's fields as the template reads them; None (the part named by its HTML, as
    left_to_page does without a key) for an item that is no dataclass."""
    out = []
    for item in items:
        if not is_dataclass(item) or isinstance(item, type):
            return None
        out.append(tuple(_written(getattr(item, f.name)) for f in fields(item)))
    return tuple(out)


def coach_key(tips: Iterable[object], urls: Mapping[str, str]) -> tuple | None:
    """hexboard/_coach.html's key: the tips, and the addresses of its "hide the tips" form."""
    items = _items_key(tips)
    if items is None:
        return None
    return ("coach", items, urls.get("hide_tips", ""), urls.get("page", ""))


def links_key(links: Iterable[object]) -> tuple | None:
    """hexboard/_links.html's key: the links (their words, addresses and test ids)."""
    items = _items_key(links)
    return None if items is None else ("links", items)
