"""What a Neuroshima seat must never find in its view (tests/engine/test_contract.py): the
others' hands while any tile in them is unshown, the tiles they drew and keep hidden, and the
order of every pile, its own too (PRÉPARATION DU JEU: the piles are shuffled face down).

Tile ids are shared by copies and armies show them on the board, so a single id proves nothing:
each secret is a list of two tiles or more, as JSON, which a view holds only if it leaks it.
"""

from __future__ import annotations

import json

from games.engine.neuroshima.state import State


def secrets(state: State, seat: int | None) -> list[str]:
    found = []
    for i, s in enumerate(state.seats):
        if len(s.deck) >= 2:
            found.append(json.dumps(list(s.deck)))
        if i == seat:
            continue
        unshown = [t for t, shown in zip(s.hand, s.shown, strict=True) if not shown]
        if len(s.hand) >= 2 and unshown:
            found.append(json.dumps(list(s.hand)))
        if len(unshown) >= 2:
            found.append(json.dumps(unshown))
    return found
