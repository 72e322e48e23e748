"""What a passed deadline plays (README, "Decisions and their defaults"; spec 15.4 and 15.10):
the default of the decision the seat owes, or nothing when the seat owes its own actions.

The platform asks `GameSystem.timeout_move(state, seat)` when a seat's deadline passes and plays
the move that comes back as that seat's move; None leaves the platform's loss on time, which
eliminates the seat (R122) while the others play on. `legal_moves` lists each decision's default
first: `protect` with no sacrifice (R117, a seat whose standing order is "ask"), `skip` for an
optional entry ability of a chain or the first resolution of a compulsory one (R116), the first
choice of a setup step (faction, minor faction, draft card, mission), and `end_turn` in the
market (spec 15.10: "deadlines should end it automatically (buy nothing) rather than forfeit").
The action phase with nothing pending is the seat's turn itself: no default (spec silent; our
decision, README).
"""

from __future__ import annotations

from typing import Any

from games.engine.hexpanse.legal import legal_moves
from games.engine.hexpanse.rules import to_act
from games.engine.hexpanse.state import State


def deadline_default(state: State, seat: int) -> dict[str, Any] | None:
    """The move the deadline makes for `seat`, or None when the deadline is a loss on time."""
    if seat not in to_act(state):
        return None
    if state.setup is None and not state.pending and state.turn.phase == "actions":
        return None  # the seat's own two actions (spec 7.2): a turn not played
    moves = legal_moves(state, seat)
    return moves[0] if moves else None
