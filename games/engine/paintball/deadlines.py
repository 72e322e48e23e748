"""What a passed deadline plays (spec §12, "Defaults and deadlines"): the documented default of
the decision the seat owes, or nothing when the seat owes its own turn.

The platform asks `GameSystem.timeout_move(state, seat)` when a seat's deadline passes; a move
comes back as the seat's move, None leaves the platform's loss on time. Spec §12's table gives a
default to every decision (the order on equal command dice, an asking sentry, split hits, a
charge victim, a stray grenade) and to the secret setup and deployment; `legal_moves` lists that
default first (README, "Rules choices"). The team's activations are not a decision with a
default: a turn not played is still a loss on time (spec silent; README, "Deadlines").
"""

from __future__ import annotations

from games.engine.paintball import moves as mv
from games.engine.paintball.legal import legal_moves
from games.engine.paintball.rules import to_act
from games.engine.paintball.state import State

# Phases whose every move is a decision with a documented default: the secret team setup, the
# deployment, and the system's own `begin_turn` (nobody's choice: a hand-written position may
# wait on it, README "Who starts a turn").
_DEFAULTED_PHASES = ("setup", "deploy", "turn_start")


def deadline_default(state: State, seat: str) -> mv.AnyMove | None:
    """The move the deadline makes for `seat`, or None when the deadline is a loss on time."""
    if seat not in to_act(state):
        return None
    if state.pending is None and state.phase not in _DEFAULTED_PHASES:
        return None  # the team's own activations (spec §6): no default
    moves = legal_moves(state, seat)
    return moves[0] if moves else None
