"""The Infinity GameSystem (games/engine/protocol.py), registered as "infinity". `apply`
decodes the move, runs it on a working context and returns a new state; an IllegalMove leaves
the input as it was. Seat 0 plays from the south."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.engine.infinity import armies, legal, rollout, rules, setup
from games.engine.infinity import moves as mv
from games.engine.infinity import view as views
from games.engine.infinity.ctx import Ctx
from games.engine.infinity.dice import Dice
from games.engine.infinity.evaluate import SEARCH_BUDGETS, evaluate
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.state import SCENARIOS, SCHEMA, Pending, Score, State, evolve
from games.engine.protocol import JSON, ArmyPrice, Outcome, SystemDefaults, Transition
from games.engine.registry import register
from games.engine.rng import Rng

# What a seat's deadline plays instead of a loss on time (spec Part D: "deadlines whose default
# is the policy, then pass"): the reaction window closes (policies already answered), a Guts
# move takes the first offered hex, a new Lieutenant is the first candidate. The platform plays
# it as a move, with the match's dice. A CrazyKoala's target against a coordinated order goes
# to the nearest trooper (the first offered), as it does when there is no choice.
# B.5's two privileges (setup.py): the roll-off's loser left to choose deploys second (it sees
# the enemy's army on the table first), and plays first (`timeout_move`).
DEFAULTED = ("aro", "guts", "appoint_lieutenant", "koala_target", "deployment", "turn_order")


def run(state: State, seat: int | None, move: mv.Cmd, dice: Dice) -> Ctx:
    """Apply a decoded move with the given dice (the command line forces them)."""
    ctx = Ctx(state, dice)
    rules.play(ctx, seat, move)
    return ctx


def _transition(ctx: Ctx, rng: Rng, before: State, cmd: mv.Cmd | None) -> Transition:
    kinds = {e.kind for e in ctx.events}
    quiet = (
        cmd is not None
        and not ctx.dice.rolled
        and not kinds & {"AroDeclared", "WindowOpened", "HiddenTrooperRevealed"}
        and rules.to_act(ctx.state) == rules.to_act(before)
    )
    return Transition(
        state=ctx.state,
        events=tuple(ctx.events),
        rng=ctx.dice.rng or rng,
        reveals=not quiet,
        ends_turn=bool(kinds & {"TurnEnded", "GameEnded"}),
    )


class InfinitySystem(SystemDefaults):
    key = "infinity"
    version = 1
    state_schema = SCHEMA
    min_seats = 2
    max_seats = 2
    allows_draw = True
    scenarios: tuple[str, ...] = SCENARIOS
    has_army_lists = True
    search_budgets = SEARCH_BUDGETS  # the generic computer opponent's (games/engine/search.py)

    def price_army(self, army: Mapping[str, JSON]) -> ArmyPrice:
        return armies.price(army)

    def config_with_armies(
        self, config: Mapping[str, JSON], lists: Sequence[Mapping[str, JSON] | str | None]
    ) -> dict[str, JSON]:
        """Each seat's list; None keeps the starter roster the config gives that seat (the
        lobby's), else the seat's usual one (Corregidor first, then the JSA)."""
        given = list(config.get("armies") or setup.DEFAULTS["armies"])
        chosen = [
            dict(army) if isinstance(army, Mapping) else (army or given[seat])
            for seat, army in enumerate(lists)
        ]
        return {**config, "armies": chosen}

    def points_limit(self, config: Mapping[str, JSON]) -> int | None:
        limit = config.get("points_limit")
        return limit if isinstance(limit, int) and not isinstance(limit, bool) else None

    def teams(self, config: Mapping[str, JSON], seats: int) -> tuple[tuple[int, ...], ...]:
        return ((0,), (1,))

    def validate_config(self, config: Mapping[str, JSON], seats: int) -> dict[str, JSON]:
        return setup.validate_config(config, seats)

    def setup(self, config: Mapping[str, JSON], seats: int, rng: Rng) -> Transition:
        # A config without `setup_version` was stored before it existed: the set-up it had then
        # (setup.SETUP_VERSIONS), so that its match's log of moves replays to the same game.
        # `validate_config` writes today's into every new game's config.
        normal = setup.validate_config({"setup_version": 1, **config}, seats)
        state = setup.initial_state(normal)
        ctx = Ctx(state, Dice(rng))
        setup.start(ctx)
        return _transition(ctx, rng, state, None)

    def duel_configs(self, config: Mapping[str, JSON], rng: Rng) -> tuple[dict[str, JSON], ...]:
        first = setup.validate_config(config, 2)
        mirror = dict(first, armies=list(reversed(first["armies"])))
        return first, mirror

    def to_act(self, state: State) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_moves(self, state: State, seat: int) -> list[JSON]:
        # Once per state: the site keeps a match's state per version and each of its pages
        # asks (games.engine.memo). The moves are shared by those pages, read-only.
        return list(state.memo(("legal", seat), lambda s: tuple(legal.legal_moves(s, seat))))

    def apply(self, state: State, seat: int, move: JSON, rng: Rng) -> Transition:
        cmd = mv.decode(move)
        if cmd.type == "end_game":
            from games.engine.infinity.ctx import refuse

            raise refuse("not_your_turn", "Only the timer ends a game this way.")
        ctx = run(state, seat, cmd, Dice(rng))
        return _transition(ctx, rng, state, cmd)

    def outcome(self, state: State) -> Outcome | None:
        if state.score is None:
            return None
        vp = (float(state.score.vp[0]), float(state.score.vp[1]))
        if state.score.winner is None:
            return Outcome((0, 0), vp, state.score.reason)
        ranks = (0, 1) if state.score.winner == 0 else (1, 0)
        return Outcome(ranks, vp, state.score.reason)

    def view(self, state: State, seat: int | None) -> JSON:
        return views.view(state, seat)

    def state_to_json(self, state: State) -> JSON:
        return state_to_json(state)

    def state_from_json(self, data: JSON) -> State:
        return state_from_json(data)

    def timeout_move(self, state: State, seat: int) -> JSON | None:
        """The move a passed deadline makes for `seat`, or None when the deadline is lost."""
        pending = state.turn.pending
        if pending is None or pending.seat != seat or pending.kind not in DEFAULTED:
            return None
        if pending.kind == "aro":
            return {"type": "aro_done", "seat": seat}
        if pending.kind == "deployment":
            return {"type": "deployment", "seat": seat, "choice": "second"}
        moves = legal.legal_moves(state, seat)
        return moves[0] if moves else None

    def forfeit(self, state: State, seat: int, reason: str) -> Transition:
        # A deadline with a default never gets here: the platform plays `timeout_move` as a move
        # with the match's dice (games/matches/services/endings.py); this is a real loss.
        ctx = Ctx(state, Dice(forced={}))
        winner = 1 - seat
        vp = (0, 0)
        ctx.state = evolve(
            state,
            score=Score(vp, winner, "forfeit"),
            turn=evolve(
                state.turn, phase="ended", current=None, queue=(), pending=Pending(winner, "ended")
            ),
        )
        ctx.emit("GameEnded", reason="forfeit", detail=reason, vp=list(vp), winner=winner)
        return _transition(ctx, Rng("forfeit"), state, None)

    def determinize(self, view: JSON, seat: int, rng: Rng) -> State:
        return views.determinize(view, seat, rng)

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(state, seat)

    def playout_moves(self, state: State, seat: int, moves: list[JSON]) -> list[JSON]:
        return rollout.playout_moves(state, seat, moves)


SYSTEM = InfinitySystem()
register(SYSTEM)
