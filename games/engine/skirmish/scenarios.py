"""The six scenarios on hexes (skirmish.md §10; rulebook 004 "Scénarios"): every one lasts six
turns ("Tous les scénarios durent 6 tours"); the winner is decided at the end."""

from __future__ import annotations

from games.engine.skirmish.boards import TERRAIN, in_half, opposite
from games.engine.skirmish.state import SEAT_NAMES, State

SCENARIOS = (
    "pitched_battle",
    "hold_the_ground",
    "king_of_the_hill",
    "rescue",
    "radioactive_barrel",
    "looting",
)
TURNS = 6


def _models_on(state: State, hexes: set[tuple[int, int]]) -> list[int]:
    counts = [0] * state.seats
    for m in state.on_table():
        if m.hex in hexes:
            counts[m.seat] += 1
    return counts


def scores(state: State) -> tuple[float, ...]:
    """Each seat's scenario figure (more is better), used for the winner and for tie-breaks."""
    sc = state.scen
    if state.scenario == "pitched_battle":
        return tuple(float(p) for p in sc.killed_points)
    if state.scenario == "looting":
        return tuple(float(c) for c in sc.credits)
    if state.scenario == "king_of_the_hill":
        hill = {h for p in state.terrain if p.type == "hill" for h in p.hexes}
        return tuple(float(c) for c in _models_on(state, hill))
    if state.scenario == "hold_the_ground":
        held = [0.0] * state.seats
        for piece in state.terrain:
            if TERRAIN[piece.type][0] is None:
                continue  # only pieces with an enterable hex count
            counts = _models_on(state, set(piece.hexes))
            best = max(counts)
            if best > 0 and counts.count(best) == 1:
                held[counts.index(best)] += 1
        return tuple(held)
    if state.scenario == "radioactive_barrel" and sc.barrel is not None:
        out = [0.0] * state.seats
        for seat in range(state.seats):
            if in_half(sc.barrel.hex, opposite(state.edges[seat])):
                out[seat] = 1.0
        return tuple(out)
    if state.scenario == "rescue" and sc.roles is not None:
        attacker, defender = sc.roles
        out = [0.0] * state.seats
        prisoner = state.by_id.get(sc.prisoner or "")
        free = prisoner is not None and prisoner.alive and prisoner.prisoner in ("free", "escaped")
        out[attacker if free else defender] = 1.0
        return tuple(out)
    return tuple(0.0 for _ in range(state.seats))


def winner(state: State) -> str:
    """The seat name with the best score, or "draw" when the best is shared."""
    figures = scores(state)
    best = max(figures)
    leaders = [i for i, f in enumerate(figures) if f == best]
    return SEAT_NAMES[leaders[0]] if len(leaders) == 1 else "draw"
