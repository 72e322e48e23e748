"""The Hexpanse GameSystem (games/engine/protocol.py), registered under "hexpanse"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engine.hexpanse import deadlines, legal, rules, setup, victory
from games.engine.hexpanse import moves as mv
from games.engine.hexpanse import view as views
from games.engine.hexpanse.evaluate import evaluate
from games.engine.hexpanse.flow import run
from games.engine.hexpanse.position import state_from_json, state_to_json
from games.engine.hexpanse.state import SCHEMA, Result, State
from games.engine.hexpanse.units import eliminate
from games.engine.hexpanse.work import Work
from games.engine.protocol import JSON, Outcome, SystemDefaults, Transition
from games.engine.registry import register
from games.engine.rng import Rng

_PRIVATE = ("set_policy",)


def transition(w: Work, rng: Rng, move: mv.Move | None, acting: int | None) -> Transition:
    """Undo is refused after a draw, a setup choice, anything another seat answered or
    decided, and the end of a turn."""
    kinds = {e.kind for e in w.events}
    reveals = (
        w.shuffled
        or move is None
        or move.do in ("end_turn", "protect", *mv.SETUP)
        or any(p["seat"] != acting for p in w.pending)
        or "ProtectorSacrificed" in kinds
        or "GameWon" in kinds
    )
    return Transition(
        state=w.freeze(),
        events=tuple(w.events),
        rng=w.rng,
        reveals=reveals,
        ends_turn=bool(kinds & {"TurnStarted", "GameWon", "GameStarted"}),
    )


def apply_move(state: State, seat: int, move: mv.Move, rng: Rng) -> Transition:
    """`apply` for a decoded move (the bench and the command line skip the JSON)."""
    return transition(rules.play(state, seat, move, rng), rng, move, seat)


class HexpanseSystem(SystemDefaults):
    key = "hexpanse"
    version = 1
    state_schema = SCHEMA
    min_seats = 2
    max_seats = 6
    allows_draw = False  # the rules know no draw (R121)
    # «Jeu en Equipes» (§5.1, spec R18): "un joueur peut contrôler deux factions en même
    # temps": one person may hold two seats of one team.
    one_person_may_hold_team_seats = True

    def teams(self, config: Mapping[str, JSON], seats: int) -> tuple[tuple[int, ...], ...]:
        cfg = setup.validate_config(config, seats)
        if cfg["teams"] is None:
            return tuple((i,) for i in range(seats))
        return tuple(tuple(t) for t in cfg["teams"])

    def validate_config(self, config: Mapping[str, JSON], seats: int) -> dict[str, JSON]:
        return setup.validate_config(config, seats)

    def setup(self, config: Mapping[str, JSON], seats: int, rng: Rng) -> Transition:
        state, rng = setup.new_state(config, seats, rng)
        w = Work.of(state, rng)
        w.emit("GameCreated", players=seats, mode=state.mode, board=state.board)
        return transition(w, rng, None, None)

    def to_act(self, state: State) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_moves(self, state: State, seat: int) -> list[JSON]:
        # Once per state: the site keeps a match's state per version and each of its pages
        # asks (games.engine.memo). The moves are shared by those pages, read-only.
        return list(state.memo(("legal", seat), lambda s: tuple(legal.legal_moves(s, seat))))

    def apply(self, state: State, seat: int, move: JSON, rng: Rng) -> Transition:
        return apply_move(state, seat, mv.decode(move), rng)

    def outcome(self, state: State) -> Outcome | None:
        """Winners first; every other seat shares second place (the rules rank no losers)."""
        if state.result is None:
            return None
        winners = set(state.result.winner)
        ranks = tuple(0 if i in winners else 1 for i in range(len(state.seats)))
        return Outcome(ranks, (), state.result.how)

    def view(self, state: State, seat: int | None) -> JSON:
        return views.view(state, seat)

    def state_to_json(self, state: State) -> JSON:
        return state_to_json(state)

    def state_from_json(self, data: JSON) -> State:
        return state_from_json(data)

    def timeout_move(self, state: State, seat: int) -> JSON | None:
        """The default a passed deadline plays for the decision `seat` owes (deadlines.py);
        None: a loss on time (the seat is eliminated, the others play on)."""
        return deadlines.deadline_default(state, seat)

    def forfeit(self, state: State, seat: int, reason: str) -> Transition:
        """A seat that resigns or runs out of time is eliminated (R122): its units stay as
        neutral pieces and the others play on; the last team standing wins."""
        w = Work.of(state, Rng("forfeit"))
        if state.result is not None:
            return transition(w, w.rng, None, None)
        w.emit("PlayerResigned", seat=seat, reason=reason)
        if state.setup is not None:
            # Nobody has played yet: the game ends, every other team wins.
            w.setup = None
            others = tuple(s for s in range(len(state.seats)) if s not in w.team(seat))
            victory.finish(w, Result(others, "forfeit"))
            return transition(w, w.rng, None, None)
        if w.seats[seat].alive:
            eliminate(w, seat, reason)
        run(w)
        return transition(w, w.rng, None, None)

    def determinize(self, view: JSON, seat: int, rng: Rng) -> State:
        return views.determinize(view, seat, rng)

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(state, seat)


SYSTEM = HexpanseSystem()
register(SYSTEM)


def new_position(config: Mapping[str, Any], seed: str) -> dict[str, Any]:
    """The command line's `new`: a fresh position after the random setup steps."""
    cfg = dict(config)
    seats = int(cfg.get("players", 2))
    return state_to_json(SYSTEM.setup(cfg, seats, Rng(seed)).state)
