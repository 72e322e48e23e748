"""One move's rules: who may act, in which phase, then the phase's module (skirmish.md §7).

Common refusals are checked first, in this order: `not_your_turn`, `wrong_phase` (the move
does not belong to the phase: `initiative` takes `choose_first`, `setup` the four setup
choices), `decision_pending` (a move of the phase other than the pending decision's); then
`not_your_model` and `model_dead` for every model the move names, then each move's own codes. `seat` None is the system (`begin_turn`).
"""

from __future__ import annotations

from games.engine.protocol import Event, IllegalMove
from games.engine.skirmish import deploy, flow, movement, orders
from games.engine.skirmish import moves as mv
from games.engine.skirmish.dice import Dice
from games.engine.skirmish.state import SIMULTANEOUS, Order, State
from games.engine.skirmish.targets import concerned

Events = list[Event]

PHASE_MOVES: dict[str, tuple[type, ...]] = {
    "setup": (mv.ChooseLayout, mv.ChooseEdge, mv.PlacePrison, mv.ChoosePrisoner),
    "deployment": (mv.Deploy,),
    "initiative": (mv.ChooseFirst,),
    "turn_start": (mv.BeginTurn,),
    "snap_fire": (mv.Orders,),
    "movement": (mv.Move, mv.PassBarrel, mv.EndMovement),
    "aimed_fire": (mv.Orders,),
    "melee_flee": (mv.FleeDeclaration,),
    "flee_move": (mv.FleeMove,),
    "melee_attack": (mv.Orders,),
}
PENDING_MOVES: dict[str, type] = {
    "choose_first": mv.ChooseFirst,
    "choose_layout": mv.ChooseLayout,
    "choose_edge": mv.ChooseEdge,
    "place_prison": mv.PlacePrison,
    "choose_prisoner": mv.ChoosePrisoner,
}


def may_act(state: State, seat: int | None) -> bool:
    """Whether `seat` may send a move now. In a simultaneous step: a seat that has not
    submitted (a hand-written position is taken as it is, §12: even a seat with nothing to
    decide then submits, if only an empty list), or one with something to decide replacing its
    orders before the reveal (§6.1)."""
    if state.phase == "over":
        return False
    if state.pending is not None:
        return seat == state.pending.seat
    if state.phase == "turn_start":
        return seat is None
    if seat is None:
        return False
    if state.phase in SIMULTANEOUS:
        return not state.submitted[seat] or concerned(state, state.phase, seat)
    return seat == state.active


def play(state: State, seat: int | None, move: mv.AnyMove, dice: Dice) -> tuple[State, Events]:
    """The rules of one move; raises IllegalMove (and then nothing has changed)."""
    if state.phase == "over":
        raise IllegalMove("The game is over.", "game_over")
    if not may_act(state, seat):
        raise IllegalMove("It is not your turn.", "not_your_turn")
    if not isinstance(move, PHASE_MOVES.get(state.phase, ())):
        raise IllegalMove("That move does not belong to this phase.", "wrong_phase")
    if state.pending is not None:
        if not isinstance(move, PENDING_MOVES[state.pending.kind]):
            raise IllegalMove("A decision must be made first.", "decision_pending")
        assert seat is not None
        return _answer(state, seat, move)
    if isinstance(move, mv.BeginTurn):
        return flow.begin_turn(state, dice)
    assert seat is not None
    if isinstance(move, mv.Orders):
        return orders.submit(state, seat, move.kind, move.orders, dice)
    if isinstance(move, mv.FleeDeclaration):
        flights = tuple(Order(m) for m in move.models)
        return orders.submit(state, seat, "flee_declaration", flights, dice)
    if isinstance(move, mv.Move):
        return movement.move(state, seat, move.model, move.path, move.release_hex)
    if isinstance(move, mv.PassBarrel):
        return movement.pass_barrel(state, seat, move.giver, move.receiver)
    if isinstance(move, mv.EndMovement):
        return movement.end_movement(state)
    if isinstance(move, mv.FleeMove):
        return movement.flee_move(state, seat, move.model, move.path)
    assert isinstance(move, mv.Deploy)
    return deploy.deploy(state, seat, move.unit, move.hexes)


def _answer(state: State, seat: int, move: mv.AnyMove) -> tuple[State, Events]:
    if isinstance(move, mv.ChooseFirst):
        return flow.choose_first(state, move.first)
    if isinstance(move, mv.ChooseLayout):
        return deploy.choose_layout(state, seat, move.layout, move.mirror)
    if isinstance(move, mv.ChooseEdge):
        return deploy.choose_edge(state, seat, move.edge)
    if isinstance(move, mv.PlacePrison):
        return deploy.place_prison(state, seat, move.hex)
    assert isinstance(move, mv.ChoosePrisoner)
    return deploy.choose_prisoner(state, seat, move.model)
