"""Replaying a game from its seed, config and move log: the snapshot must always equal this."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.protocol import JSON, Event, GameSystem
from games.engine.rng import Rng


@dataclass(frozen=True)
class Replayed:
    state: Any
    rng: Rng
    events: tuple[Event, ...]


def replay(
    system: GameSystem,
    *,
    seed: str,
    config: Mapping[str, JSON],
    seats: int,
    moves: Iterable[tuple[int, JSON]],
) -> Replayed:
    first = system.setup(config, seats, Rng(seed))
    state, rng, events = first.state, first.rng, list(first.events)
    for seat, move in moves:
        step = system.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        events.extend(step.events)
    return Replayed(state, rng, tuple(events))


def verify(system: GameSystem, *, snapshot: JSON, **kwargs: Any) -> bool:
    """True when replaying the log gives exactly the stored snapshot."""
    return bool(system.state_to_json(replay(system, **kwargs).state) == snapshot)
