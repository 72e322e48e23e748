"""A tiny real game system for platform tests ("claim"): players take turns placing tiles from a
hidden hand onto free hexes; a turn is up to two placements then "end", which draws back up to
two tiles from a shuffled deck (a reveal). Highest total of placed tile values wins.

Tile names are distinctive strings ("qz07j") so hidden-information tests can search responses
for other seats' hands and the deck order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from games.engine import registry
from games.engine.protocol import (
    Event,
    IllegalMove,
    MalformedMove,
    Outcome,
    SystemDefaults,
    Transition,
)
from games.engine.rng import Rng

HAND = 2
PER_TURN = 2


def tile_name(n: int) -> str:
    return f"qz{n:02d}j"


def tile_value(name: str) -> int:
    return int(name[2:4]) % 5 + 1


@dataclass(frozen=True)
class State:
    hexes: int
    board: tuple[tuple[int, str] | None, ...]  # (owner, tile) or None
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    turn: int
    placed: int  # placements this turn
    forfeited: frozenset[int] = frozenset()


class ClaimSystem(SystemDefaults):
    key = "claim"
    version = 1
    state_schema = 1
    min_seats = 2
    max_seats = 4
    allows_draw = True

    def validate_config(self, config: Mapping[str, Any], seats: int) -> dict[str, Any]:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError("Claim needs 2 to 4 players.")
        hexes = config.get("hexes", 8)
        if not isinstance(hexes, int) or not 4 <= hexes <= 30:
            raise ValueError("The board must have between 4 and 30 hexes.")
        return {"hexes": hexes}

    def setup(self, config: Mapping[str, Any], seats: int, rng: Rng) -> Transition:
        deck, rng = rng.shuffled([tile_name(n) for n in range(40)])
        hands = tuple(deck[i * HAND : (i + 1) * HAND] for i in range(seats))
        state = State(
            hexes=config["hexes"],
            board=(None,) * config["hexes"],
            hands=hands,
            deck=deck[seats * HAND :],
            turn=0,
            placed=0,
        )
        events = tuple(
            Event("TilesDrawn", {"seat": s, "tiles": list(h)}, (s,), {"seat": s, "count": len(h)})
            for s, h in enumerate(hands)
        )
        return Transition(state, events, rng, reveals=True)

    def to_act(self, state: State) -> tuple[int, ...]:
        return () if self.outcome(state) else (state.turn,)

    def legal_moves(self, state: State, seat: int) -> list[Any]:
        if seat not in self.to_act(state):
            return []
        moves: list[Any] = []
        if state.placed < PER_TURN:
            for h, cell in enumerate(state.board):
                if cell is None:
                    moves.extend({"type": "claim", "hex": h, "tile": t} for t in state.hands[seat])
        if state.placed > 0 or not moves:
            moves.append({"type": "end"})
        return moves

    def apply(self, state: State, seat: int, move: Any, rng: Rng) -> Transition:
        if not isinstance(move, dict) or move.get("type") not in ("claim", "end"):
            raise MalformedMove("This is not a move of this game.")
        if seat not in self.to_act(state):
            raise IllegalMove("It is not your turn.")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("That placement is not allowed.")
        if move["type"] == "claim":
            board = list(state.board)
            board[move["hex"]] = (seat, move["tile"])
            hands = list(state.hands)
            hands[seat] = tuple(t for t in hands[seat] if t != move["tile"])
            new = replace(state, board=tuple(board), hands=tuple(hands), placed=state.placed + 1)
            event = Event("TileClaimed", {"seat": seat, "hex": move["hex"], "tile": move["tile"]})
            return Transition(new, (event,), rng)
        need = HAND - len(state.hands[seat])
        drawn, deck = state.deck[:need], state.deck[need:]
        hands = list(state.hands)
        hands[seat] = hands[seat] + drawn
        new = replace(state, hands=tuple(hands), deck=deck, placed=0, turn=self._next(state, seat))
        events: tuple[Event, ...] = (Event("TurnEnded", {"seat": seat}),)
        if drawn:
            events = (
                Event(
                    "TilesDrawn",
                    {"seat": seat, "tiles": list(drawn)},
                    (seat,),
                    {"seat": seat, "count": len(drawn)},
                ),
                *events,
            )
        # Drawing consumes a random number too, so the rng counter moves with reveals.
        if drawn:
            _, rng = rng.below(2)
        return Transition(new, events, rng, reveals=bool(drawn), ends_turn=True)

    def _next(self, state: State, seat: int) -> int:
        n = len(state.hands)
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if candidate not in state.forfeited:
                return candidate
        return seat

    def scores(self, state: State) -> tuple[int, ...]:
        totals = [0] * len(state.hands)
        for cell in state.board:
            if cell is not None:
                totals[cell[0]] += tile_value(cell[1])
        return tuple(totals)

    def outcome(self, state: State) -> Outcome | None:
        n = len(state.hands)
        alive = [s for s in range(n) if s not in state.forfeited]
        scores = self.scores(state)
        if len(alive) == 1:
            return Outcome(tuple(0 if s in alive else 1 for s in range(n)), scores, "forfeit")
        full = all(cell is not None for cell in state.board)
        empty = not state.deck and not any(state.hands[s] for s in alive)
        if not (full or empty) or state.placed:
            return None
        ordered = sorted({scores[s] for s in alive}, reverse=True)
        ranks = tuple(ordered.index(scores[s]) if s in alive else len(ordered) for s in range(n))
        return Outcome(ranks, scores, "board full")

    def view(self, state: State, seat: int | None) -> Any:
        view: dict[str, Any] = {
            "board": [None if c is None else [c[0], c[1]] for c in state.board],
            "hand_sizes": [len(h) for h in state.hands],
            "deck_size": len(state.deck),
            "turn": state.turn,
            "scores": list(self.scores(state)),
        }
        if seat is not None:
            view["hand"] = list(state.hands[seat])
        return view

    def state_to_json(self, state: State) -> Any:
        return {
            "schema": self.state_schema,
            "hexes": state.hexes,
            "board": [None if c is None else [c[0], c[1]] for c in state.board],
            "hands": [list(h) for h in state.hands],
            "deck": list(state.deck),
            "turn": state.turn,
            "placed": state.placed,
            "forfeited": sorted(state.forfeited),
        }

    def state_from_json(self, data: Any) -> State:
        return State(
            hexes=data["hexes"],
            board=tuple(None if c is None else (c[0], c[1]) for c in data["board"]),
            hands=tuple(tuple(h) for h in data["hands"]),
            deck=tuple(data["deck"]),
            turn=data["turn"],
            placed=data["placed"],
            forfeited=frozenset(data["forfeited"]),
        )

    def forfeit(self, state: State, seat: int, reason: str) -> Transition:
        forfeited = state.forfeited | {seat}
        turn = self._next(state, seat) if state.turn == seat else state.turn
        new = replace(
            state, forfeited=forfeited, turn=turn, placed=0 if turn != state.turn else state.placed
        )
        return Transition(
            new, (Event("PlayerResigned", {"seat": seat, "reason": reason}),), Rng("")
        )


class ClaimWithDefault(ClaimSystem):
    """Claim whose turn, once a tile is placed, ends by default when the deadline passes (the
    rules' default a deadline plays: `timeout_move`)."""

    key = "claimdefault"

    def timeout_move(self, state: State, seat: int):
        return {"type": "end"} if state.placed else None


claim = ClaimSystem()


def install() -> ClaimSystem:
    registry.register(claim)
    return claim
