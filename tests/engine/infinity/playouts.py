"""A random playout from a hand-set table, for the playout tests of a rule (mines, the
Intuitive Attack, the tier-2 skills): every move `legal_moves` lists applies, each position
reads back as the same state, and no view, event or list of offered moves of a step holds
another seat's secret (hidden.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hidden import secrets
from infh import alguacil, keisotsu, position, trooper

from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.state import State
from games.engine.infinity.system import SYSTEM
from games.engine.infinity.view import view
from games.engine.rng import Rng

Moves = list[dict[str, Any]]


def holoprojector_table(profile: str, carriers: tuple[str, str]) -> dict[str, Any]:
    """The table of the Holoprojector playouts, as written by hand (to be completed with the
    standing carrier's secret): a `profile` trooper on each side among two Alguacils and two
    Keisotsus, seat 0's `carriers[0]` still to deploy (seat 0 deploying), seat 1's
    `carriers[1]` standing at (6, 3)."""
    return position(
        [
            trooper(carriers[0], 0, profile, None, 0),
            alguacil("a1", (4, 11)),
            alguacil("a2", (9, 11), kind="hmg"),
            trooper(carriers[1], 1, profile, (6, 3), 3),
            keisotsu("k1", (4, 2)),
            keisotsu("k2", (9, 2), kind="lgl"),
        ],
        lieutenants=("a1", "k1"),
        phase="deployment",
        pending={"seat": 0, "kind": "deploy"},
        orders={0: {}, 1: {}},
        reactions="auto",
    )


def play_out(
    state: State, seed: int, chooser_seed: str, favoured: Callable[[Moves], Moves], steps: int
) -> tuple[State, Moves]:
    """Play at most `steps` moves, each chosen at random among `favoured(legal moves)`; the
    last state and the moves played."""
    rng, chooser = Rng(seed), Rng(chooser_seed)
    played: Moves = []
    for reader in (0, 1, None):  # the table as set, before any move
        assert not [s for s in secrets(state, reader) if s in json.dumps(view(state, reader))]
    for _ in range(steps):
        if SYSTEM.outcome(state) is not None:
            break
        seat = SYSTEM.to_act(state)[0]
        legal = SYSTEM.legal_moves(state, seat)
        offered = json.dumps(legal)
        assert not [s for s in secrets(state, seat) if s in offered]
        move, chooser = chooser.choice(favoured(legal))
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        played.append(move)
        written = state_to_json(state)
        assert state_from_json(json.loads(json.dumps(written))) == state, move
        for reader in (0, 1, None):
            seen = json.dumps([view(state, reader), [e.for_seat(reader) for e in step.events]])
            assert not [s for s in secrets(state, reader) if s in seen], move
    return state, played


def favouring(wanted: Callable[[dict[str, Any]], bool]) -> Callable[[Moves], Moves]:
    """A chooser's pool: the moves `wanted` takes whenever one is offered, else anything but
    ending the turn early (so that the troopers act)."""

    def favoured(moves: Moves) -> Moves:
        playing = [m for m in moves if m["type"] != "end_turn"]
        return [m for m in moves if wanted(m)] or playing or moves

    return favoured


def played_to_the_end(
    state: State, seed: int, chooser_seed: str, favoured: Callable[[Moves], Moves], steps: int
) -> Moves:
    """`play_out`, which must end the game within `steps` moves; the moves played."""
    state, played = play_out(state, seed, chooser_seed, favoured, steps)
    assert SYSTEM.outcome(state) is not None
    return played
