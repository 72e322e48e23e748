"""The coach: a few tips for a player's first skirmish battles, about the step in front of them.

Pure: fed by the engine's view of the player's own seat (`view(state, seat)`), nothing else.
The only thing the skirmish hides is the other seat's submitted, unrevealed orders (skirmish.md
§11), and that view never holds them, so no tip can tell them; armies, items, undeployed units,
terrain and dice are public. Each tip is one or two sentences in a player's words (models by
their unit's name, never a hex), with the section of our rules page that says more
(`RULES_SECTIONS`, ids of rules_fr.html and rules_en.html).

Every rule a tip states is cited from the French rulebook,
../shared/rules/seeds/004_d01e2a150d2e18fa.txt, by its heading; the hex measures are those of
the specification (skirmish.md §4.1: a hex is 3'').
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.hexboard.coaching import CoachTip
from games.skirmish_site import board_state, describe
from games.skirmish_site import coach_setup as setup
from games.skirmish_site import coach_turn as turn

# The sections of the rules page a tip may point at (ids on its headings and turn steps).
RULES_SECTIONS = (
    "setup",
    "initiative",
    "snap-fire",
    "movement",
    "aimed-fire",
    "melee",
    "vehicles",
    "items",
    "scenarios",
)
MAX_TIPS = 3  # the box's length at most (a 360 px phone)


def tips(view: Mapping[str, Any], seat: int | None) -> list[CoachTip]:
    """The tips for `seat` in this view of theirs, most pressing first; [] for a spectator or
    a finished battle."""
    position = view.get("position") or {}
    if seat is None or view.get("seat") != seat or view.get("winner") is not None:
        return []
    if position.get("phase") == "over":
        return []
    state = board_state.state_of(view)
    kinds = _choices(view.get("legal_moves") or ())
    names = board_state.names_in(view)
    out: list[CoachTip] = []
    pending = position.get("pending") or {}
    mine_pending = pending.get("seat") == describe.SEATS[seat]
    if mine_pending and pending.get("kind") == "choose_layout":
        out.append(setup.terrain())
    elif mine_pending and pending.get("kind") == "choose_edge":
        out.append(setup.edge())
    elif mine_pending and pending.get("kind") == "choose_first":
        out.append(turn.initiative())
    elif mine_pending and pending.get("kind") == "place_prison":
        out.append(setup.prison())
    elif mine_pending and pending.get("kind") == "choose_prisoner":
        out.append(setup.prisoner())
    if position.get("phase") in ("setup", "deployment"):
        if "deploy" in kinds:
            out.append(setup.deploy())
        out += setup.heroes(state, seat, names)
        out += setup.scenario(state)
        return out[:MAX_TIPS]
    # The step's own tip, then what is about these models now, the last turns, then the rest:
    # at most MAX_TIPS, so that the box stays short on a phone.
    if "snap_orders" in kinds:
        out.append(turn.snap_fire())
    if "move" in kinds:
        out.append(turn.movement())
        out += turn.engaged(state, seat, names)
    if "pass_barrel" in kinds:
        out.append(turn.pass_barrel())
    if "aimed_orders" in kinds:
        out.append(turn.aimed_fire())
        out += turn.moved_too_far(state, seat, names)
    if "flee_declaration" in kinds:
        out.append(turn.flee())
    if "melee_orders" in kinds:
        out.append(turn.melee())
    out += turn.last_turns(state)
    if "aimed_orders" in kinds:
        out += turn.enemy_heroes(state, seat, names)
    if kinds & {"aimed_orders", "melee_orders"}:
        out += turn.powerful(state, seat, names)
        out += turn.vehicles(state, seat, names)
    return out[:MAX_TIPS]


def _choices(legal: Sequence[Mapping[str, Any]]) -> set[str]:
    """The kinds of move the seat has a real choice of now: orders only when some model could
    take them (a hand-written step may offer an empty set alone), flights when a model could."""
    out = set()
    for move in legal:
        kind = move.get("type")
        if kind in ("snap_orders", "aimed_orders", "melee_orders") and not move.get("orders"):
            continue
        if kind == "flee_declaration" and not move.get("models"):
            continue
        out.add(kind)
    return out
