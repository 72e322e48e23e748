"""Answers worked out once from an immutable engine object.

A position or a state never changes once built, and some answers read from it are asked for
again and again: board facts within one move, a seat's legal moves by every page the site
draws of that version (issue 14: the site keeps a match's state per version). `Memo.memo`
keeps them in the instance's `__dict__`, outside the dataclass fields, so they are never part
of equality, hashing or the JSON. An engine that copies an instance's `__dict__` to build the
next one (a fast `replace`) must drop `MEMO` from the copy.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")
Self = TypeVar("Self", bound="Memo")

MEMO = "_memo"


class Memo:
    """For frozen dataclasses: `memo(key, compute)` and a pickled form without the memo."""

    def memo(self: Self, key: Hashable, compute: Callable[[Self], T]) -> T:
        """compute(self), worked out once per instance and key."""
        table: dict[Hashable, Any] | None = self.__dict__.get(MEMO)
        if table is None:
            table = self.__dict__[MEMO] = {}
        if key in table:
            found: T = table[key]
            return found
        value = table[key] = compute(self)
        return value

    def __getstate__(self) -> dict[str, Any]:
        # The fields only: a memo or a cached hash must not travel (string hashes differ
        # between processes).
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]
