"""Secret simultaneous orders (skirmish.md §6.1, §11): snap fire, aimed fire, flight
declarations and melee. Each seat's orders stay hidden in every other seat's view until the
last concerned seat submits; that submission reveals them all and resolves the step at once.

Rulebook 004, "Séquence du tour" 2, 4 and 5: "tous les tirs sont simultanés", "toutes les
attaques de corps à corps sont simultanées".
"""

from __future__ import annotations

from dataclasses import replace

from games.engine.protocol import Event, IllegalMove
from games.engine.skirmish import combat, flow
from games.engine.skirmish.dice import Dice
from games.engine.skirmish.events import ev
from games.engine.skirmish.state import SEAT_NAMES, Barrel, Order, State, id_key
from games.engine.skirmish.targets import (
    can_flee,
    concerned,
    fire_refusal,
    fire_targets,
    melee_targets,
    target_refusal,
)

Events = list[Event]
STEP_OF = {
    "snap_orders": "snap_fire",
    "aimed_orders": "aimed_fire",
    "flee_declaration": "melee_flee",
    "melee_orders": "melee_attack",
}


def _refuse(refusal: tuple[str, str]) -> None:
    raise IllegalMove(refusal[1], refusal[0])


def _own_model(state: State, seat: int, model_id: str, seen: set[str]) -> None:
    m = state.by_id.get(model_id)
    if m is None or m.seat != seat:
        raise IllegalMove("That is not one of your models.", "not_your_model")
    if not m.on_table:
        raise IllegalMove("That model is not on the table.", "model_dead")
    if model_id in seen:
        raise IllegalMove("Each model receives one order at most.", "duplicate_order")
    seen.add(model_id)


def check_fire(state: State, seat: int, orders: tuple[Order, ...], snap: bool) -> None:
    """§7 `snap_orders` / `aimed_orders`, codes in check order; D12: one target per attack."""
    seen: set[str] = set()
    for order in orders:
        _own_model(state, seat, order.model, seen)
        m = state.model(order.model)
        refusal = fire_refusal(state, m, snap)
        if refusal is not None:
            _refuse(refusal)
        if len(order.targets) > m.shoot_attacks:
            raise IllegalMove("One target per ranged attack at most.", "too_many_attacks")
        if not order.targets:
            raise IllegalMove("An order names at least one target.", "not_a_target")
        for target in order.targets:
            refusal = target_refusal(state, m, target)
            if refusal is not None:
                _refuse(refusal)


def check_melee(state: State, seat: int, orders: tuple[Order, ...]) -> None:
    """§7 `melee_orders` (D14, D15)."""
    seen: set[str] = set()
    for order in orders:
        _own_model(state, seat, order.model, seen)
        m = state.model(order.model)
        if m.id in state.fled:
            raise IllegalMove("A model that flees makes no attack.", "model_fled")
        allowed = {t.id for t in melee_targets(state, m)} if m.melee >= 1 else set()
        for target in order.targets:
            if target not in allowed and m.melee >= 1:
                raise IllegalMove("Melee attacks go to enemies in contact.", "not_in_contact")
        if len(order.targets) > m.melee_attacks:
            raise IllegalMove("One target per melee attack at most.", "too_many_attacks")
        if m.melee < 1 or not order.targets:
            raise IllegalMove("That model has no melee attack.", "no_melee_attack")


def check_flee(state: State, seat: int, models: tuple[str, ...]) -> None:
    seen: set[str] = set()
    for mid in models:
        _own_model(state, seat, mid, seen)
        m = state.model(mid)
        if not state.engaged(m):
            raise IllegalMove("Only an engaged model may flee.", "not_engaged")
        if not can_flee(state, m):
            raise IllegalMove("That model cannot get out of contact at half speed.", "cannot_flee")


