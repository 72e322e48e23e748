"""A win estimate for the generic computer opponent (games/engine/search.py reads
`system.evaluate(state, seat)` at the leaves of its short playouts).

Paintball is won by keeping figures in play (every scenario ends at its turn limit on the count,
spec §5) and by the objective. The estimate therefore weighs, for each team, the figures in play
minus what the other team's guns may take from them before long, and the objective:

- **Threat** of one enemy gun on a figure: the chance that its volley eliminates it, from the
  rules' own numbers (spec §8): the die beating the range (a 6 against a base), every obstacle
  of the line of fire letting the ball through (half the time, a third for smoke), the saving
  roll failing (two chances in three, one in two in bushes) and a marshal close enough to
  confirm the hit (one in two; with no marshal within two hexes the paint is wiped, §Nettoyage).
  A figure's danger is the chance that at least one gun does it.
- **Objectives**: the flag carried and how near its carrier is to the hex that scores; in a base
  assault, the attackers' nearest figure to the defended home and the defenders lying down in it.

No dice are rolled here: the estimate is an expectation, so the search compares moves, not luck.
"""

from __future__ import annotations

import math

from games.engine.hexgrid import Hex, distance
from games.engine.paintball.board import in_field_of_view
from games.engine.paintball.los import line_of_fire, need, obstacles
from games.engine.paintball.state import Figure, State, other

# What a figure is worth in play: a sentry watches for free, a figure lying down or jammed may
# be charged and cannot shoot for a while.
WORTH = {"ready": 1.0, "sentry": 1.0, "disabled": 0.7, "neutral": 0.6, "out": 0.0}
# How much a gun's threat counts: a gun that may still fire in the phase under way, or one that
# fires next phase at the earliest (the target may move first, and not every gun fires).
NOW = 0.9
LATER = 0.35
CONTACT = 0.15  # elimination: worth of each hex nearer the nearest enemy, within ten
CHARGES = True  # a figure lying down within reach of enemy chargers is nearly gone
MISFIRES = 1.0  # how much a gun's own risk of running out of gas when it fires counts
SCALE = 2.0  # score units per step of the logistic


def evaluate(state: State, seat: str) -> float:
    """The chance that `seat` wins, in [0, 1]; the two teams' estimates sum to one."""
    if state.phase == "over":
        if state.winner == "draw":
            return 0.5
        return 1.0 if state.winner == seat else 0.0
    score = _standing(state, seat) - _standing(state, other(seat))
    score += _objectives(state, seat) - _objectives(state, other(seat))
    return 1.0 / (1.0 + math.exp(-score / SCALE))


def _standing(state: State, team: str) -> float:
    """The team's figures in play, less what the enemy's guns threaten to take, and less the
    figures lying down within reach of enemies that may still charge them this phase."""
    now = _acting_now(state, other(team))
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
        total += worth * (1.0 - danger(state, f, guns))
        armed = f.state in ("ready", "sentry") or _up_again(state, f)
        if MISFIRES and armed and _has_target(state, f):
            # A gun with something to shoot at fires (the estimate assumes so of every gun),
            # and each die may misfire: out of gas on 1 then 1 (§Tir Raté).
            shots = 3 if f.expert else 2
            total -= worth * MISFIRES * (1.0 - (35 / 36) ** shots)
    return total


def _has_target(state: State, gun: Figure) -> bool:
    for f in state.figures:
        if f.team != gun.team and f.state not in ("out", "neutral") and f.hex != gun.hex:
            if (
                need(state, gun, f.hex, False) is not None
                and line_of_fire(state, gun.hex, f.hex) is not None
            ):
                return True
    return False


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
        return 0.9 if f.team == state.active else 0.75
    return WORTH[f.state]


def _acting_now(state: State, team: str) -> set[str]:
    """The team's figures that may still act in the phase under way: their guns are a threat
    now, not next turn (an unused good shot is worth taking before the phase ends)."""
    if state.phase != "activation" or state.active != team or state.pending is not None:
        return set()
    fresh = state.activations_of(team) >= 1
    out = set()
    for f in state.figures:
        if f.team != team or f.state not in ("ready", "sentry") or f.ap < 1:
            continue
        if f.id == state.current:
            if not f.fired:
                out.add(f.id)
        elif fresh and not f.activated:
            out.add(f.id)
    return out


def danger(state: State, target: Figure, guns: list[tuple[Figure, float]]) -> float:
    """The chance that `target` is eliminated by one of `guns` (each weighted by how soon it
    may fire) with their next volleys."""
    if target.state == "neutral":
        return 0.0  # a jammed figure cannot be shot (D10)
    confirm = _confirm_chance(state, target.hex)
    if confirm == 0.0:
        return 0.0
    escape = 1.0
    for gun, weight in guns:
        p = _kill_chance(state, gun, target) * confirm
        if p > 0.0:
            shots = 3 if gun.expert else 2
            escape *= 1.0 - weight * (1.0 - (1.0 - p) ** shots)
    return 1.0 - escape


