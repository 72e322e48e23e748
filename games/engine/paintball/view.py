"""What a team may know (spec §12, "Hidden information"): the other team's sentry policies and
its secret setup or deployment until both are in are replaced; everything else is public.
`determinize` fills those holes back in for the computer opponent (evaluate.py judges them)."""

from __future__ import annotations

from typing import Any

from games.engine.paintball import moves as mv
from games.engine.paintball.board import SEATS
from games.engine.paintball.position import state_from_json, state_to_json
from games.engine.paintball.rules import to_act
from games.engine.paintball.setup import default_deploy, default_setup
from games.engine.paintball.state import State
from games.engine.rng import Rng
from games.engine.view_copy import copied

HIDDEN = "hidden"


def view(state: State, seat: str | None) -> dict[str, Any]:
    data = state_to_json(state)
    for fig in data["figures"].values():
        if fig["team"] != seat:
            fig["sentry_policy"] = None
    for s in SEATS:
        if s != seat and data["submissions"][s] is not None:
            data["submissions"][s] = HIDDEN
    data["seat"] = seat
    data["to_act"] = list(to_act(state))
    return data


def determinize(data: dict[str, Any], seat: str, rng: Rng) -> State:
    """A full state consistent with `seat`'s view: hidden policies drawn at random, a hidden
    submission replaced by that team's default."""
    data = copied(data)
    for fid in sorted(data["figures"]):
        fig = data["figures"][fid]
        if fig.get("sentry_policy") is None:
            policy, rng = rng.choice(("fire", "fire", "suppress", "ask"))
            fig["sentry_policy"] = policy
    hidden = [s for s in SEATS if data.get("submissions", {}).get(s) == HIDDEN]
    for s in hidden:
        data["submissions"][s] = None
    state = state_from_json(data)
    for s in hidden:
        move: mv.AnyMove = (
            default_setup(state, s) if state.phase == "setup" else default_deploy(state, s)
        )
        data["submissions"][s] = mv.encode(move)
    return state_from_json(data) if hidden else state
