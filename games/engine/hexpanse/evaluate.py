"""A position judged for one seat, in [0, 1], for the generic computer opponent
(games/engine/search.py): mission progress (how many of the nine hexes of the best unblocked
placement the team holds, against the best enemy's), warlord safety (life, and enemy units
next to a warlord on few lives), and a little economy and material."""

from __future__ import annotations

import math

from games.engine.hexgrid import Hex, neighbours
from games.engine.hexpanse.patterns import progress
from games.engine.hexpanse.state import State, team_of


def _missions(state: State, team: tuple[int, ...]) -> list[str]:
    out = [state.common] if state.common else []
    out += [
        m
        for s in team
        if (m := state.seats[s].secret_mission) and state.seats[s].alive and m != "hidden"
    ]
    return out


def mission_progress(state: State, seat: int) -> int:
    """The most hexes the seat's team holds of one placement no other unit blocks."""
    team = team_of(state.teams, seat)
    owned = frozenset(h for h, u in state.units if u.owner in team)
    blocked = frozenset(h for h, u in state.units if u.owner not in team)
    best = 0
    for code in _missions(state, team):
        best = max(best, progress(code, state.board, state.players, owned, blocked)[0])
    return best


def _urgency(p: int) -> float:
    """Progress weighs more as the mission nears completion (9)."""
    return p + max(0, p - 5) * 1.5


def _danger(state: State, seat: int, units: dict[Hex, int | None]) -> float:
    """How exposed the warlord is: enemy units next to it, weighed by how few lives it has."""
    s = state.seats[seat]
    where = next((h for h, u in state.units if u.owner == seat and u.kind == "warlord"), None)
    if where is None:
        return 0.0
    team = team_of(state.teams, seat)
    threats = sum(1 for n in neighbours(where) if n in units and units[n] not in (*team, None))
    return threats * (3.0 / max(s.life, 1))


def evaluate(state: State, seat: int) -> float:
    if state.result is not None:
        return 1.0 if seat in state.result.winner else 0.0
    team = team_of(state.teams, seat)
    units = {h: u.owner for h, u in state.units}
    mine = _urgency(mission_progress(state, seat))
    enemies = [i for i, s in enumerate(state.seats) if s.alive and i not in team]
    theirs = max((_urgency(mission_progress(state, e)) for e in enemies), default=0.0)
    me = state.seats[seat]
    lives = me.life - max((state.seats[e].life for e in enemies), default=0)
    economy = me.income * 0.6 + min(me.hexilum, 12) * 0.08 + len(me.hand) * 0.2
    economy += sum(n for _, n in me.mercs) * 0.3
    score = (
        0.55 * (mine - theirs)
        + 0.25 * lives
        - 1.2 * _danger(state, seat, units)
        + 0.4 * sum(_danger(state, e, units) for e in enemies)
        + 0.3 * economy
    )
    if not me.alive:
        return 0.0
    if me.life <= 1:
        score -= 2.0
    return 1.0 / (1.0 + math.exp(-score / 4.0))
