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
# Versions kept per match and kind: the current one and the one before it (a log's records
# are built from the previous version's, match_log.recent_records_of_version). An engine state
# keeps what its pages worked out (its legal moves, games.engine.memo): older versions would
# only hold memory no page reads again.
VERSIONS_KEPT = 2

_entries: OrderedDict[tuple, object] = OrderedDict()
_versions: dict[tuple, list[int]] = {}  # (kind, match, seed) -> its versions kept, oldest first
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
            _forget_older_versions(key)
            while len(_entries) > MAX_ENTRIES:
                old, _ = _entries.popitem(last=False)
                _unlist(old)
    return value


def _forget_older_versions(key: tuple) -> None:
    """Keys are (kind, match, seed, version): of one (kind, match, seed), only the newest
    VERSIONS_KEPT versions stay."""
    *owner, version = key
    kept = _versions.setdefault(tuple(owner), [])
    if version not in kept:
        kept.append(version)
        kept.sort()
    while len(kept) > VERSIONS_KEPT:
        _entries.pop((*owner, kept.pop(0)), None)


def _unlist(key: tuple) -> None:
    *owner, version = key
    kept = _versions.get(tuple(owner))
    if kept is not None and version in kept:
        kept.remove(version)
        if not kept:
            del _versions[tuple(owner)]


def peek(key: tuple) -> object | None:
    """What is kept for `key`, if anything (nothing inside a transaction)."""
    if connection.in_atomic_block:
        return None
    with _lock:
        return _entries.get(key)


def clear() -> None:
    with _lock:
        _entries.clear()
        _versions.clear()
