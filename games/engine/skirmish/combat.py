"""Shots, melee attacks and the end of a combat phase (skirmish.md §8, dice order §14.2).

Rulebook 004, "Séquence du tour" 4 (Tir visé) and 5 (Corps à corps), "Objets hi-tech",
"Véhicules", "Scénarios" 6 (Pillage), and "Calculs du coût des figurines" (Puissante).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from games.engine.hexgrid import distance
from games.engine.protocol import Event
from games.engine.skirmish import geometry
from games.engine.skirmish.boards import TERRAIN
from games.engine.skirmish.dice import Dice
from games.engine.skirmish.events import ev
from games.engine.skirmish.state import SEAT_NAMES, Barrel, Model, State, id_key
from games.engine.skirmish.targets import shoot_value

PROTECTION_RADIUS = 2  # 6''


@dataclass
class Tally:
    """What one phase's resolution produced, in resolution order (local to one apply)."""

    casualties: list[tuple[str, str]] = field(default_factory=list)  # (victim, killer)
    vehicle_hits: dict[str, list[str]] = field(default_factory=dict)  # vehicle -> attackers
    events: list[Event] = field(default_factory=list)


def _protected(state: State, t: Model) -> bool:
    """Champ de protection: +1 Armour against shots for the bearer and allies within 6''
    (2 hexes); not cumulative (D17)."""
    assert t.hex is not None
    return any(
        m.item == "protection_field"
        and m.hex is not None
        and distance(m.hex, t.hex) <= PROTECTION_RADIUS
        for m in state.on_table(t.seat)
    )


def _armour_value(attacker: Model, target: Model, bonus: int) -> int:
    """Puissante: -1 Armour for targets that are not Powerful themselves (D3)."""
    malus = 1 if attacker.powerful and not target.powerful else 0
    return max(0, target.armour + bonus - malus)


def _save(dice: Dice, tally: Tally, target: Model, armour: int) -> bool:
    """8.1 step 3: the armour die (if A >= 1), then the bionic body's die on 1–2 (D17)."""
    if armour >= 1:
        die = dice.d6()
        saved = die <= armour
        tally.events.append(
            ev("ArmourRolled", model=target.id, die=die, armour=armour, saved=saved)
        )
        if saved:
            return True
    if target.item == "bionic_body":
        die = dice.d6()
        saved = die <= 2
        tally.events.append(
            ev("ArmourRolled", model=target.id, die=die, armour=2, saved=saved, bionic=True)
        )
        return saved
    return False


def _hit(tally: Tally, attacker: Model, target: Model) -> None:
    """8.1 step 4: a non-Vehicle falls (at the end of the phase); a Vehicle notes the hit."""
    tally.events.append(ev("ModelHit", model=target.id, by=attacker.id))
    if target.vehicle:
        tally.vehicle_hits.setdefault(target.id, []).append(attacker.id)
    elif target.id not in {v for v, _ in tally.casualties}:
        tally.casualties.append((target.id, attacker.id))


def cover_dice(state: State, m: Model, t: Model) -> int:
    """D10: one die per cover hex on the line, one for the target's own cover hex, one for a
    holo-field."""
    assert m.hex is not None and t.hex is not None
    covers = (geometry.line_covers(state, m.hex, t.hex) or 0) + TERRAIN[state.ground(t.hex)][1]
    return covers + (1 if t.item == "holo_field" else 0)


def shoot(state: State, dice: Dice, tally: Tally, m: Model, t: Model, snap: bool) -> None:
    """One ranged attack (8.1; D10, D11): to-hit, cover dice nearest first, armour, bionic."""
    assert m.hex is not None and t.hex is not None
    value = shoot_value(m, snap)
    die = dice.d6()
    hit = die <= value
    tally.events.append(ev("ShotRolled", model=m.id, target=t.id, die=die, shoot=value, hit=hit))
    if not hit:
        return
    for _ in range(cover_dice(state, m, t)):
        die = dice.d6()
        stopped = die >= 4
        tally.events.append(ev("CoverRolled", model=m.id, target=t.id, die=die, stopped=stopped))
        if stopped:
            return
    bonus = 1 if _protected(state, t) else 0
    if not _save(dice, tally, t, _armour_value(m, t, bonus)):
        _hit(tally, m, t)


