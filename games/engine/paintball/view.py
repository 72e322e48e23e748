"""What a team may know (spec §12, "Hidden information"): the other team's sentry policies and
its secret setup or deployment until both are in are replaced; everything else is public.
`determinize` fills those holes back in for the computer opponent."""

from __future__ import annotations

import json
import math
from typing import Any

from games.engine.hexgrid import Hex, distance
from games.engine.paintball import moves as mv
from games.engine.paintball.board import SEATS
from games.engine.paintball.position import state_from_json, state_to_json
from games.engine.paintball.rules import to_act
from games.engine.paintball.setup import default_deploy, default_setup
from games.engine.paintball.state import State, other
from games.engine.rng import Rng

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
    data = json.loads(json.dumps(data))
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


_WORTH = {"ready": 1.0, "sentry": 1.1, "disabled": 0.6, "neutral": 0.5, "out": 0.0}


def evaluate(state: State, seat: str) -> float:
    """A win estimate in [0, 1]: figures in play (weighted by their state), flag progress and,
    in a base assault, the attackers' distance to the defended home."""
    if state.phase == "over":
        if state.winner == "draw":
            return 0.5
        return 1.0 if state.winner == seat else 0.0
    score = 0.0
    for f in state.figures:
        sign = 1.0 if f.team == seat else -1.0
        score += sign * _WORTH[f.state]
    for flag in state.flags:
        if flag.carrier is None:
            continue
        carrier = state.figure(flag.carrier)
        goal = state.board.home(carrier.team if flag.id != "centre" else other(carrier.team))
        if goal is not None:
            sign = 1.0 if carrier.team == seat else -1.0
            score += sign * (1.5 + 2.0 / (1 + distance(carrier.hex, goal)))
    if state.scenario == "base_assault":
        attacker, defender = state.roles
        home = state.board.home(defender)
        if home is not None:
            near = [
                distance(f.hex, home) for f in state.figures if f.team == attacker and f.in_play
            ]
            if near:
                sign = 1.0 if seat == attacker else -1.0
                score += sign * (1.5 / (1 + min(near)) - 0.3)
    for team in ("red", "blue"):
        sign = 1.0 if team == seat else -1.0
        score += sign * 0.1 * _progress(state, team)
    return 1.0 / (1.0 + math.exp(-score / 2.0))


def _objectives(state: State, team: str) -> list[Hex]:
    """Where the team's figures want to be: the flag to take (or the hex to bring it to), the
    defended home for an attacker, else the enemy figures."""
    enemy = other(team)
    if state.scenario in ("capture_the_flag", "centre_flag"):
        wanted = enemy if state.scenario == "capture_the_flag" else "centre"
        for flag in state.flags:
            if flag.id == wanted:
                if flag.carrier is None:
                    return [flag.hex]
                carrier = state.figure(flag.carrier)
                if carrier.team == team:
                    goal = state.board.home(team if wanted == enemy else enemy)
                    return [goal] if goal else []
                return [carrier.hex]
    if state.scenario == "base_assault" and team == state.roles[0]:
        home = state.board.home(state.roles[1])
        return [home] if home else []
    return [f.hex for f in state.figures if f.team == enemy and f.in_play]


def _progress(state: State, team: str) -> float:
    goals = _objectives(state, team)
    if not goals:
        return 0.0
    return sum(
        1.0 / (1 + min(distance(f.hex, g) for g in goals))
        for f in state.figures
        if f.team == team and f.in_play
    )
