"""The skirmish GameSystem (games/engine/protocol.py), registered under "skirmish".

The platform's `apply` runs `begin_turn` itself whenever a move leaves the game at a turn's
start (§6.2: "the match service applies begin_turn at once"), so a seat always has something
to do; positions and the command line keep `begin_turn` as an explicit system move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.engine.protocol import (
    JSON,
    ArmyPrice,
    Event,
    IllegalMove,
    Outcome,
    SystemDefaults,
    Transition,
)
from games.engine.registry import register
from games.engine.rng import Rng
from games.engine.skirmish import armies, legal, rules, scenarios
from games.engine.skirmish import moves as mv
from games.engine.skirmish import setup as setup_rules
from games.engine.skirmish.dice import Dice
from games.engine.skirmish.evaluate import evaluate
from games.engine.skirmish.events import ev
from games.engine.skirmish.names import with_labels
from games.engine.skirmish.position import state_from_json, state_to_json
from games.engine.skirmish.scenarios import SCENARIOS
from games.engine.skirmish.state import SCHEMA, SEAT_NAMES, SIMULTANEOUS, Order, State
from games.engine.skirmish.targets import concerned
from games.engine.skirmish.view import view


def advance(state: State, events: list[Event], dice: Dice) -> tuple[State, list[Event]]:
    """Play the system's `begin_turn` when the game waits at a turn's start."""
    if state.phase == "turn_start":
        state, more = rules.play(state, None, mv.BeginTurn(), dice)
        events = events + more
    return state, events


def apply_move(state: State, seat: int, move: mv.AnyMove, rng: Rng) -> Transition:
    """`apply` for a decoded move (bench and bots skip the JSON)."""
    dice = Dice(rng)
    new, events = rules.play(state, seat, move, dice)
    new, events = advance(new, events, dice)
    assert dice.rng is not None
    kinds = {e.kind for e in events}
    # §11: a move inside one's own movement, and orders not yet revealed, may be taken back.
    pending_orders = isinstance(move, mv.Orders | mv.FleeDeclaration) and kinds == {
        "OrdersSubmitted"
    }
    return Transition(
        state=new,
        events=with_labels(events, new),
        rng=dice.rng,
        # §11 undo: nothing before a die, a reveal, a barrel picked up or a prisoner freed.
        reveals=dice.used > 0
        or bool(kinds & {"OrdersRevealed", "BarrelPickedUp", "PrisonerFreed"}),
        ends_turn=not (isinstance(move, mv.Move | mv.PassBarrel) or pending_orders),
    )


class SkirmishSystem(SystemDefaults):
    key = "skirmish"
    version = 1
    state_schema = SCHEMA
    min_seats = 2
    max_seats = 2
    allows_draw = True
    scenarios: tuple[str, ...] = SCENARIOS
    has_army_lists = True

    def price_army(self, army: Mapping[str, JSON]) -> ArmyPrice:
        return armies.price(army)

    def config_with_armies(
        self, config: Mapping[str, JSON], lists: Sequence[Mapping[str, JSON] | None]
    ) -> dict[str, JSON]:
        chosen = [
            dict(army) if army is not None else dict(setup_rules.DEFAULT_ARMIES[seat])
            for seat, army in enumerate(lists)
        ]
        return {**config, "armies": chosen}

    def points_limit(self, config: Mapping[str, JSON]) -> int | None:
        limit = config.get("points_limit")
        return limit if isinstance(limit, int) and not isinstance(limit, bool) else None

    def validate_config(self, config: Mapping[str, JSON], seats: int) -> dict[str, JSON]:
        return setup_rules.validate_config(config, seats)

    def setup(self, config: Mapping[str, JSON], seats: int, rng: Rng) -> Transition:
        if seats != 2:
            raise ValueError("A skirmish is played by two players.")
        dice = Dice(rng)
        state, events = setup_rules.setup(config, dice)
        assert dice.rng is not None
        return Transition(
            state=state, events=with_labels(events, state), rng=dice.rng, reveals=True
        )

    def to_act(self, state: State) -> tuple[int, ...]:
        return legal.to_act(state)

    def legal_moves(self, state: State, seat: int) -> list[JSON]:
        return legal.encoded_menu(state, seat)

    def apply(self, state: State, seat: int, move: JSON, rng: Rng) -> Transition:
        return apply_move(state, seat, mv.decode(move), rng)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over" or state.winner is None:
            return None
        figures = scenarios.scores(state) if state.scenario else (0.0,) * state.seats
        if state.winner == "draw":
            return Outcome(ranks=(0,) * state.seats, scores=figures, reason="draw")
        win = SEAT_NAMES.index(state.winner)
        ranks = tuple(0 if s == win else 1 for s in range(state.seats))
        return Outcome(ranks=ranks, scores=figures, reason=state.scenario or "")

    def view(self, state: State, seat: int | None) -> JSON:
        return view(state, seat)

    def state_to_json(self, state: State) -> JSON:
        return state_to_json(state)

    def state_from_json(self, data: JSON) -> State:
        return state_from_json(data)

    def forfeit(self, state: State, seat: int, reason: str) -> Transition:
        if state.phase == "over":
            raise IllegalMove("The game is over.", "game_over")
        winner = SEAT_NAMES[1 - seat]
        events = (ev("GameOver", winner=winner, forfeit=SEAT_NAMES[seat], reason=reason),)
        new = replace(state, phase="over", winner=winner, pending=None, active=None)
        return Transition(state=new, events=events, rng=Rng("forfeit"), ends_turn=True)

    def determinize(self, view: JSON, seat: int, rng: Rng) -> State:
        """The seat's view with every hidden order replaced by one drawn from that seat's menu."""
        state = state_from_json(view["position"])
        if state.phase not in SIMULTANEOUS:
            return state
        orders = list(state.orders)
        for other in range(state.seats):
            if other == seat or not state.submitted[other] or orders[other] is not None:
                continue
            if not concerned(state, state.phase, other):
                continue
            open_state = replace(
                state,
                submitted=tuple(False if s == other else x for s, x in enumerate(state.submitted)),
            )
            options = legal.menu(open_state, other)
            choice, rng = rng.choice(list(options))
            orders[other] = _orders_of(choice)
        return replace(state, orders=tuple(orders))

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(state, seat)

    def choose_default(self, state: State, seat: int) -> JSON:
        """The §11 deadline default of `seat`'s step (the seat must be one `to_act` names)."""
        return mv.encode(legal.default_move(state, seat))

    def timeout_move(self, state: State, seat: int) -> JSON | None:
        """What a passed deadline plays for `seat` (the platform's hook): §11 gives every step
        a default, the seat's own movement included (`end_movement`), so a skirmish is never
        lost on time; None when the seat owes nothing."""
        if seat not in legal.to_act(state):
            return None
        return self.choose_default(state, seat)


def _orders_of(move: Any) -> Any:
    if isinstance(move, mv.Orders):
        return move.orders
    if isinstance(move, mv.FleeDeclaration):
        return tuple(Order(m) for m in move.models)
    return ()


SYSTEM = register(SkirmishSystem())
