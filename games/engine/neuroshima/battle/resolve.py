"""The battle API: start, advance, decide, resolve (see __init__.py and NOTES.md)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.engine.neuroshima.battle.model import Battle, Decision
from games.engine.neuroshima.battle.runner import Run
from games.engine.neuroshima.position import Position
from games.engine.protocol import Event, IllegalMove


def start_battle(position: Position) -> Battle:
    """A battle about to begin on `position` (BATAILLES); call advance() to run it."""
    return Battle(position=position)


def advance(battle: Battle) -> tuple[Battle, tuple[Event, ...]]:
    """Run until the battle is finished or a decision is pending."""
    if battle.finished or battle.decision is not None:
        return battle, ()
    run = Run(battle)
    run.run()
    return run.freeze(), tuple(run.events)


def pending(battle: Battle) -> Decision | None:
    """The decision the battle waits for, if any (kinds in model.Decision and NOTES.md)."""
    return battle.decision


def decide(battle: Battle, seat: int, choice: Any) -> tuple[Battle, tuple[Event, ...]]:
    """Answer the pending decision with one of its options, then go on like advance()."""
    decision = battle.decision
    if decision is None or decision.seat != seat:
        raise IllegalMove("No choice of yours is pending in this battle.", code="no_decision")
    if choice not in decision.options:
        raise IllegalMove("That is not one of the choices offered.", code="bad_choice")
    run = Run(replace(battle, decision=None))
    run.apply_choice(decision, choice)
    run.run()
    return run.freeze(), tuple(run.events)


def resolve(position: Position) -> tuple[Position, tuple[Event, ...]]:
    """A whole battle taking options[0] at every decision (the documented defaults)."""
    run = Run(Battle(position=position), auto=True)
    run.run()
    return run.position(), tuple(run.events)


def run_to_end(battle: Battle) -> tuple[Battle, tuple[Event, ...]]:
    """Resume any battle or strike taking options[0] at every decision."""
    decision = battle.decision
    run = Run(replace(battle, decision=None), auto=True)
    if decision is not None:
        run.apply_choice(decision, decision.options[0])
    run.run()
    return run.freeze(), tuple(run.events)
