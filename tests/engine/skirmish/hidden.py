"""What a skirmish seat must never find in its view (tests/engine/test_contract.py): the other
side's submitted orders before the reveal (spec §11, "Hidden information"; rules seed 004,
simultaneous orders on hexes). Everything else in the game is public."""

from __future__ import annotations

import json

from games.engine.skirmish.position import state_to_json
from games.engine.skirmish.state import SEAT_NAMES, State


def secrets(state: State, seat: int | None) -> list[str]:
    orders = state_to_json(state)["orders"]
    mine = None if seat is None else SEAT_NAMES[seat]
    return [json.dumps(v) for k, v in orders.items() if k != mine and v]
