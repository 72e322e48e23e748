"""A win estimate in [0, 1] for the generic computer opponent (protocol `evaluate`): surviving
army value on both sides, blended with how the scenario's own count stands now."""

from __future__ import annotations

import math

from games.engine.skirmish import scenarios
from games.engine.skirmish.state import SEAT_NAMES, State


def _value(state: State, seat: int) -> float:
    return float(
        sum(m.cost + (50 if m.hero else 0) for m in state.models if m.seat == seat and m.alive)
    )


def evaluate(state: State, seat: int) -> float:
    if state.phase == "over":
        if state.winner == "draw" or state.winner is None:
            return 0.5
        return 1.0 if state.winner == SEAT_NAMES[seat] else 0.0
    other = 1 - seat
    mine, theirs = _value(state, seat), _value(state, other)
    material = (mine - theirs) / max(mine + theirs, 1.0)  # in [-1, 1]
    objective = 0.0
    if state.scenario:
        figures = scenarios.scores(state)
        spread = figures[seat] - figures[other]
        scale = {"pitched_battle": 150.0, "looting": 10.0}.get(state.scenario, 1.0)
        weight = 0.3 + 0.1 * state.turn  # the objective matters more as the end nears
        objective = weight * math.tanh(spread / scale)
    return 1.0 / (1.0 + math.exp(-2.5 * (material + objective)))
