"""A win estimate for the generic computer opponent (games/engine/search.py reads
`system.evaluate(state, seat)` right after each candidate move and at the leaves of its short
playouts).

Paintball is won by keeping figures in play (every scenario ends at its turn limit on the count,
spec §5) and by the objective. The estimate therefore weighs, for each team, the figures in play
minus what the other team's guns may take from them before long (threats.py), and the
objective:

- **Objectives** (objectives.py): the way a flag has left to where it scores, against the turns
  left; in a base assault, every attacker's way to the defended home (the nearest one most) and
  the defenders lying down in it; in an elimination, how far each figure has come from its own
  home (an elimination is not won from afar).
- **Time**: at the turn limit the count decides, so a lead in figures is worth more the fewer
  turns are left (the logistic steepens), and a gamble is worth less to the team ahead.

No dice are rolled here: the estimate is an expectation, so the search compares moves, not luck.
"""

from __future__ import annotations

import math
from dataclasses import replace

from games.engine.hexgrid import distance
from games.engine.paintball.objectives import at_the_door, objectives, time_left
from games.engine.paintball.state import Figure, State, other
from games.engine.paintball.threats import Sight, acting_now, danger, has_target
from games.engine.search import BUDGETS

# The generic search's budgets for paintball (system.search_budgets): the default ones, with the
# estimate right after a move trusted as `prior` simulations and a move's dice judged over
# `samples` outcomes, not one roll; from medium up, no random playout after the candidate
# (depth 0: each simulation is one more outcome of the move in one more dealt world, judged at
# once). Random moves of a dice game mostly measure luck, and half of them would be the
# computer's own: with them (depth 2) medium won 0.86 of 25 games, without 0.93 of 30 (0.894
# of 80). Twice the simulations (48) did no better: 0.881 of 80.
SEARCH_BUDGETS = {
    1: replace(BUDGETS[1], samples=2, prior=1),
    2: replace(BUDGETS[2], samples=8, prior=3, depth=0),
    3: replace(BUDGETS[3], samples=8, prior=3, depth=0),
}

# What a figure is worth in play: a sentry watches for free, a figure lying down or jammed may
# be charged and cannot shoot for a while.
WORTH = {"ready": 1.0, "sentry": 1.0, "disabled": 0.7, "neutral": 0.6, "out": 0.0}
# A figure pinned down (suppressed) before or during its own phase loses what is left of that
# phase: its guns no longer count as a threat (threats.py), so its worth drops only a little.
PIN_BEFORE = 0.95
PIN_OWN = 0.98
# How much a gun's threat counts: a gun that may still fire in the phase under way, or one that
# fires next phase at the earliest (the target may move first, and not every gun fires).
NOW = 0.9
LATER = 0.35
ASSAULT_FIGURES = 0.4  # base assault: a figure's worth (a means to reach the home, no more)
ASSAULT_CLOCK = 4.0  # base assault: what the attacker has lost when the turns have run out
CHARGES = True  # a figure lying down within reach of enemy chargers is nearly gone
MISFIRES = 1.0  # how much a gun's own risk of running out of gas when it fires counts
SCALE = 2.0  # score units per step of the logistic
# The logistic's scale shrinks with the share of turns left (to this power, this much at the
# least) where the count decides at the limit (not in a base assault: the defender wins there).
TIME_POW = 0.7
TIME_MIN = 0.25


def evaluate(state: State, seat: str) -> float:
    """The chance that `seat` wins, in [0, 1]; the two teams' estimates sum to one."""
    if state.phase == "over":
        if state.winner == "draw":
            return 0.5
        return 1.0 if state.winner == seat else 0.0
    sight = Sight(state)
    lead = _standing(state, seat, sight) - _standing(state, other(seat), sight)
    aims = objectives(state, seat) - objectives(state, other(seat))
    # Only the lead in figures steepens as the turns run out (the count decides at the limit):
    # the way to an objective does not, or a team ahead on the way would play for time.
    score = lead / _scale(state) + aims / SCALE
    if state.scenario == "base_assault":
        # The count decides nothing at the limit: the defender wins unless an attacker stands
        # in its home, so the attacker's figures are means, and its chances run out with the
        # turns (spec §5).
        attacker = 1.0 if seat == state.roles[0] else -1.0
        score = (ASSAULT_FIGURES * lead + aims) / SCALE
        door = min(1.0, at_the_door(state, state.roles[0]))
        clock = ASSAULT_CLOCK * (1.0 - time_left(state)) * (1.0 - door)
        score -= attacker * clock / SCALE
    return 1.0 / (1.0 + math.exp(-score))


def _scale(state: State) -> float:
    """Figures per step of the logistic: fewer as the turns run out, where the count of
    figures in play decides at the turn limit (spec §5)."""
    if not TIME_POW or not state.turn_limit or state.scenario == "base_assault":
        return SCALE
    share: float = time_left(state) ** TIME_POW
    return SCALE * max(TIME_MIN, share)


def _standing(state: State, team: str, sight: Sight) -> float:
    """The team's figures in play, less what the enemy's guns threaten to take, and less the
    figures lying down within reach of enemies that may still charge them this phase."""
    now = acting_now(state, other(team))
    guns = [
        (f, NOW if f.id in now else LATER)
        for f in state.figures
        if f.team != team and (f.state in ("ready", "sentry") or _up_again(state, f))
    ]
    chargers = [f for f in state.figures if f.id in now]
    total = 0.0
    for f in state.figures:
        if f.team != team or f.state == "out":
            continue
        worth = _worth(state, f)
        if (
            CHARGES
            and f.state == "disabled"
            and any(distance(c.hex, f.hex) <= min(2 - c.moved, c.ap) for c in chargers)
        ):
            # §Charger un ennemi: out of paint, it is out at once; pinned down, it fights one
            # round of dice against the chargers, who act first on a tie.
            worth = 0.05 if f.disabled_by == "ammo" else 0.3
        total += worth * (1.0 - danger(state, f, guns, sight))
        armed = f.state in ("ready", "sentry") or _up_again(state, f)
        if MISFIRES and armed and has_target(state, f, sight):
            # A gun with something to shoot at fires (the estimate assumes so of every gun),
            # and each die may misfire: out of gas on 1 then 1 (§Tir Raté).
            shots = 3 if f.expert else 2
            total -= worth * MISFIRES * (1.0 - (35 / 36) ** shots)
    return total


def _up_again(state: State, f: Figure) -> bool:
    """A figure pinned down after its team's phase of this turn: it gets up at the end of the
    turn (D17), before it may act again, so the pin cost it nothing."""
    if f.state != "disabled" or f.disabled_by != "suppressed":
        return False
    return f.team == state.first and state.active != f.team


def _worth(state: State, f: Figure) -> float:
    if f.state == "disabled" and f.disabled_by == "suppressed":
        if _up_again(state, f):
            return 1.0
        # Pinned down before or during its own phase: it loses what is left of that phase.
        return PIN_OWN if f.team == state.active else PIN_BEFORE
    return WORTH[f.state]
