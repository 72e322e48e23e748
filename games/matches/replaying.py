"""Rebuilding a match's state from its append-only log, takebacks included.

A "takeback" record cancels every earlier state-changing record after `data["to_seq"]`; the
log itself is never edited. Replaying from the seed therefore always reproduces the snapshot,
which `match_replay_verify` checks and tests assert after random sequences.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from games.engine.protocol import GameSystem
from games.engine.rng import Rng

_STATEFUL = ("setup", "move", "forfeit")


def effective_records(records: list) -> list:
    """The state-changing records still in force, in order."""
    kept: list = []
    for record in records:
        if record.kind == "takeback":
            to_seq = record.data["to_seq"]
            kept = [r for r in kept if r.seq <= to_seq]
        elif record.kind in _STATEFUL:
            kept.append(record)
    return kept


def cancelled_seqs(records: list) -> set[int]:
    """Seqs of the moves among `records` that a later takeback cancelled (the log shows them
    struck through). A recent window of the log is enough: a takeback reaches back only within
    one turn."""
    kept = {record.seq for record in effective_records(records)}
    return {record.seq for record in records if record.kind == "move" and record.seq not in kept}


def can_take_back(effective: list, seat_indexes: Collection[int]) -> bool:
    """The one takeback rule, for the service and for the page's button: the last move in force
    is of one of the reader's seats (one person may hold several of a team), within its current
    turn, and revealed nothing."""
    last = effective[-1] if effective else None
    return not (
        last is None
        or last.kind != "move"
        or last.seat not in seat_indexes
        or last.data.get("reveals")
        or last.data.get("ends_turn")
        or len(effective) < 2
    )


@dataclass(frozen=True)
class Rebuilt:
    state: Any
    rng: Rng


def replay_records(system: GameSystem, match, records: list) -> Rebuilt:
    seats = match.seats.count()
    first = system.setup(match.config, seats, Rng(match.seed))
    state, rng = first.state, first.rng
    for record in effective_records(records):
        if record.kind == "move":
            step = system.apply(state, record.seat, record.data["move"], rng)
            state, rng = step.state, step.rng
        elif record.kind == "forfeit":
            state = system.forfeit(state, record.seat, record.data.get("reason", "")).state
    return Rebuilt(state, rng)
