"""Secret simultaneous orders (skirmish.md §6.1, §11): snap fire, aimed fire, flight
declarations and melee. Each seat's orders stay hidden in every other seat's view until the
last concerned seat submits; that submission reveals them all and resolves the step at once.

Rulebook 004, "Séquence du tour" 2, 4 and 5: "tous les tirs sont simultanés", "toutes les
attaques de corps à corps sont simultanées".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from games.engine.protocol import Event, IllegalMove
from games.engine.skirmish import combat, flow
from games.engine.skirmish.dice import Dice
from games.engine.skirmish.events import ev
from games.engine.skirmish.state import SEAT_NAMES, Barrel, Order, State, id_key
from games.engine.skirmish.targets import (
    FIRE_CODES,
    TARGET_CODES,
    can_flee,
    check_models,
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


def _first(refusals: Iterable[tuple[str, str] | None]) -> None:
    """Raise the first refusal found, if any."""
    for refusal in refusals:
        if refusal is not None:
            _refuse(refusal)


def check_fire(state: State, seat: int, orders: tuple[Order, ...], snap: bool) -> None:
    """§7 `snap_orders` / `aimed_orders`. Each code is checked over the whole list of orders
    before the next code ("codes in check order"); D12: one target per attack."""
    check_models(state, seat, [o.model for o in orders])
    shooters = [(o, state.model(o.model)) for o in orders]
    for rank in range(4):  # model_engaged, no_ranged_attack, snap_fired, moved_too_far
        _first(
            refusal
            for _, m in shooters
            if (refusal := fire_refusal(state, m, snap)) is not None
            and FIRE_CODES.index(refusal[0]) == rank
        )
    for order, m in shooters:
        if len(order.targets) > m.shoot_attacks:
            raise IllegalMove("One target per ranged attack at most.", "too_many_attacks")
    for order, _ in shooters:
        if not order.targets:
            raise IllegalMove("An order names at least one target.", "not_a_target")
    found = [
        refusal
        for order, m in shooters
        for target in order.targets
        if (refusal := target_refusal(state, m, target)) is not None
    ]
    for code in TARGET_CODES:
        _first(r for r in found if r[0] == code)


def check_melee(state: State, seat: int, orders: tuple[Order, ...]) -> None:
    """§7 `melee_orders` (D14, D15), each code over the whole list in turn."""
    check_models(state, seat, [o.model for o in orders])
    strikers = [(o, state.model(o.model)) for o in orders]
    for _, m in strikers:
        if m.id in state.fled:
            raise IllegalMove("A model that flees makes no attack.", "model_fled")
    for order, m in strikers:
        reach = {t.id for t in melee_targets(state, m, any_melee=True)}
        if any(target not in reach for target in order.targets):
            raise IllegalMove("Melee attacks go to enemies in contact.", "not_in_contact")
    for order, m in strikers:
        if len(order.targets) > m.melee_attacks:
            raise IllegalMove("One target per melee attack at most.", "too_many_attacks")
    for order, m in strikers:
        if m.melee < 1 or not order.targets:
            raise IllegalMove("That model has no melee attack.", "no_melee_attack")


def check_flee(state: State, seat: int, models: tuple[str, ...]) -> None:
    check_models(state, seat, models)
    for mid in models:
        if not state.engaged(state.model(mid)):
            raise IllegalMove("Only an engaged model may flee.", "not_engaged")
    for mid in models:
        if not can_flee(state, state.model(mid)):
            raise IllegalMove("That model cannot get out of contact at half speed.", "cannot_flee")


def submit(
    state: State, seat: int, kind: str, orders: tuple[Order, ...], dice: Dice
) -> tuple[State, Events]:
    """Store a seat's orders (replacing earlier ones until the reveal); the last resolves."""
    step = STEP_OF[kind]
    if state.phase != step:
        raise IllegalMove("Those orders do not belong to this step.", "wrong_phase")
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
    # Entering a step marked as submitted every seat with nothing to decide (flow.enter); a
    # hand-written position is taken as it is (§12): every seat still unsubmitted holds the
    # reveal back, if only to send an empty list.
    if not all(submitted):
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
