"""The coach: a few tips for a player's first paintball matches, about the step in front of them.

Pure: fed by the engine's view of the player's own seat (`view(state, seat)`), nothing else; the
moves the seat may make are worked out from that view alone (`legal_moves` of the state it
reads back: a seat's own moves never depend on what the view hides). What paintball hides (spec
§12, "Hidden information") is the other team's sentry policies, its secret setup (experts,
grenades) and its secret deployment until both are in, and the RNG seed; the view replaces the
first two and never holds the third, and no tip reads them (tests swap them and see the same
tips). Each tip is one or two sentences in a player's words (figures by their names, "Rouge 3",
never a hex), with the section of our rules page that says more (`RULES_SECTIONS`, ids on
rules.html).

A tip appears only when the seat has a real choice to make: its own setup or deployment, a
decision the rules give it, or its phase of a turn with something else to do than ending it.
Waiting for the other team, between turns, once the match is over (or the seat has no figure
left), or with nothing left to do but end the phase: no tip. At most `MAX_TIPS` (two: the box
stays short on a phone), most pressing first:

1. the decision the rules give it now (`order`: equal command dice; `sentry-fire`: its asking
   sentry sees an enemy; `allocate`: which of its figures the balls hit; `charge-victim`; `scatter`:
   where the other team's stray grenade lands); in the setup, the experts and grenades its dice
   gave it (`setup`); in the deployment, where its figures go (`deploy`); both then the scenario's
   goal (`goal`);
2. warnings: the other team close to winning (`danger`: its figure carrying the flag that scores,
   with the distance left; in base assault an attacker in the defended base or two hexes from
   it), the seat's last figure in play (`last-figure`), the last two turns with the count that
   decides them (`last-turns`), its own figures down, named (`down`: out of paint, pinned down,
   gun jammed);
3. in its phase, with no figure acting: the command die and the action points (`activations`);
   then what the position offers (a charge on an enemy down, `charge`; its own flag carrier,
   `flag`; an enemy sentry watching while it may move, `enemy-sentry`); then the volley when a
   shot is possible after the first turn (`shoot`), else moving (`move`);
4. in its phase, with a figure acting (named): its volley (`shoot`), or standing sentry when it
   may but has no target (`sentry`); what the position offers (as in 3); what stands on the line
   and what follows a hit (`cover`); its remaining move (`move`).

Every rule a tip states is cited from the French rulebook,
../shared/rules/seeds/001_744d3ca8cb4ec528.txt ("Le Jeu"), by its heading (§Heading). The
rulebook's scenarios are missing (§Gagner la partie: "se référer aux conditions du scénario"),
so goals, deployment and turn limits are the specification's (paintball.md §5), cited as such.

The tips themselves are in coach_setup.py (setup, deployment, goal), coach_warnings.py and
coach_turn.py (the decisions and the turn); coach_board.py reads the view for them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.paintball import legal
from games.engine.paintball import moves as mv
from games.engine.paintball.position import PositionError, state_from_json
from games.hexboard.coaching import CoachTip
from games.paintball_site import coach_setup as setup
from games.paintball_site import coach_turn as turn
from games.paintball_site import coach_warnings as alerts
from games.paintball_site.coach_board import Fig
from games.paintball_site.words import TEAMS

# The sections of the rules page a tip may point at (ids of rules.html's sections).
RULES_SECTIONS = (
    "turn",
    "deploy",
    "move",
    "shoot",
    "cover",
    "sentry",
    "charge",
    "scenarios",
    "advanced",
)
MAX_TIPS = 2  # the box's length at most: two short tips fit a 360 px phone's screen


def tips(
    view: Mapping[str, Any], seat: int | None, legal: Sequence[Mapping[str, Any]] | None = None
) -> list[CoachTip]:
    """The tips for `seat` in this view of theirs, most pressing first; [] for a spectator, a
    finished match, a seat with no figure left or nothing to choose. `legal`: the seat's legal
    moves when the page read them already (else worked out again from the view)."""
    if seat is None or not 0 <= seat < len(TEAMS):
        return []
    team = TEAMS[seat]
    if view.get("seat") != team or view.get("winner") is not None:
        return []
    if view.get("phase") in ("over", "turn_start") or team not in (view.get("to_act") or ()):
        return []
    figs: dict[str, Fig] = dict(view.get("figures") or {})
    if not any(f["team"] == team and f.get("state") != "out" for f in figs.values()):
        return []
    moves = list(legal) if legal is not None else _moves(view, team)
    kinds = {m["type"] for m in moves}
    if not kinds - {"end_phase", "end_activation", "begin_turn"}:
        return []  # nothing to choose but ending the phase
    out: list[CoachTip] = []
    pending = view.get("pending") or {}
    if pending.get("seat") == team:
        out += turn.decision(view, team, pending)
        out += alerts.warnings(view, team, figs)
        return out[:MAX_TIPS]
    if view.get("phase") == "setup":
        return [setup.setup(view, team), *setup.goal(view, team)][:MAX_TIPS]
    if view.get("phase") == "deploy":
        return [setup.deploy(view, team), *setup.goal(view, team)][:MAX_TIPS]
    out += alerts.warnings(view, team, figs)
    # What the position offers now, the most specific first.
    chances = [
        *turn.charge(moves, team, figs),
        *turn.carrying(view, team, figs),
        *(turn.enemy_sentries(team, figs) if "move" in kinds else []),
    ]
    current = view.get("current")
    acting = figs.get(current) if current else None
    if acting is None or acting.get("team") != team:
        # Between activations: the turn's lesson, what the position offers, then the action
        # most worth learning: the first turn is for coming closer (from the start zones a
        # shot needs a 5 at least), later the volley when one may be fired.
        out.append(turn.activations(view, team))
        out += chances
        if "shoot" in kinds and view.get("turn") != 1:
            out.append(turn.shoot(None))
        elif "move" in kinds:
            out.append(turn.move(None))
        return out[:MAX_TIPS]
    # A figure acting: its volley (or its watch when it has no target), what the position
    # offers, then what stands between it and its target, then its remaining move.
    assert current is not None
    mine = {m["type"] for m in moves if m.get("figure") == current}
    if "shoot" in mine:
        out.append(turn.shoot((current, acting)))
    elif "sentry" in mine:
        out.append(turn.sentry(current))
    out += chances
    if "shoot" in mine:
        out.append(turn.cover())
    if "move" in mine:
        out.append(turn.move((current, acting)))
    return out[:MAX_TIPS]


def _moves(view: Mapping[str, Any], team: str) -> list[dict[str, Any]]:
    """The seat's legal moves, from its own view: hidden policies and submissions are the
    other team's, which its moves never read."""
    try:
        state = state_from_json(dict(view))
    except (PositionError, KeyError, TypeError, ValueError):
        return []
    return [mv.encode(m) for m in legal.legal_moves(state, team)]
