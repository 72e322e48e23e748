"""The coach: a few tips for a player's first Infinity matches, about the decision in front of
them.

Pure: fed by the engine's view of the player's own seat (`view(state, seat)`), nothing else. That
view never holds the other side's secrets (its Lieutenant, which looks like a plain loadout, its
hidden troopers, listed in `unseen` by public profile only, its standing reactions, its second
skill committed in advance, the dice's seed), so no tip can tell them. Each tip is one or two
sentences in a player's words: troopers by the name the board gives them (army list's name,
loadout and id: "Keisotsu (Combi) k3"), never a hex. Each links to its section
of our rules page (`RULES_SECTIONS`, ids on infinity_site/rules.html).

The tips only come when the seat itself must decide (the platform's "real choice"); while the
other player decides the box stays away. Most pressing first, MAX_TIPS at most:

- the set-up's choice (the roll-off won: the Initiative or the Deployment; lost: the privilege
  left): `initiative`;
- deploying a trooper: `deploy` (the zone, cover, hidden deployment when the lobby allows it),
  `lieutenant` (who it is, that the enemy does not know), `goal` (the scenario and its turns);
- the army deployed, finishing: `fireteam` (when the sectorial links units and no team is formed),
  `reactions` (the standing reactions the buttons set), `goal`;
- an order to give: `loss-of-lieutenant`, `retreat` (own army in Retreat! or near it),
  `orders` (the pool: regular, irregular, impetuous, the Lieutenant's order, one trooper many
  times), `last-turn`, `wounded` (an Unconscious trooper of one's own, and who can treat it),
  `enemy-retreat` (the enemy near Retreat!);
- declaring a skill: `loss-of-lieutenant`, `retreat`, `skills` (an order's two short skills and
  what the enemy may answer), `fire` (the activated trooper's burst, range bands, cover, face to
  face; or its teardrop template), or instead of both `engaged` (in contact with an enemy: close
  combat or dodge only), `last-turn`;
- a reaction asked of them: `aro` (who acts, who may answer, shoot back, dodge or let pass),
  `policies` (standing reactions, so the game need not wait);
- a failed Guts roll: `guts`; appointing a new Lieutenant: `appoint`.

Where the rules come from: the French supplement ../shared/rules/seeds/003_85099d53a1091889.txt
("Human Sphere") cited by its headings, and, for the core rules the supplement leaves out, the
specification ../shared/design/systems/infinity.md (Part B, our hex reading of N2) cited by its
section and the French term it names; the engine's README says which reading the engine took.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.hexboard.coaching import CoachTip
from games.infinity_site import coach_reacting as reacting
from games.infinity_site import coach_setup as setup
from games.infinity_site import coach_turn as own_turn
from games.infinity_site.coach_words import TrooperNames

# The sections of the rules page a tip may point at (ids on rules.html).
RULES_SECTIONS = (
    "setup",
    "orders",
    "lieutenant",
    "reactions",
    "shooting",
    "rolls",
    "close-combat",
    "fireteams",
    "winning",
    "retreat",
)
MAX_TIPS = 3  # the box's length at most (a 360 px phone)


def tips(view: Mapping[str, Any], seat: int | None) -> list[CoachTip]:
    """The tips for `seat` in this view of theirs, most pressing first; [] for a spectator, a
    finished match, or while the other player decides."""
    if seat is None or view.get("seat") != seat or view.get("score") is not None:
        return []
    turn = view.get("turn") or {}
    pending = turn.get("pending") or {}
    if pending.get("seat") != seat or turn.get("phase") == "ended":
        return []
    kind = pending.get("kind")
    names = TrooperNames(view)
    out: list[CoachTip] = []
    if kind in ("initiative", "deployment", "turn_order"):
        out.append(setup.initiative(view, kind))
    elif kind == "deploy":
        out += setup.deployment(view, seat, names)
    elif kind == "aro":
        out.append(reacting.aro(view, seat, pending, names))
        out.append(reacting.policies())
    elif kind == "guts":
        out.append(reacting.guts(pending, names))
    elif kind == "appoint_lieutenant":
        out.append(reacting.appoint())
    elif kind in ("order", "declare2"):
        current = turn.get("current_order")
        out += own_turn.warnings(view, seat)
        if current is None:
            out.append(own_turn.orders(view, seat, names))
            out += own_turn.last_turn(view, seat)
            out += own_turn.wounded(view, seat, names)
            out += own_turn.enemy_retreat(view, seat)
        else:
            engaged = own_turn.engaged(view, seat, current, names)
            if not engaged:
                out.append(own_turn.skills(first=kind == "order"))
            out += engaged or own_turn.fire(view, current, names)
            out += own_turn.last_turn(view, seat)
    return out[:MAX_TIPS]
