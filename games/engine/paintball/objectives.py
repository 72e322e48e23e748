"""The objectives in the win estimate (evaluate.py): what each scenario rewards besides the
figures kept in play (spec §5, "Scenarios").

- **Flags** (capture the flag, centre flag): the way the flag has left to the hex where it
  scores (a figure to the flag, then the flag to that hex), against the two hexes a phase the
  team's phases left allow (§Mouvement, R10: two hexes a turn at most). A flag that cannot be
  brought there before the turn limit is worth nothing (the count decides then), so a carrier
  sitting safe in a base loses its worth turn by turn, and every hex on the way home counts
  more the fewer turns are left.
- **Base assault**: every attacker's way to the defended home, the nearest one most, the
  defenders lying down in it, and being at the door.
- **Elimination**: how far each figure has come from its own home (it is not won from afar).
"""

from __future__ import annotations

from games.engine.hexgrid import Hex, distance
from games.engine.paintball.actions import MAX_MOVE
from games.engine.paintball.state import State, other
from games.engine.paintball.threats import acting_now

ADVANCE = 0.05  # elimination: worth of each hex a figure has come from its own home, up to
ADVANCE_CAP = 7  # this many (the enemy's side of field_5)
ASSAULT_HEX = 0.1  # base assault: worth of each hex an attacker is nearer the home, from ten
# base assault: an attacker in the home, or that may reach it in the phase under way (2 hexes, 3)
DOOR = {2.0: 3.0, 1.0: 1.5, 0.5: 0.7, 0.0: 0.0}
# Flag scenarios: a flag at the hex where it scores (that is the game: the search sees the win
# itself), falling to nothing as its way grows to what the phases left allow.
FLAG_RUN = 3.5
SUPPORT = 0.05  # each figure's nearness to where its team goes (the flag, its carrier, the home)


def objectives(state: State, team: str) -> float:
    value = flag_run(state, team)
    if state.scenario == "elimination":
        value += _advance(state, team)
    goals = _goals(state, team)
    if goals:
        near = [
            min(distance(f.hex, g) for g in goals)
            for f in state.figures
            if f.team == team and f.state in ("ready", "sentry")
        ]
        if near:
            if state.scenario == "base_assault":
                value += 1.0 / (1 + min(near))
            value += SUPPORT * sum(1.0 / (1 + d) for d in near)
    if state.scenario == "base_assault" and team == state.roles[0]:
        value += _assault(state, team)
    return value


def flag_run(state: State, team: str) -> float:
    """The shortest way the team has left to score a flag (its carrier to the scoring hex, or
    its nearest figure able to act to the flag lying, then the flag to that hex), against what
    the team's phases left allow: FLAG_RUN with no way left, nothing once the way is longer
    than the phases left can cover. D21: a team never carries its own flag; the enemy carrying
    the flag gives the team nothing here (that is the enemy's own run)."""
    ways = []
    for flag in state.flags:
        if state.scenario == "capture_the_flag":
            if flag.id != other(team):
                continue
            goal = state.board.home(team)  # spec §5: carried into its own home
        else:
            goal = state.board.home(other(team))  # spec §5: hung in the enemy home
        if goal is None:
            continue
        if flag.carrier is None:
            near = [
                distance(f.hex, flag.hex)
                for f in state.figures
                if f.team == team and f.state in ("ready", "sentry")
            ]
            if near:
                ways.append(min(near) + distance(flag.hex, goal))
        elif state.figure(flag.carrier).team == team:
            ways.append(distance(state.figure(flag.carrier).hex, goal))
    if not ways:
        return 0.0
    reach = MAX_MOVE * phases_left(state, team)  # §Mouvement (R10): 2 hexes a turn at most
    return FLAG_RUN * max(0.0, 1.0 - min(ways) / (reach + 1))


def phases_left(state: State, team: str) -> int:
    """The team's phases left before the turn limit, the one under way or still to come this
    turn counted (12 without a limit)."""
    if not state.turn_limit:
        return 12
    left = state.turn_limit - state.turn
    still_to_play = state.active == team or (state.active == state.first and team != state.first)
    if state.phase != "activation" or still_to_play:
        left += 1
    return max(0, left)


def time_left(state: State) -> float:
    """The share of the game's phases left after this one (1 without a turn limit)."""
    if not state.turn_limit:
        return 1.0
    # In turns: half a turn while the first team plays.
    left = max(0.0, state.turn_limit - state.turn + (0.5 if state.active == state.first else 0.0))
    return left / state.turn_limit


def _assault(state: State, team: str) -> float:
    """The attacker of a base assault must stand in the defended home at the end of a turn
    before the limit (spec §5): every attacker counts by how much of the way it has left
    against the turns left (two hexes a turn), and a little for every hex nearer, whatever the
    turns left (the assault needs more than one runner); the defenders lying down in the home
    invite a charge, and an attacker inside is nearly the game."""
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
        value += 0.25 * max(-1.0, 1.0 - d / reach) + ASSAULT_HEX * max(0, 10 - d)
    if ways:
        # The runner nearest the home carries the assault: two hexes a turn at most.
        value += 1.5 * max(-1.0, 1.0 - min(ways) / reach)
    inside = state.figures_at(home)
    defenders = [f for f in inside if f.team != team]
    value += 0.4 * sum(1 for f in defenders if f.state == "disabled")
    return value + DOOR[at_the_door(state, team)]


def at_the_door(state: State, team: str) -> float:
    """How near the attacker stands to winning a base assault: 2 with a figure in the home; 1
    within one or two moves (or a charge) of it in the phase under way, the home empty or its
    defenders down; 0.5 three hexes away then; else 0."""
    home = state.board.home(state.roles[1])
    if home is None:
        return 0.0
    inside = state.figures_at(home)
    if any(f.team == team for f in inside):
        return 2.0
    if not all(f.state == "disabled" for f in inside if f.team != team):
        return 0.0
    now = acting_now(state, team)
    near = [
        distance(f.hex, home)
        for f in state.figures
        if f.id in now and distance(f.hex, home) <= min(2 - f.moved, f.ap) + 1
    ]
    if not near:
        return 0.0
    return 1.0 if min(near) <= 2 else 0.5


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


def _advance(state: State, team: str) -> float:
    """Coming forward (an elimination is not won from afar): a little for each hex a figure
    able to act stands from its own home, up to the enemy's side. (Nearness to the nearest enemy
    would reward the enemy too, for every one of its figures a single advance came nearer.)"""
    home = state.board.home(team)
    if home is None:
        return 0.0
    # Worth less as the turns run out: at the limit only the count decides.
    return time_left(state) * sum(
        ADVANCE * min(ADVANCE_CAP, distance(f.hex, home))
        for f in state.figures
        if f.team == team and f.state in ("ready", "sentry")
    )
