"""What every reader of a match at one version shares, read once per process: the records of
the log's recent window. A match at version V has exactly the records of seq <= V, and records
are never changed once committed (services.common.append), so (match, seed, version) names them
for good. The seed keeps two matches apart should a database reuse an id (a test database's
reset sequences).

What is kept is the stored records, every event with its own visibility: each reader's page
still filters them through `match_log.event_for_reader`, so one reader's log never reaches
another. Only what a committed read returned is kept: never inside a transaction (whose writes
may be rolled back, and another change then committed as the same version)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

from django.db import connection

T = TypeVar("T")

# Matches whose pages are being played at once, per web process; a miss costs one query.
MAX_ENTRIES = 512

_entries: OrderedDict[tuple, object] = OrderedDict()
_lock = threading.Lock()


def cached(key: tuple, read: Callable[[], T], *, keep: Callable[[T], bool]) -> T:
    """`read()`, or what it returned before for `key`. What `keep` refuses is not kept (a read
    that saw a newer version than its key)."""
    if connection.in_atomic_block:
        return read()
    with _lock:
        if key in _entries:
            _entries.move_to_end(key)
            return _entries[key]  # type: ignore[return-value]
    value = read()
    if keep(value):
        with _lock:
            _entries[key] = value
            while len(_entries) > MAX_ENTRIES:
                _entries.popitem(last=False)
    return value


def peek(key: tuple) -> object | None:
    """What is kept for `key`, if anything (nothing inside a transaction)."""
    if connection.in_atomic_block:
        return None
    with _lock:
        return _entries.get(key)


def clear() -> None:
    with _lock:
        _entries.clear()
