"""The moves the generic search's random playouts pick among (`playout_moves`, read by
games/engine/search.py's `playout`): the search judges a candidate by a few random moves after
it, and uniformly random moves in Infinity are mostly steps and turns. So the seat that moves
next in a playout plays worse than either seat would, and a candidate after which the other seat
moves looked better than one after which the seat itself goes on: ending the turn with orders
left beat ordering a Domaru that could fire (a lone Domaru near an Alguacil passed its turn,
test_infinity_bot_approach.py), and a step into an HMG's line of fire was judged by random
reactions, the HMG's shot among a dozen. In a playout: when an attack may be declared (an order's
short skill, spec B.6, or a reaction, B.7: a BS attack or a CC attack), one of the attacks; while
the seat has orders to give, not the end of its turn (B.5: « unused orders are lost at the end of
the turn »). The root's candidates are never narrowed: any legal move may still be played,
ending the turn included."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.infinity.state import State
from games.engine.protocol import JSON

ATTACKS = frozenset({"bs_attack", "cc_attack"})


def playout_moves(state: State, seat: int, moves: Sequence[JSON]) -> list[JSON]:
    """The moves of `moves` (the seat's legal ones) a random playout picks among."""
    attacks = [m for m in moves if m["type"] in ("declare", "aro") and m.get("skill") in ATTACKS]
    if attacks:
        return attacks
    if any(m["type"] == "order" for m in moves):
        return [m for m in moves if m["type"] != "end_turn"]
    return list(moves)