def strike(dice: Dice, tally: Tally, m: Model, t: Model) -> None:
    """One melee attack (8.2): to-hit on Melee; a laser sword leaves no armour roll (D17)."""
    die = dice.d6()
    hit = die <= m.melee
    tally.events.append(ev("MeleeRolled", model=m.id, target=t.id, die=die, melee=m.melee, hit=hit))
    if not hit:
        return
    if m.item != "laser_sword" and _save(dice, tally, t, _armour_value(m, t, 0)):
        return
    _hit(tally, m, t)


def _credit(
    state: State, victim: Model, killer_seat: int, melee: bool, dice: Dice, events: list[Event]
) -> State:
    sc = state.scen
    points = list(sc.killed_points)
    points[killer_seat] += victim.cost + (100 if victim.hero and victim.prisoner is None else 0)
    credits = list(sc.credits)
    if melee and state.scenario == "looting":
        # Pillage: 1d6 (Armour 0–2), 2d6 (3–4), 3d6 (5); Heroes and Vehicles 3d6 more (D20).
        n = 1 if victim.armour <= 2 else 2 if victim.armour <= 4 else 3
        n += 3 if victim.hero or victim.vehicle else 0
        rolled = dice.roll(n)
        credits[killer_seat] += sum(rolled)
        events.append(
            ev(
                "CreditsRolled",
                model=victim.id,
                seat=SEAT_NAMES[killer_seat],
                dice=rolled,
                credits=sum(rolled),
            )
        )
    return replace(state, scen=replace(sc, killed_points=tuple(points), credits=tuple(credits)))


def _barrel_after_death(
    state: State,
    victim: Model,
    killer: Model | None,
    melee: bool,
    dead: set[str],
    events: list[Event],
) -> State:
    barrel = state.scen.barrel
    if barrel is None or barrel.carrier != victim.id or victim.hex is None:
        return state
    if melee and killer is not None and killer.id not in dead and killer.hex is not None:
        new = replace(barrel, carrier=killer.id, hex=killer.hex)
        events.append(ev("BarrelPickedUp", model=killer.id, hex=list(killer.hex)))
    else:
        new = Barrel(victim.hex, None, barrel.moved, barrel.passed)
        events.append(ev("BarrelDropped", hex=list(victim.hex)))
    return replace(state, scen=replace(state.scen, barrel=new))


def end_of_phase(state: State, tally: Tally, dice: Dice, melee: bool) -> tuple[State, list[Event]]:
    """8.3: casualties leave together, then vehicle damage, then looting credits."""
    events = list(tally.events)
    dead = {v for v, _ in tally.casualties}
    kills: list[tuple[str, str]] = list(tally.casualties)
    for victim_id, _ in tally.casualties:
        state = state.with_models(replace(state.model(victim_id), alive=False))
        events.append(ev("ModelKilled", model=victim_id))
    for vid in sorted(tally.vehicle_hits, key=id_key):
        v = state.model(vid)
        if not v.alive:
            continue
        for attacker in tally.vehicle_hits[vid]:
            die = dice.d6()
            # Véhicules: 1-2 Éraflure, 3 propulsion -3'', 4 armement -1, 5 armure -1, 6 Boom.
            if die == 3:
                v = replace(v, move=max(0, v.move - 3), damage=(*v.damage, "drive"))
            elif die == 4:
                v = replace(
                    v,
                    melee=max(0, v.melee - 1),
                    shoot=max(0, v.shoot - 1),
                    damage=(*v.damage, "weapons"),
                )
            elif die == 5:
                v = replace(v, armour=max(0, v.armour - 1), damage=(*v.damage, "internal"))
            elif die == 6 and v.alive:
                v = replace(v, alive=False)
                kills.append((vid, attacker))
                dead.add(vid)
            events.append(ev("VehicleDamaged", model=vid, die=die))
        state = state.with_models(v)
        if not v.alive:
            events.append(ev("ModelKilled", model=vid))
    for victim_id, killer_id in kills:
        victim, killer = state.model(victim_id), state.model(killer_id)
        state = _barrel_after_death(state, victim, killer, melee, dead, events)
        state = _credit(state, victim, killer.seat, melee, dice, events)
    return state, events
