"""Who acts, every legal move in a stable order, and a cheap random legal move for playouts and
the bench (enumerating every placement to pick one is the slow part of a random game)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.engine.neuroshima import battle as rules
from games.engine.neuroshima import board
from games.engine.neuroshima.moves import (
    ChoosePushDestination,
    Decide,
    Discard,
    EndTurn,
    Move,
    MoveUnit,
    PlaceHQ,
    PlaceTile,
    PlayAirStrike,
    PlayBattle,
    PlayGrenade,
    PlayMove,
    PlayPush,
    PlaySniper,
    encode,
)
from games.engine.neuroshima.state import State
from games.engine.neuroshima.tiles import tile
from games.engine.protocol import JSON
from games.engine.rng import Rng

STRIKE_MOVES: dict[str, Any] = {
    "sniper": PlaySniper,
    "grenade": PlayGrenade,
    "air_strike": PlayAirStrike,
}


def to_act(state: State) -> tuple[int, ...]:
    if state.phase == "over":
        return ()
    if state.phase == "push" and state.push is not None:
        return (state.push.seat,)
    if state.phase == "battle":
        decision = rules.pending(state.battle)
        return () if decision is None else (decision.seat,)
    return (state.current,)


def _relocations(state: State, seat: int, src: Any) -> list[tuple[Any, int]]:
    held = board.netted(state.position)
    steps = board.move_range(state.position, seat, held)
    placed = state.position.at(src)
    assert placed is not None
    out = []
    for dst in (src, *board.reachable(state.position.occupied(), src, steps)):
        for rotation in range(6):
            if dst != src or rotation != placed.rotation:
                out.append((dst, rotation))
    return out


def mobile_units(state: State, seat: int) -> list[Any]:
    return [h for h in board.mobile_units(state.position, seat) if h not in state.moved]


def movable_tiles(state: State, seat: int) -> list[Any]:
    held = board.netted(state.position)
    return [p.hex for p in state.position.of_seat(seat) if p.hex not in held]


def instant_moves(state: State, seat: int, index: int) -> list[Move]:
    """Every legal way to play the instant at hand[index]."""
    effect = tile(state.seats[seat].hand[index]).instant
    if effect == "battle":
        return [] if state.last_tile_by is not None else [PlayBattle(index)]
    if effect == "move":
        return [
            PlayMove(index, src, dst, rot)
            for src in movable_tiles(state, seat)
            for dst, rot in _relocations(state, seat, src)
        ]
    if effect == "push_back":
        return [PlayPush(index, p, t) for p, t in board.pushes(state.position, seat)]
    if effect in STRIKE_MOVES:
        targets = rules.legal_strike_targets(state.position, seat, effect)
        return [STRIKE_MOVES[effect](index, tuple(t)) for t in targets]
    return []


def encoded_moves(state: State, seat: int) -> list[JSON]:
    """The seat's legal moves in JSON, worked out once per state: the seat's view carries them
    and the platform reads them, at each page the site draws of that version (it keeps the
    state per version; issue 14). The moves are shared by those who read them, read-only."""
    return list(
        state.memo(("legal", seat), lambda s: tuple(encode(m) for m in legal_moves(s, seat)))
    )


def legal_moves(state: State, seat: int) -> list[Move]:
    if seat not in to_act(state):
        return []
    if state.phase == "hq":
        return [PlaceHQ(h) for h in state.position.empty_cells()]
    hand = state.seats[seat].hand
    if state.phase == "discard":
        return [Discard(i) for i in range(len(hand))]
    if state.phase == "push" and state.push is not None:
        return [ChoosePushDestination(h) for h in state.push.options]
    if state.phase == "battle":
        decision = rules.pending(state.battle)
        return [] if decision is None else [Decide(o) for o in decision.options]
    moves: list[Move] = [Discard(i) for i in range(len(hand))]
    empty = state.position.empty_cells()
    for i, tile_id in enumerate(hand):
        if tile(tile_id).is_board_tile:
            moves.extend(PlaceTile(i, h, r) for h in empty for r in range(6))
    # Two copies of one instant give the same moves under each index: worked out once.
    first: dict[str, list[Any]] = {}  # instant moves all have a tile_index
    for i, tile_id in enumerate(hand):
        if not tile(tile_id).is_board_tile:
            if tile_id in first:
                moves.extend(replace(m, tile_index=i) for m in first[tile_id])
            else:
                first[tile_id] = instant_moves(state, seat, i)
                moves.extend(first[tile_id])
    for src in mobile_units(state, seat):
        moves.extend(MoveUnit(src, d, r) for d, r in _relocations(state, seat, src))
    moves.append(EndTurn())
    return moves


def random_move(state: State, seat: int, rng: Rng) -> tuple[Move, Rng]:
    """A legal move of `seat` drawn without enumerating every placement: first a kind of action
    (a tile to place, play or discard, a mobility move, the end of the turn), then its details."""
    if state.phase != "play" or seat != state.current:
        options = legal_moves(state, seat)
        return rng.choice(options)
    hand = state.seats[seat].hand
    empty = state.position.empty_cells()
    kinds: list[tuple[str, int]] = [("end", 0)]
    for i, tile_id in enumerate(hand):
        kinds.append(("discard", i))
        kinds.append(("place" if tile(tile_id).is_board_tile else "instant", i))
    mobile = mobile_units(state, seat)
    if mobile:
        kinds.append(("mobility", 0))
    while True:
        (kind, i), rng = rng.choice(kinds)
        if kind == "end":
            return EndTurn(), rng
        if kind == "discard":
            return Discard(i), rng
        if kind == "place" and empty:
            h, rng = rng.choice(empty)
            r, rng = rng.below(6)
            return PlaceTile(i, h, r), rng
        if kind == "instant" and tile(hand[i]).instant == "move":
            move, rng = _random_tile_move(state, seat, i, rng)
            if move is not None:
                return move, rng
        elif kind == "instant":
            choices = instant_moves(state, seat, i)
            if choices:
                return rng.choice(choices)
        if kind == "mobility":
            src, rng = rng.choice(mobile)
            (dst, r), rng = rng.choice(_relocations(state, seat, src))
            return MoveUnit(src, dst, r), rng
        kinds.remove((kind, i))


def _random_tile_move(state: State, seat: int, index: int, rng: Rng) -> tuple[Move | None, Rng]:
    """rng.choice(instant_moves(...)) for a Mouvement tile, the same draw and the same move,
    without building the hundreds of PlayMove objects (None: no legal move)."""
    options = [(src, _relocations(state, seat, src)) for src in movable_tiles(state, seat)]
    total = sum(len(relocations) for _, relocations in options)
    if not total:
        return None, rng
    k, rng = rng.below(total)
    for src, relocations in options:
        if k < len(relocations):
            dst, rotation = relocations[k]
            return PlayMove(index, src, dst, rotation), rng
        k -= len(relocations)
    raise AssertionError("unreachable")  # pragma: no cover
