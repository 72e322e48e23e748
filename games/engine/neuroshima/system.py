"""The Neuroshima Hex GameSystem (games/engine/protocol.py), registered under "neuroshima".

`apply` checks who may act and in which phase, then hands the move to the rules module of that
phase; it never mutates its input, and any IllegalMove leaves everything as it was.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from games.engine.neuroshima import actions, endgame, legal, setup, turn
from games.engine.neuroshima import battle as rules
from games.engine.neuroshima import determinize as dealing
from games.engine.neuroshima import moves as mv
from games.engine.neuroshima import state as st
from games.engine.neuroshima import view as views
from games.engine.neuroshima.moves import Move, decode
from games.engine.neuroshima.state import State
from games.engine.neuroshima.tiles import ARMIES
from games.engine.protocol import JSON, Event, IllegalMove, Outcome, SystemDefaults, Transition
from games.engine.registry import register
from games.engine.rng import Rng

Events = tuple[Event, ...]

_PHASE_MOVES: dict[str, tuple[type, ...]] = {
    "hq": (mv.PlaceHQ,),
    "discard": (mv.Discard,),
    "push": (mv.ChoosePushDestination,),
    "battle": (mv.Decide,),
    "play": (
        mv.Discard,
        mv.PlaceTile,
        mv.MoveUnit,
        mv.PlayMove,
        mv.PlayPush,
        mv.PlaySniper,
        mv.PlayGrenade,
        mv.PlayAirStrike,
        mv.PlayBattle,
        mv.EndTurn,
    ),
}
_PHASE_HINT = {
    "hq": "You must place your HQ first.",
    "discard": "You must first discard one of your three tiles.",
    "push": "A pushed unit's owner must first choose where it goes.",
    "battle": "A battle is being resolved; only its decisions can be made now.",
    "play": "That move is not possible now.",
}


def _battle_choice(state: State, choice: Any) -> Any:
    """The pending option equal to `choice` once both are JSON (options may hold tuples)."""
    decision = rules.pending(state.battle)
    if decision is not None:
        wanted = json.dumps(choice, sort_keys=True)
        for option in decision.options:
            if json.dumps(option, sort_keys=True) == wanted:
                return option
    raise IllegalMove("That is not one of the offered choices.", "bad_choice")


def play(state: State, seat: int, move: Move) -> tuple[State, Events]:
    """The rules of one move; raises IllegalMove."""
    if state.phase == "over":
        raise IllegalMove("The game is over.", "game_over")
    if seat not in legal.to_act(state):
        raise IllegalMove("It is not your turn.", "not_your_turn")
    if not isinstance(move, _PHASE_MOVES[state.phase]):
        raise IllegalMove(_PHASE_HINT[state.phase], "wrong_phase")
    if isinstance(move, mv.PlaceHQ):
        return turn.place_hq(state, seat, move.hex)
    if isinstance(move, mv.Discard):
        return turn.discard(state, seat, move.tile_index)
    if isinstance(move, mv.EndTurn):
        return turn.end_turn(state)
    if isinstance(move, mv.PlaceTile):
        return actions.place_tile(state, seat, move)
    if isinstance(move, mv.MoveUnit):
        return actions.move_unit(state, seat, move)
    if isinstance(move, mv.PlayMove):
        return actions.play_move(state, seat, move)
    if isinstance(move, mv.PlayPush):
        return actions.play_push(state, seat, move)
    if isinstance(move, mv.ChoosePushDestination):
        return actions.choose_push(state, seat, move)
    if isinstance(move, mv.PlaySniper):
        return actions.play_strike(state, seat, move.tile_index, "sniper", move.target)
    if isinstance(move, mv.PlayGrenade):
        return actions.play_strike(state, seat, move.tile_index, "grenade", move.target)
    if isinstance(move, mv.PlayAirStrike):
        return actions.play_strike(state, seat, move.tile_index, "air_strike", move.centre)
    if isinstance(move, mv.PlayBattle):
        return actions.play_battle(state, seat, move)
    assert isinstance(move, mv.Decide)
    return endgame.decide(state, seat, move.choice)


def transition(state: State, events: Events, rng: Rng) -> Transition:
    state = state.log(events)
    kinds = {e.kind for e in events}
    return Transition(
        state=state,
        events=events,
        rng=rng,
        reveals="TileDrawn" in kinds,
        ends_turn=bool(kinds & {"TurnEnded", "GameEnded"}),
    )


def apply_move(state: State, seat: int, move: Move, rng: Rng) -> Transition:
    """`apply` for a decoded move (the bench and the bots skip the JSON)."""
    new_state, events = play(state, seat, move)
    return transition(new_state, events, rng)


class NeuroshimaSystem(SystemDefaults):
    key = "neuroshima"
    version = 1
    state_schema = st.SCHEMA
    min_seats = setup.MIN_SEATS
    max_seats = setup.MAX_SEATS

    def validate_config(self, config: Mapping[str, JSON], seats: int) -> dict[str, JSON]:
        return setup.validate_config(config, seats)

    def setup(self, config: Mapping[str, JSON], seats: int, rng: Rng) -> Transition:
        return setup.setup(config, seats, rng)

    def to_act(self, state: State) -> tuple[int, ...]:
        return legal.to_act(state)

    def legal_moves(self, state: State, seat: int) -> list[JSON]:
        return legal.encoded_moves(state, seat)

    def apply(self, state: State, seat: int, move: JSON, rng: Rng) -> Transition:
        decoded = decode(move)
        if isinstance(decoded, mv.Decide) and state.phase == "battle":
            decoded = mv.Decide(_battle_choice(state, decoded.choice))
        return apply_move(state, seat, decoded, rng)

    def outcome(self, state: State) -> Outcome | None:
        return state.result

    def view(self, state: State, seat: int | None) -> JSON:
        return views.view(state, seat)

    def state_to_json(self, state: State) -> JSON:
        return st.state_to_json(state)

    def state_from_json(self, data: JSON) -> State:
        return st.state_from_json(data)

    def forfeit(self, state: State, seat: int, reason: str) -> Transition:
        new_state, events = endgame.forfeit(state, seat, reason)
        return Transition(state=new_state.log(events), events=events, rng=Rng("forfeit"))

    # --- What the platform asks of a system (protocol.SystemDefaults) ---------------------------

    # The rulebook has no draw offer, but players may always agree to stop: the platform has
    # offered draws in Neuroshima games from the start, and keeps doing so.
    allows_draw = True

    def teams(self, config: Mapping[str, JSON], seats: int) -> tuple[tuple[int, ...], ...]:
        """JEU À 4 JOUEURS EN MODE « ALLIANCE »: seats 0 and 2 against 1 and 3."""
        if config.get("mode") == "alliance" and seats == 4:
            return ((0, 2), (1, 3))
        return tuple((i,) for i in range(seats))

    def duel_configs(self, config: Mapping[str, JSON], rng: Rng) -> tuple[dict[str, JSON], ...]:
        """Unless the league fixed the armies, two different armies X and Y are drawn; the
        mirror game keeps them in seat order, so with the seats swapped the other player leads
        X and moves first."""
        base = dict(config)
        armies = base.get("armies", "random")
        if armies != "random" and any(a != "random" for a in armies):
            return base, dict(base)
        pair, _ = rng.shuffled(ARMIES)
        drawn = [pair[0], pair[1]]
        return {**base, "armies": drawn}, {**base, "armies": list(drawn)}

    def determinize(self, view: JSON, seat: int, rng: Rng) -> State:
        return dealing.determinize(view, seat, rng)

    def evaluate(self, state: State, seat: int) -> float:
        """The strong bot's evaluation (bot_eval.evaluate, in HQ points and tiles) squashed
        into a win estimate in [0, 1]."""
        from games.engine.neuroshima.bot_eval import evaluate

        score = evaluate(state, seat) / 4.0
        return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, score))))

    def choose_move(self, state: State, seat: int, rng: Rng, level: int) -> JSON:
        """Neuroshima's own computer opponent (bot.py), stronger than the generic search; it
        reads only states dealt from `seat`'s view."""
        from games.engine.neuroshima.bot import choose_move

        return choose_move(state, seat, rng, level)


SYSTEM = register(NeuroshimaSystem())
