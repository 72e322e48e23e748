"""What the board shows a player who picks a trooper: how far it moves, whom it sees with which
range band and MODs, and its chance to hit; computed by the engine's own rules on a state dealt
from the player's view (games.engine.infinity.view.determinize), so nothing hidden is read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.hexgrid import Hex, distance
from games.engine.infinity import common as cm
from games.engine.infinity.movement import reachable
from games.engine.infinity.rolls import p_success
from games.engine.infinity.state import State
from games.engine.infinity.view import determinize
from games.engine.rng import Rng
from games.hexboard.memo import by_identity


def state_of(view: Mapping[str, Any]) -> State | None:
    """The view as a full state (the seat's own view only; a spectator gets no analysis)."""
    if not isinstance(view.get("seat"), int):
        return None
    return _dealt(view)


@by_identity
def _dealt(view: Mapping[str, Any]) -> State:
    return determinize(dict(view), view["seat"], Rng("board-analysis"))


@dataclass(frozen=True)
class Shot:
    target: str
    hex: Hex
    weapon: str
    sv: int
    mods: dict[str, int]
    burst: int
    chance: float  # at least one success, Normal rolls

    @property
    def percent(self) -> int:
        return round(100 * self.chance)


def move_index(state: State) -> int:
    cur = state.turn.current
    if cur is None:
        return 0
    return min(1, sum(1 for s in cur.skills if s.skill == "move"))


def reach(state: State, tid: str) -> list[Hex]:
    t = state.trooper(tid)
    if t.hex is None or not t.normal:
        return []
    budget = t.prof.move_hexes[move_index(state)]
    return sorted(reachable(state, t.seat, t.hex, budget, {tid}))


def chance(sv: int, burst: int) -> float:
    return 1 - (1 - p_success(sv)) ** max(1, burst)


def shots(state: State, tid: str, reactive: bool = False) -> list[Shot]:
    """The best shot at each enemy it sees (weapon with the best success value)."""
    t = state.trooper(tid)
    if t.hex is None or not t.normal:
        return []
    bonus = cm.reactive_bonus(state, tid) if reactive else cm.NO_BONUS
    out = []
    for e in state.troopers:
        if e.seat == t.seat or not e.on_table or e.hex is None or state.untargetable(e.id):
            continue
        if not cm.sees(state, t, e.hex):
            continue
        best: Shot | None = None
        for w in cm.ranged_weapons(t):
            if w.direct_template or w.range_mod(distance(t.hex, e.hex)) is None:
                continue
            mode = w.modes["N"]
            sv, mods = cm.bs_sv(state, t, w, t.hex, e.hex, bonus, victim=e, ammo=mode.ammo)
            burst = cm.burst_for(w, mode, bonus, reactive)
            shot = Shot(e.id, e.hex, w.id, sv, mods, burst, chance(sv, burst))
            if best is None or (shot.chance, shot.sv) > (best.chance, best.sv):
                best = shot
        if best is not None:
            out.append(best)
    return out


def shot_at(
    state: State,
    tid: str,
    target: str,
    weapon: str,
    burst: int | None,
    reactive: bool = False,
    at: Hex | None = None,
) -> Shot | None:
    """The numbers of one declared shot."""
    t = state.trooper(tid)
    e = state.trooper(target)
    where = at or e.hex
    if t.hex is None or where is None:
        return None
    from games.engine.infinity.data import weapon as weapon_data

    w = weapon_data(weapon)
    bonus = cm.reactive_bonus(state, tid) if reactive else _active_bonus(state)
    sv, mods = cm.bs_sv(state, t, w, t.hex, where, bonus, e.hex, victim=e, ammo=w.modes["N"].ammo)
    n = burst or cm.burst_for(w, w.modes["N"], bonus, reactive)
    return Shot(target, where, weapon, sv, mods, n, chance(sv, n))


def _active_bonus(state: State) -> cm.Bonus:
    from games.engine.infinity.skills import team_bonus

    cur = state.turn.current
    return team_bonus(state, cur) if cur is not None else cm.NO_BONUS
