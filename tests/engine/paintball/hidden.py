"""What a paintball team must never find in its view (tests/engine/test_contract.py): the other
team's sentry policies and its secret setup or deployment before both are in (spec §12,
"Hidden information"; rules seed 001, §Mode sentinelle)."""

from __future__ import annotations

import json

from games.engine.paintball.board import SEATS
from games.engine.paintball.position import state_to_json
from games.engine.paintball.state import State


def secrets(state: State, seat: int | None) -> list[str]:
    data = state_to_json(state)
    team = None if seat is None else SEATS[seat]
    found = [
        json.dumps(fig)  # a figure with its policy: the view shows it with none
        for fig in data["figures"].values()
        if fig["team"] != team and fig.get("sentry_policy") is not None
    ]
    found += [
        json.dumps(sub) for s, sub in data["submissions"].items() if s != team and sub is not None
    ]
    return found