def _kill_chance(state: State, gun: Figure, target: Figure) -> float:
    """One ball from `gun` at `target`: hit, through the line of fire, not saved."""
    if gun.hex == target.hex or distance(gun.hex, target.hex) > 5:
        return 0.0
    required = need(state, gun, target.hex, False)
    if required is None:
        return 0.0
    if state.blind_spots and not in_field_of_view(gun.hex, gun.facing, target.hex):
        return 0.0
    between = line_of_fire(state, gun.hex, target.hex)
    if between is None:
        return 0.0
    p = (7 - required) / 6
    for kind, _name in obstacles(state, between, target.hex):
        p *= 2 / 3 if kind == "smoke" else 0.5
    saved = 0.5 if state.terrain_at(target.hex) == "bush" else 1 / 3
    return p * (1.0 - saved)


def _confirm_chance(state: State, h: Hex) -> float:
    """A hit counts when a free marshal within two hexes confirms it (one in two); farther, the
    paint is wiped but the marshal walks two hexes nearer (§9): halved for every two hexes."""
    near = [distance(m.hex, h) for m in state.marshals if m.free]
    if not near:
        return 0.0
    d = min(near)
    return 0.5 if d <= 2 else 0.5 * 0.5 ** ((d - 2) / 2)


def _objectives(state: State, team: str) -> float:
    value = 0.0
    for flag in state.flags:
        if flag.carrier is None:
            continue
        carrier = state.figure(flag.carrier)
        if carrier.team != team:
            continue
        goal = state.board.home(team if flag.id != "centre" else other(team))
        if goal is not None:
            value += 1.5 + 2.0 / (1 + distance(carrier.hex, goal))
    if state.scenario == "elimination":
        value += _contact(state, team)
    goals = _goals(state, team)
    if goals:
        near = [
            min(distance(f.hex, g) for g in goals)
            for f in state.figures
            if f.team == team and f.state in ("ready", "sentry")
        ]
        if near:
            value += 1.0 / (1 + min(near)) + 0.05 * sum(1.0 / (1 + d) for d in near)
    if state.scenario == "base_assault" and team == state.roles[0]:
        value += _assault(state, team)
    return value


def _assault(state: State, team: str) -> float:
    """The attacker of a base assault must stand in the defended home at the end of a turn
    before the limit (spec §5): every attacker counts by how much of the way it has left
    against the turns left (two hexes a turn), the defenders lying down in the home invite a
    charge, and an attacker inside is nearly the game."""
    home = state.board.home(state.roles[1])
    if home is None:
        return 0.0
    turns_left = (state.turn_limit or state.turn) - state.turn + 1
    reach = 2 * max(1, turns_left)
    value = 0.0
    ways = [
        distance(f.hex, home)
        for f in state.figures
        if f.team == team and f.state in ("ready", "sentry", "disabled")
    ]
    for d in ways:
        value += 0.25 * max(-1.0, 1.0 - d / reach)
    if ways:
        # The runner nearest the home carries the assault: two hexes a turn at most.
        value += 1.5 * max(-1.0, 1.0 - min(ways) / reach)
    inside = state.figures_at(home)
    defenders = [f for f in inside if f.team != team]
    value += 0.4 * sum(1 for f in defenders if f.state == "disabled")
    if any(f.team == team for f in inside):
        return value + 3.0
    # Within reach of the home in the phase under way, the home empty or its defenders down:
    # one or two moves (or a charge) from standing in it.
    if all(f.state == "disabled" for f in defenders):
        now = _acting_now(state, team)
        near = [
            distance(f.hex, home)
            for f in state.figures
            if f.id in now and distance(f.hex, home) <= min(2 - f.moved, f.ap) + 1
        ]
        if near:
            value += 1.5 if min(near) <= 2 else 0.7
    return value


def _goals(state: State, team: str) -> list[Hex]:
    """Where the team's figures want to go: the flag to take, or the hex to carry it to; the
    defended home for an attacker. None in an elimination (figures in play decide)."""
    enemy = other(team)
    if state.scenario in ("capture_the_flag", "centre_flag"):
        wanted = enemy if state.scenario == "capture_the_flag" else "centre"
        for flag in state.flags:
            if flag.id != wanted:
                continue
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
    return []


def _contact(state: State, team: str) -> float:
    """Closing in on the enemy (an elimination is not won from afar): a little for each hex
    nearer its nearest enemy, for each figure, from ten hexes away."""
    enemies = [f.hex for f in state.figures if f.team != team and f.state != "out"]
    if not enemies:
        return 0.0
    return sum(
        CONTACT * max(0, 10 - min(distance(f.hex, e) for e in enemies))
        for f in state.figures
        if f.team == team and f.state in ("ready", "sentry")
    )
