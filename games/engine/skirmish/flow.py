"""The turn sequence (skirmish.md §6.2; rulebook 004 "Séquence du tour"): which step comes
next, who acts in it, and the initiative roll. Simultaneous steps mark as submitted every seat
with nothing to decide, and are skipped when nobody has anything to decide (§6.1)."""

from __future__ import annotations

from dataclasses import replace

from games.engine.protocol import Event, IllegalMove
from games.engine.skirmish import scenarios
from games.engine.skirmish.dice import Dice
from games.engine.skirmish.events import ev
from games.engine.skirmish.state import SEAT_NAMES, Pending, State
from games.engine.skirmish.targets import concerned, flee_destinations

Events = list[Event]


def _heroes_present(state: State, seat: int) -> int:
    """D5: Heroes alive on the table; the rescue prisoner never counts."""
    return sum(1 for m in state.on_table(seat) if m.hero and m.prisoner is None)


def begin_turn(state: State, dice: Dice) -> tuple[State, Events]:
    """Step 0: reset the turn's flags, then "chaque camp lance un dé et y ajoute 2 par Héros";
    tied leaders roll again in seat order, adding their bonus again (D5)."""
    models = tuple(
        replace(m, mp_spent=0, snap_fired=False, moved=False, unsaved_hits=0) for m in state.models
    )
    barrel = state.scen.barrel
    if barrel is not None:
        barrel = replace(barrel, moved=0, passed=False)
    state = replace(state, models=models, scen=replace(state.scen, barrel=barrel))
    events: Events = [ev("TurnStarted", turn=state.turn)]
    rolling = list(range(state.seats))
    while True:
        totals = {}
        for seat in rolling:
            die = dice.d6()
            bonus = 2 * _heroes_present(state, seat)
            totals[seat] = die + bonus
            events.append(
                ev(
                    "InitiativeRolled",
                    seat=SEAT_NAMES[seat],
                    die=die,
                    bonus=bonus,
                    total=die + bonus,
                )
            )
        best = max(totals.values())
        rolling = [s for s in rolling if totals[s] == best]
        if len(rolling) == 1:
            break
    pending = Pending(rolling[0], "choose_first", SEAT_NAMES[: state.seats])
    return replace(state, phase="initiative", pending=pending), events


def choose_first(state: State, first: str) -> tuple[State, Events]:
    """ "Celui obtenant le résultat le plus élevé choisit qui commence"; the others follow
    clockwise, i.e. in seat order from the first (D5)."""
    names = SEAT_NAMES[: state.seats]
    if first not in names:
        raise IllegalMove("Name one of the seats.", "not_a_seat")
    start = names.index(first)
    order = tuple((start + i) % state.seats for i in range(state.seats))
    state = replace(state, initiative_order=order, pending=None)
    events: Events = [ev("FirstChosen", first=first)]
    return enter(state, "snap_fire", events)


def _next_after(phase: str) -> str:
    return {
        "snap_fire": "movement",
        "movement": "aimed_fire",
        "aimed_fire": "melee",
        "melee_flee": "melee_attack",
        "flee_move": "melee_attack",
        "melee_attack": "end_turn",
    }[phase]


def enter(state: State, phase: str, events: Events) -> tuple[State, Events]:
    """Enter `phase` (or the first step after it that somebody must play)."""
    while True:
        if phase == "movement":
            for seat in state.initiative_order:
                if _can_move(state, seat):
                    return replace(state, phase="movement", active=seat), events
            phase = "aimed_fire"
            continue
        if phase == "melee":
            if not any(state.engaged(m) for m in state.on_table()):
                phase = "end_turn"
                continue
            phase = "melee_flee"
        if phase == "flee_move":
            fleeing = next_fleeing_seat(state)
            if fleeing is not None:
                return replace(state, phase="flee_move", active=fleeing), events
            phase = "melee_attack"
            continue
        if phase == "end_turn":
            return end_turn(state, events)
        deciding = [concerned(state, phase, seat) for seat in range(state.seats)]
        if any(deciding):
            submitted = tuple(not d for d in deciding)
            state = replace(state, phase=phase, submitted=submitted, orders=(None,) * state.seats)
            return state, events
        phase = _next_after(phase)


def after(state: State, phase: str, events: Events) -> tuple[State, Events]:
    """Leave `phase` for the next step."""
    return enter(state, _next_after(phase), events)


def _can_move(state: State, seat: int) -> bool:
    return any(not m.moved and not state.engaged(m) for m in state.on_table(seat))


def next_mover(state: State) -> int | None:
    """The next seat in initiative order after the active one that has something to move."""
    order = state.initiative_order
    assert state.active is not None
    for seat in order[order.index(state.active) + 1 :]:
        if _can_move(state, seat):
            return seat
    return None


def next_fleeing_seat(state: State) -> int | None:
    for seat in state.initiative_order:
        for mid in state.fled:
            m = state.model(mid)
            if m.seat == seat and m.on_table and not m.moved and flee_destinations(state, m):
                return seat
    return None


def end_turn(state: State, events: Events) -> tuple[State, Events]:
    """Step 6: after six turns the scenario decides; otherwise the next turn waits for
    `begin_turn`."""
    state = replace(state, fled=(), flee_contacts=(), orders=(None,) * state.seats)
    events.append(ev("TurnEnded", turn=state.turn))
    if state.turn_limit is not None and state.turn >= state.turn_limit:
        result = scenarios.winner(state) if state.scenario else "draw"
        events.append(ev("GameOver", winner=result, scores=list(scenarios.scores(state))))
        return replace(state, phase="over", winner=result, active=None), events
    return replace(state, turn=state.turn + 1, phase="turn_start"), events
