"""A win estimate in [0, 1] for the generic computer opponent (protocol `evaluate`): surviving
army value on both sides, how the scenario's own count stands now, and, since a count only
moves when models get somewhere, how close each side is to what the scenario rewards (the hill,
the terrain pieces, the barrel and the enemy half, the prison, enemies to loot in melee)."""

from __future__ import annotations

import math

from games.engine.hexgrid import Hex, distance
from games.engine.skirmish import scenarios
from games.engine.skirmish.boards import TERRAIN, y2
from games.engine.skirmish.state import SEAT_NAMES, Model, State

REACH = 12.0  # hexes: farther than this counts as far away


def _value(state: State, seat: int) -> float:
    return float(
        sum(m.cost + (50 if m.hero else 0) for m in state.models if m.seat == seat and m.alive)
    )


def _closeness(models: list[Model], spots: list[Hex]) -> float:
    """Mean over the models of how near each stands to its nearest spot, in [0, 1]."""
    if not models or not spots:
        return 0.0
    near = [min(distance(m.hex, s) for s in spots) for m in models if m.hex is not None]
    return sum(1.0 - min(d, REACH) / REACH for d in near) / max(len(near), 1)


def _approach(state: State, seat: int) -> float:
    """How near `seat` stands to what its scenario rewards, in [0, 1]."""
    mine = state.on_table(seat)
    enemies = [m.hex for m in state.on_table(1 - seat) if m.hex is not None]
    sc = state.scen
    if state.scenario == "king_of_the_hill":
        return _closeness(mine, [h for p in state.terrain if p.type == "hill" for h in p.hexes])
    if state.scenario == "hold_the_ground":
        pieces = [h for p in state.terrain if TERRAIN[p.type][0] is not None for h in p.hexes]
        return _closeness(mine, pieces)
    if state.scenario == "radioactive_barrel" and sc.barrel is not None:
        towards = -1 if state.edges[seat] == "south" else 1  # the enemy half's sign of y2
        carrier = state.by_id.get(sc.barrel.carrier or "")
        held = 0.0 if carrier is None else (0.5 if carrier.seat == seat else -0.5)
        progress = max(-1.0, min(1.0, towards * y2(sc.barrel.hex) / 10.0))
        return 0.5 + 0.25 * (held + progress) + 0.25 * _closeness(mine, [sc.barrel.hex]) - 0.25
    if state.scenario == "rescue" and sc.roles is not None and sc.prison is not None:
        prisoner = state.by_id.get(sc.prisoner or "")
        if seat == sc.roles[0]:
            if prisoner is not None and prisoner.prisoner == "escaped":
                return 1.0
            free = prisoner is not None and prisoner.prisoner == "free" and prisoner.alive
            return 0.5 * free + 0.5 * _closeness(mine, [sc.prison])
        return _closeness(mine, [sc.prison])
    if state.scenario in ("looting", "pitched_battle"):
        return _closeness(mine, enemies)
    return 0.0


def evaluate(state: State, seat: int) -> float:
    if state.phase == "over":
        if state.winner == "draw" or state.winner is None:
            return 0.5
        return 1.0 if state.winner == SEAT_NAMES[seat] else 0.0
    other = 1 - seat
    mine, theirs = _value(state, seat), _value(state, other)
    material = (mine - theirs) / max(mine + theirs, 1.0)  # in [-1, 1]
    if state.scenario == "looting":
        material *= 0.4  # only melee kills pay: a shot enemy is loot lost
    objective = 0.0
    if state.scenario:
        figures = scenarios.scores(state)
        spread = figures[seat] - figures[other]
        scale = {"pitched_battle": 150.0, "looting": 10.0}.get(state.scenario, 1.0)
        weight = 0.3 + 0.1 * state.turn  # the objective matters more as the end nears
        objective = weight * math.tanh(spread / scale)
        objective += 0.3 * (_approach(state, seat) - _approach(state, other))
    return 1.0 / (1.0 + math.exp(-2.5 * (material + objective)))
