"""Builders for Neuroshima flow tests: games with rigged piles, boards drawn as tile lists."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from games.engine.neuroshima.moves import Move, decode, encode
from games.engine.neuroshima.position import PlacedTile
from games.engine.neuroshima.state import State
from games.engine.neuroshima.system import SYSTEM, apply_move
from games.engine.neuroshima.tiles import deck_of
from games.engine.protocol import Event
from games.engine.rng import Rng

RNG = Rng("test")


def rigged_deck(army: str, top: list[str]) -> tuple[str, ...]:
    """The army's pile with `top` drawn first (short names: "bataille" -> "<army>.bataille")."""
    ids = [t if "." in t else f"{army}.{t}" for t in top]
    rest = Counter(deck_of(army))
    rest.subtract(Counter(ids))
    assert all(n >= 0 for n in rest.values()), f"not enough tiles for {top}"
    tail = []
    for t in deck_of(army):
        if rest[t] > 0:
            tail.append(t)
            rest[t] -= 1
    return (*ids, *tail)


def new_game(armies: list[str], piles: dict[int, list[str]] | None = None, **config: Any) -> State:
    state: State = SYSTEM.setup({"armies": armies, **config}, len(armies), RNG).state
    for seat, top in (piles or {}).items():
        state = state.with_seat(seat, deck=rigged_deck(armies[seat], top))
    return state


def after_hqs(armies: list[str], hqs: list[tuple[int, int]], **kw: Any) -> State:
    state = new_game(armies, **kw)
    for seat, h in enumerate(hqs):
        state = play(state, seat, {"type": "PlaceHQ", "hex": list(h)})
    return state


def board_game(
    armies: list[str],
    tiles: list[tuple[Any, ...]],
    hands: dict[int, list[str]] | None = None,
    current: int = 0,
    **config: Any,
) -> State:
    """A game in seat `current`'s play phase with the given tiles (id, seat, hex, rotation[,
    wounds]) on
    the board and hands; piles as dealt."""
    state = new_game(armies, **config)
    placed = [PlacedTile(t, s, h, r, *wounds) for t, s, h, r, *wounds in tiles]
    state = replace(
        state,
        position=state.position.with_tiles(placed),
        phase="play",
        current=current,
        turn=len(armies) + 1,
    )
    for seat, hand in (hands or {}).items():
        ids = tuple(t if "." in t else f"{armies[seat]}.{t}" for t in hand)
        state = state.with_seat(seat, hand=ids, shown=(False,) * len(ids))
    return state


def play(state: State, seat: int, move: dict[str, Any] | Move) -> State:
    data = move if isinstance(move, dict) else encode(move)
    return SYSTEM.apply(state, seat, data, RNG).state


def step(state: State, seat: int, move: dict[str, Any]) -> tuple[State, tuple[Event, ...]]:
    t = SYSTEM.apply(state, seat, move, RNG)
    return t.state, t.events


def at(state: State, h: tuple[int, int]) -> tuple[str, int, int] | None:
    p = state.position.at(h)
    return None if p is None else (p.tile, p.seat, p.rotation)


def run_internal(state: State, seat: int, move: Move) -> State:
    return apply_move(state, seat, move, RNG).state


__all__ = ["decode", "encode"]
