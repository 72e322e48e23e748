"""Helpers for the paintball engine tests: hand-written positions (README "Position format") and
moves applied with forced dice, as the command line does."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.paintball import moves as mv
from games.engine.paintball.dice import Dice
from games.engine.paintball.position import state_from_json, state_to_json
from games.engine.paintball.state import State
from games.engine.paintball.system import run
from games.engine.protocol import IllegalMove

# §Charger un ennemi, «Exemple : 2 attaquants chargent 2 défenseurs»: two red figures next to
# two blue ones down in (0, 0), the marshals far away (position format, for the command line).
CHARGE_EXAMPLE: dict[str, Any] = {
    "schema": 1,
    "board": "hexon_basic",
    "terrain": [],
    "figures": {
        "r1": {"team": "red", "hex": [0, 1]},
        "r2": {"team": "red", "hex": [1, 0]},
        "b1": {"team": "blue", "hex": [0, 0], "state": "disabled", "disabled_by": "suppressed"},
        "b2": {"team": "blue", "hex": [0, 0], "state": "disabled", "disabled_by": "suppressed"},
    },
    "marshals": {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, -2]}},
}


def fig(team: str, hex_: tuple[int, int], **extra: Any) -> dict[str, Any]:
    return {"team": team, "hex": list(hex_), **extra}


def position(figures: dict[str, dict[str, Any]], **fields: Any) -> State:
    data: dict[str, Any] = {"schema": 1, "board": "hexon_basic", "terrain": [], "figures": figures}
    data.update(fields)
    return state_from_json(data)


class Played:
    def __init__(self, state: State, events: list[Any]) -> None:
        self.state = state
        self.events = events

    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    def first(self, kind: str) -> dict[str, Any]:
        return dict(next(e.data for e in self.events if e.kind == kind))

    def all(self, kind: str) -> list[dict[str, Any]]:
        return [dict(e.data) for e in self.events if e.kind == kind]


def play(state: State, seat: str | None, move: dict[str, Any], dice: list[int] = ()) -> Played:  # type: ignore[assignment]
    """Apply one move with exactly these dice (all of them must be used)."""
    forced = list(dice)
    before = state_to_json(state)
    ctx = run(state, seat, mv.decode(move), Dice(forced=forced))
    assert not forced, f"dice left over: {forced}"
    assert state_to_json(state) == before, "apply changed its input"
    return Played(ctx.state, ctx.events)


def refused(state: State, seat: str | None, move: dict[str, Any], code: str) -> None:
    with pytest.raises(IllegalMove) as info:
        run(state, seat, mv.decode(move), Dice(forced=[]))
    assert info.value.code == code, info.value.reason
