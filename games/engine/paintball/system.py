"""The paintball GameSystem (games/engine/protocol.py), registered under "paintball".

Seats: 0 is red (south), 1 is blue (north). `apply` decodes the move, runs it on a working
context and returns a new state; an IllegalMove leaves the input as it was.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.engine.paintball import deadlines, legal, rules, setup, turn
from games.engine.paintball import moves as mv
from games.engine.paintball import view as views
from games.engine.paintball.board import SEATS
from games.engine.paintball.ctx import Ctx
from games.engine.paintball.dice import Dice
from games.engine.paintball.evaluate import SEARCH_BUDGETS
from games.engine.paintball.evaluate import evaluate as estimate
from games.engine.paintball.position import state_from_json, state_to_json
from games.engine.paintball.state import SCENARIOS, SCHEMA, State, evolve, other
from games.engine.protocol import JSON, Outcome, SystemDefaults, Transition
from games.engine.registry import register
from games.engine.rng import Rng


def run(state: State, seat: str | None, move: mv.AnyMove, dice: Dice) -> Ctx:
    """Apply a decoded move with the given dice (the command line forces them)."""
    ctx = Ctx(state, dice)
    rules.play(ctx, seat, move)
    return ctx


_UNDOABLE = (mv.Move, mv.Aim, mv.Face)


def _transition(ctx: Ctx, rng: Rng, move: mv.AnyMove | None = None) -> Transition:
    """Spec §12, "Undo": only a move, an aim or a turn that rolled no die and that no enemy
    sentry reacted to may be taken back; everything else is final (`reveals`)."""
    kinds = {e.kind for e in ctx.events}
    undoable = isinstance(move, _UNDOABLE) and ctx.dice.used == 0 and "SentryTriggered" not in kinds
    return Transition(
        state=ctx.state,
        events=tuple(ctx.events),
        rng=ctx.dice.rng or rng,
        reveals=not undoable,
        ends_turn=bool(kinds & {"PhaseEnded", "GameOver"}),
    )


def apply_move(state: State, seat: int, move: mv.AnyMove, rng: Rng) -> Transition:
    """`apply` for a decoded move (the bench and the playouts skip the JSON).

    Spec §6, step 1: the system move `begin_turn` is applied by the platform at once, in the
    same transaction as the move that ended the previous turn. The match service knows no
    system moves, so this adapter applies it inside the same `apply`: the move that ends a turn
    (or the deployment) also starts the next one, rolls its command dice, and the turn's
    events follow its own. The command line (`run`) does not: it stops in `turn_start`, as the
    spec's rules cases expect."""
    ctx = run(state, SEATS[seat], move, Dice(rng))
    if ctx.state.phase == "turn_start":
        turn.begin_turn(ctx)
    return _transition(ctx, rng, move)


class PaintballSystem(SystemDefaults):
    key = "paintball"
    version = 2  # 2: the adapter starts each turn itself (apply_move)
    state_schema = SCHEMA
    min_seats = 2
    max_seats = 2
    allows_draw = True
    scenarios: tuple[str, ...] = SCENARIOS
    search_budgets = SEARCH_BUDGETS  # the generic computer opponent's (games/engine/search.py)

    def teams(self, config: Mapping[str, JSON], seats: int) -> tuple[tuple[int, ...], ...]:
        return ((0,), (1,))

    def validate_config(self, config: Mapping[str, JSON], seats: int) -> dict[str, JSON]:
        return setup.validate_config(config, seats)

    def setup(self, config: Mapping[str, JSON], seats: int, rng: Rng) -> Transition:
        setup.validate_config(config, seats)
        ctx = Ctx(setup.initial_state(config), Dice(rng))
        setup.start(ctx)
        return _transition(ctx, rng)

    def to_act(self, state: State) -> tuple[int, ...]:
        return tuple(SEATS.index(s) for s in rules.to_act(state))

    def legal_moves(self, state: State, seat: int) -> list[JSON]:
        # Once per state: the site keeps a match's state per version and each of its pages asks.
        # The moves are shared by those pages, read-only.
        return list(state.memo(("legal", seat), lambda s: legal.encoded(s, SEATS[seat])))

    def apply(self, state: State, seat: int, move: JSON, rng: Rng) -> Transition:
        return apply_move(state, seat, mv.decode(move), rng)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over" or state.winner is None:
            return None
        scores = (float(state.in_play("red")), float(state.in_play("blue")))
        if state.winner == "draw":
            return Outcome((0, 0), scores, state.win_reason)
        ranks = (0, 1) if state.winner == "red" else (1, 0)
        return Outcome(ranks, scores, state.win_reason)

    def view(self, state: State, seat: int | None) -> JSON:
        return views.view(state, None if seat is None else SEATS[seat])

    def state_to_json(self, state: State) -> JSON:
        return state_to_json(state)

    def state_from_json(self, data: JSON) -> State:
        return state_from_json(data)

    def timeout_move(self, state: State, seat: int) -> JSON | None:
        """Spec §12: the documented default of the decision `seat` owes when its deadline
        passes (the platform plays it as the seat's move); None: a loss on time."""
        default = deadlines.deadline_default(state, SEATS[seat])
        return None if default is None else mv.encode(default)

    def forfeit(self, state: State, seat: int, reason: str) -> Transition:
        winner = other(SEATS[seat])
        ctx = Ctx(state, Dice(None, []))
        ctx.state = evolve(
            ctx.state, phase="over", winner=winner, win_reason="forfeit", pending=None
        )
        ctx.emit("GameOver", winner=winner, reason="forfeit", detail=reason)
        return _transition(ctx, Rng("forfeit"))

    def determinize(self, view: JSON, seat: int, rng: Rng) -> State:
        return views.determinize(view, SEATS[seat], rng)

    def evaluate(self, state: State, seat: int) -> float:
        return estimate(state, SEATS[seat])


SYSTEM = PaintballSystem()
register(SYSTEM)
