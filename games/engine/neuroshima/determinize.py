"""A whole state built from one seat's view (games/engine/protocol.py, `determinize`).

Everything public comes from the view as it is (the board, discard piles, kept tiles, a running
battle...). What the seat cannot see is dealt at random: per seat, the army's tiles minus every
tile seen so far (on the board, in the discard pile, kept in a hand, killed, and the seat's own
hand) are the tiles still hidden in that seat's pile and unshown hand slots (PRÉPARATION DU JEU:
each army's pile holds its 34 tiles). They are sorted before being shuffled with `rng`, so the
result depends only on the view and `rng`, never on where the true state put them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.engine.neuroshima.state import SCHEMA, State, state_from_json
from games.engine.neuroshima.tiles import deck_of, tile
from games.engine.protocol import ALL_SEATS, JSON
from games.engine.rng import Rng


def _event(seen: dict[str, JSON]) -> dict[str, JSON]:
    """A recent event as the seat saw it, kept as an event everybody sees (it is then shown to
    the seat exactly as before)."""
    data = {k: v for k, v in seen.items() if k != "kind"}
    return {"kind": seen["kind"], "data": data, "visible_to": ALL_SEATS, "redacted": None}


def _seat(
    view: JSON, i: int, seat: int, board: list[dict[str, Any]], rng: Rng
) -> tuple[dict[str, JSON], Rng]:
    mine = view["seats"][i]
    public = view["public"]
    shown: list[bool] = public["shown"][i]
    hand: list[str | None]
    if i == seat:
        hand = list(mine["hand"])
    else:
        kept = iter(mine["kept"])
        hand = [next(kept) if flag else None for flag in shown]
    hidden = [k for k, t in enumerate(hand) if t is None]
    seen = Counter([t for t in hand if t is not None])
    seen.update(mine["discard"])
    seen.update(public["lost"][i])
    seen.update(p["tile"] for p in board if p["seat"] == i and tile(p["tile"]).kind != "hq")
    pool = Counter(deck_of(view["config"]["armies"][i]))
    pool.subtract(seen)
    unseen = sorted(pool.elements())
    if len(unseen) != mine["deck_count"] + len(hidden):
        raise ValueError(f"seat {i}'s tiles do not add up to its army's: not a view of a game")
    dealt, rng = rng.shuffled(unseen)
    for n, k in enumerate(hidden):
        hand[k] = dealt[n]
    data: dict[str, JSON] = {
        "deck": list(dealt[len(hidden) :]),
        "hand": hand,
        "shown": shown,
        "discard": list(mine["discard"]),
        "eliminated": public["eliminated"][i],
        "points": public["points"][i],
    }
    return data, rng


def determinize(view: JSON, seat: int, rng: Rng) -> State:
    """A state consistent with `view` (the seat's own): `view(result, seat) == view`."""
    return deal(view, seat, rng)[0]


def deal(view: JSON, seat: int, rng: Rng) -> tuple[State, Rng]:
    """`determinize`, also returning the rng after the draws (the bot deals several worlds)."""
    if view.get("seat") != seat:
        raise ValueError("determinize needs the view of the seat it deals for")
    public = view["public"]
    position = public["board_before"] or view["position"]
    seats = []
    for i in range(len(view["seats"])):
        data, rng = _seat(view, i, seat, position["tiles"], rng)
        seats.append(data)
    state = state_from_json(
        {
            "schema": SCHEMA,
            "config": view["config"],
            "position": position,
            "seats": seats,
            "phase": view["phase"],
            "current": view["current"],
            "turn": view["turn"],
            "moved": view["moved"],
            "push": public["push"],
            "battle": public["battle_state"],
            "battle_kind": view["battle"],
            "battles": public["battles"],
            "last_tile_by": view["last_tile_drawn_by"],
            "last_turns": view["last_turns"],
            "hq_hits": public["hq_hits"],
            "result": view["outcome"],
            "recent": [_event(e) for e in view["events"]],
        }
    )
    return state, rng
