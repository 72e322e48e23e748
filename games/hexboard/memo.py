"""A site's reading of a view kept for the rest of the page.

A page draws its board, hand, panel, titles and previews each from the one view it was given,
and a site's reading of that view into engine terms (a state decoded, or dealt from what the
seat sees) costs more than most of what is drawn from it: read once, it is asked for again by
each part (issue 14).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def by_identity(compute: Callable[[Any], T]) -> Callable[[Any], T]:
    """`compute(data)`, worked out again only for another object than the last one given.

    Only the latest is kept, by identity: a page reads one view, and an equal view read
    elsewhere (another request, another seat's push) computes again, so nothing one reader's
    view gave can reach another's. Given an engine state, which the site shares between the
    requests of one version (`match_view._state_of_version`), the value must be the same for
    every reader: no words of a language, nothing of one seat's. The slot holds its data
    alive, so its id cannot be reused while it is kept. Views and states are not changed once
    the engine wrote them; threads may race on the slot, which at worst computes twice."""
    slot: tuple[Any, T] | None = None

    @functools.wraps(compute)
    def once(data: Any) -> T:
        nonlocal slot
        kept = slot
        if kept is not None and kept[0] is data:
            return kept[1]
        value = compute(data)
        slot = (data, value)
        return value

    return once
