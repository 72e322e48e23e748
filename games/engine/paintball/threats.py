"""What the guns threaten, for the win estimate (evaluate.py): the chance that a figure is
eliminated by the enemy's next volleys, from the rules' own numbers (spec §8), no die rolled.

One ball from a gun at a figure: the die beating the range (a 6 against a base), every obstacle
of the line of fire letting the ball through (half the time, smoke a third, D12), the saving roll
failing (two chances in three, one in two in bushes) and a marshal close enough to confirm the
hit (one in two; with no marshal within two hexes the paint is wiped, §Nettoyage). A figure's
danger is the chance that at least one gun does it.
"""

from __future__ import annotations

from games.engine.hexgrid import Hex, distance
from games.engine.paintball.board import in_field_of_view
from games.engine.paintball.los import line_of_fire, need, obstacles
from games.engine.paintball.state import Figure, State


class Sight:
    """The lines of fire of one state, each worked out once: many figures share a hex, and both
    teams' estimates look along the same lines."""

    def __init__(self, state: State) -> None:
        self.state = state
        self._through: dict[tuple[Hex, Hex], float] = {}

    def through(self, a: Hex, b: Hex) -> float:
        """The chance that a ball from `a` passes every obstacle on the line of fire to `b`;
        0 without a line (D11)."""
        key = (a, b)
        found = self._through.get(key)
        if found is None:
            between = line_of_fire(self.state, a, b)
            found = 0.0
            if between is not None:
                found = 1.0
                for kind, _name in obstacles(self.state, between, b):
                    found *= 2 / 3 if kind == "smoke" else 0.5
            self._through[key] = found
        return found


def danger(
    state: State, target: Figure, guns: list[tuple[Figure, float]], sight: Sight | None = None
) -> float:
    """The chance that `target` is eliminated by one of `guns` (each weighted by how soon it
    may fire) with their next volleys."""
    if target.state == "neutral":
        return 0.0  # a jammed figure cannot be shot (D10)
    confirm = confirm_chance(state, target.hex)
    if confirm == 0.0:
        return 0.0
    sight = sight or Sight(state)
    escape = 1.0
    for gun, weight in guns:
        p = kill_chance(state, gun, target, sight) * confirm
        if p > 0.0:
            shots = 3 if gun.expert else 2
            escape *= 1.0 - weight * (1.0 - (1.0 - p) ** shots)
    return 1.0 - escape


def kill_chance(state: State, gun: Figure, target: Figure, sight: Sight) -> float:
    """One ball from `gun` at `target`: hit, through the line of fire, not saved."""
    if gun.hex == target.hex or distance(gun.hex, target.hex) > 5:
        return 0.0
    required = need(state, gun, target.hex, False)
    if required is None:
        return 0.0
    if state.blind_spots and not in_field_of_view(gun.hex, gun.facing, target.hex):
        return 0.0
    p = (7 - required) / 6 * sight.through(gun.hex, target.hex)
    saved = 0.5 if state.terrain_at(target.hex) == "bush" else 1 / 3
    return p * (1.0 - saved)


def has_target(state: State, gun: Figure, sight: Sight) -> bool:
    """Whether `gun` could shoot at some enemy from where it stands (range and a line)."""
    for f in state.figures:
        if f.team != gun.team and f.state not in ("out", "neutral") and f.hex != gun.hex:
            if need(state, gun, f.hex, False) is not None and sight.through(gun.hex, f.hex):
                return True
    return False


def confirm_chance(state: State, h: Hex) -> float:
    """A hit counts when a free marshal within two hexes confirms it (one in two); farther, the
    paint is wiped but the marshal walks two hexes nearer (§9): halved for every two hexes."""
    near = [distance(m.hex, h) for m in state.marshals if m.free]
    if not near:
        return 0.0
    d = min(near)
    return 0.5 if d <= 2 else 0.5 * 0.5 ** ((d - 2) / 2)


def acting_now(state: State, team: str) -> set[str]:
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
