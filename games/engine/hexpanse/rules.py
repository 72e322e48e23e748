"""Who acts, and one move from start to finish: the common refusals in the order of spec
section 14.4's code list (H2), the move itself, then the automatic steps (flow.run)."""

from __future__ import annotations

from games.engine.hexpanse import actions, flow
from games.engine.hexpanse.abilities import resolve
from games.engine.hexpanse.moves import ACTIONS, MARKET, SETUP, Move, answered
from games.engine.hexpanse.setup_moves import play_setup, setup_to_act
from games.engine.hexpanse.state import POLICIES, State
from games.engine.hexpanse.work import Work, key, refuse
from games.engine.rng import Rng


def to_act(state: State) -> tuple[int, ...]:
    if state.result is not None:
        return ()
    if state.setup is not None:
        return setup_to_act(state.setup)
    if state.pending:
        return (state.pending[0].seat,)
    return (state.turn.seat,)


def play(state: State, seat: int, m: Move, rng: Rng) -> Work:
    """Apply a decoded move to a working copy; IllegalMove leaves `state` as it was."""
    if m.seat is not None and m.seat != seat:
        raise refuse("not_your_turn", "That move names another seat.")
    if state.result is not None:
        raise refuse("game_over", "The game is over.")
    if not 0 <= seat < len(state.seats) or seat not in to_act(state):
        raise refuse("not_your_turn", "It is not your turn to decide.")
    w = Work.of(state, rng)
    if m.do == "set_policy":
        _set_policy(w, seat, m)
        return w
    if (state.setup is not None) != (m.do in SETUP):
        raise refuse("wrong_phase", "That move belongs to another phase of the game.")
    if state.setup is not None:
        play_setup(w, seat, m)
        flow.run(w)
        return w
    if m.do in MARKET and state.turn.phase != "market":
        raise refuse("wrong_phase", "Buying comes after your actions, in the market phase.")
    if state.pending and m.do not in ("resolve", "protect"):
        if state.pending[0].kind == "protect":
            raise refuse("pending_decision", "A decision waits first: a Protector's answer.")
        raise refuse("pending_decision", "A decision waits first: an ability to resolve.")
    if m.do in ("resolve", "protect"):
        if not state.pending:
            raise refuse("no_pending_decision", "Nothing waits for an answer.")
        _answer(w, seat, m)
    elif m.do in ACTIONS or m.do == "end_actions":
        if state.turn.phase != "actions" or state.turn.actions_left <= 0:
            raise refuse("no_actions_left", "You have no actions left this turn.")
        if m.do == "end_actions":
            w.turn.actions_left = 0
            w.emit("ActionsEnded", seat=seat)
        else:
            w.turn.actions_left -= 1
            actions.ACTIONS[m.do](w, seat, m)
    elif m.do == "buy":
        actions.buy(w, seat, m)
    elif m.do == "end_turn":
        flow.end_turn(w)
    flow.run(w)
    return w


def _answer(w: Work, seat: int, m: Move) -> None:
    head = w.pending[0]
    if m.do == "resolve":
        resolve(w, seat, m)
        return
    if head["kind"] != "protect":
        raise refuse("invalid_move", "The decision waiting is an ability: answer with resolve.")
    if not answered(m):
        raise refuse("invalid_move", 'Answer with "with": a Protector\'s hex, or null.')
    choice = m.protect_with
    if choice is not None and key(choice) not in head["protectors"]:  # type: ignore[arg-type]
        raise refuse("illegal_target", "That is not one of your Protectors next to the target.")
    w.pending.pop(0)
    first, *rest = head["then"]
    w.steps = [{**first, "answer": None if choice is None else key(choice)}, *rest]  # type: ignore[arg-type]
    w.emit("ProtectAnswered", seat=seat, protect=choice is not None)


def _set_policy(w: Work, seat: int, m: Move) -> None:
    """R117: the standing order for the seat's Protectors (seen by its team only)."""
    if m.policy not in POLICIES:
        raise refuse("invalid_move", 'The policy is "ask", "always" or "never".')
    w.seats[seat].protector_policy = m.policy
    w.emit("PolicySet", only=w.team(seat), seat=seat, policy=m.policy)
