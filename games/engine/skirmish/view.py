"""What a seat (or a spectator) may know (§11 "Hidden information"): everything but the other
seats' submitted, unrevealed orders (their view shows only `submitted: true`). Armies, items,
terrain and dice results are public; the seed never appears in a state."""

from __future__ import annotations

from typing import Any

from games.engine.protocol import JSON
from games.engine.skirmish import legal, scenarios
from games.engine.skirmish.position import state_to_json
from games.engine.skirmish.state import SEAT_NAMES, State


def view(state: State, seat: int | None) -> dict[str, JSON]:
    position: dict[str, Any] = state_to_json(state)
    mine = None if seat is None else SEAT_NAMES[seat]
    position["orders"] = {k: v for k, v in position["orders"].items() if k == mine}
    return {
        "schema": 1,
        "seat": seat,
        "position": position,
        "to_act": list(legal.to_act(state)),
        "legal_moves": [] if seat is None else legal.encoded_menu(state, seat),
        "scores": list(scenarios.scores(state)) if state.scenario else [],
        "winner": state.winner,
    }