def submit(
    state: State, seat: int, kind: str, orders: tuple[Order, ...], dice: Dice
) -> tuple[State, Events]:
    """Store a seat's orders (replacing earlier ones until the reveal); the last resolves."""
    step = STEP_OF[kind]
    if state.phase != step:
        raise IllegalMove("Those orders do not belong to this step.", "wrong_phase")
    if not concerned(state, state.phase, seat):
        raise IllegalMove("You have nothing to decide in this step.", "not_your_turn")
    if kind == "flee_declaration":
        check_flee(state, seat, tuple(o.model for o in orders))
    elif kind == "melee_orders":
        check_melee(state, seat, orders)
    else:
        check_fire(state, seat, orders, snap=kind == "snap_orders")
    all_orders = list(state.orders)
    all_orders[seat] = orders
    submitted = list(state.submitted)
    submitted[seat] = True
    state = replace(state, orders=tuple(all_orders), submitted=tuple(submitted))
    events: Events = [ev("OrdersSubmitted", seat=SEAT_NAMES[seat])]
    # A seat with nothing to decide counts as submitted even in a hand-written position (§12).
    waiting = [s for s in range(state.seats) if not submitted[s] and concerned(state, step, s)]
    if waiting:
        return state, events
    return reveal(state, dice, events)


def reveal(state: State, dice: Dice, events: Events) -> tuple[State, Events]:
    names = SEAT_NAMES[: state.seats]
    revealed = {
        names[s]: [{"model": o.model, "targets": list(o.targets)} for o in (state.orders[s] or ())]
        for s in range(state.seats)
    }
    events.append(ev("OrdersRevealed", step=state.phase, orders=revealed))
    phase = state.phase
    if phase == "melee_flee":
        state, more = _declare_flights(state)
        events.extend(more)
        return flow.enter(state, "flee_move", events)
    tally = combat.Tally()
    for seat in state.initiative_order:
        for order in state.orders[seat] or ():
            m = state.model(order.model)
            for target in order.targets:
                t = state.model(target)
                if phase == "melee_attack":
                    combat.strike(dice, tally, m, t)
                else:
                    combat.shoot(state, dice, tally, m, t, snap=phase == "snap_fire")
    if phase == "snap_fire":
        fired = {o.model for s in range(state.seats) for o in state.orders[s] or ()}
        state = state.with_models(*(replace(state.model(i), snap_fired=True) for i in fired))
    state, more = combat.end_of_phase(state, tally, dice, melee=phase == "melee_attack")
    events.extend(more)
    events.append(ev("PhaseEnded", phase=phase))
    state = replace(state, orders=(None,) * state.seats)
    return flow.after(state, phase, events)


def _declare_flights(state: State) -> tuple[State, Events]:
    """D15: the declared models flee at once; every enemy then in contact may strike them. A
    carrier drops the barrel where it stood (our choice: a fleeing model runs empty-handed)."""
    events: Events = []
    fled: list[str] = []
    contacts: list[tuple[str, tuple[str, ...]]] = []
    for seat in state.initiative_order:
        for order in state.orders[seat] or ():
            m = state.model(order.model)
            fled.append(m.id)
            contacts.append((m.id, tuple(e.id for e in state.enemies_adjacent(m))))
            events.append(ev("FlightDeclared", model=m.id))
            barrel = state.scen.barrel
            if barrel is not None and barrel.carrier == m.id and m.hex is not None:
                state = replace(
                    state,
                    scen=replace(
                        state.scen, barrel=Barrel(m.hex, None, barrel.moved, barrel.passed)
                    ),
                )
                events.append(ev("BarrelDropped", hex=list(m.hex)))
    models = [replace(state.model(i), moved=False) for i in fled]
    state = replace(state.with_models(*models), fled=tuple(fled), flee_contacts=tuple(contacts))
    return state, events


def default_orders(state: State, seat: int) -> tuple[Order, ...]:
    """The deadline default (§11): aimed fire at the nearest valid target with every attack,
    melee at the enemy in contact with the lowest id; no snap fire, nobody flees."""
    if state.phase == "aimed_fire":
        out = []
        for m in state.on_table(seat):
            targets = fire_targets(state, m, snap=False)
            if targets:
                out.append(Order(m.id, (targets[0].id,) * m.shoot_attacks))
        return tuple(out)
    if state.phase == "melee_attack":
        out = []
        for m in state.on_table(seat):
            targets = sorted(melee_targets(state, m), key=lambda t: id_key(t.id))
            if targets:
                out.append(Order(m.id, (targets[0].id,) * m.melee_attacks))
        return tuple(out)
    return ()
