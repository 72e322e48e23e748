"""The coach's tips while a paintball match is set up and deployed: the experts and grenades a
team's dice gave it, where its figures deploy, and the scenario's goal. Pure and fed by the
seat's own view, like the rest of the coach (coach.py says what it may read). Every rule a tip
states is cited from the French rulebook, ../shared/rules/seeds/001_744d3ca8cb4ec528.txt, by its
heading; the scenarios, missing from it, from the specification (paintball.md §5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.paintball.state import other
from games.hexboard.coaching import CoachTip
from games.paintball_site.words import flag_name, team_name


def setup(view: Mapping[str, Any], team: str) -> CoachTip:
    # §Figurines expertes: "Les figurines expertes ont 3 PA par tour au lieu de 2"; §Mouvement:
    # "2 hex durant le tour (y compris les figurines expertes)"; §Tirs Multiple: "3 fois pour les
    # figurines experte"; §Grenade: "Le lancé d'une grenade coûte 2 PA, a une distance maximale
    # de 2 hex [...] Sur un résultat de 1 ou 6, le lancé échoue pour une figurine normale. Sur un
    # résultat de 1, le lancé échoue pour une figurine experte."
    experts, grenades = (list((view.get("setup_counts") or {}).get(team) or [0, 0]) + [0, 0])[:2]
    parts = []
    if experts:
        parts.append(
            ngettext(
                "Choose your expert: 3 action points instead of 2, so 3 shots a volley, but "
                "still 2 hexes of movement.",
                "Choose your %(n)d experts: 3 action points instead of 2, so 3 shots a volley, "
                "but still 2 hexes of movement.",
                experts,
            )
            % {"n": experts}
        )
    if grenades:
        parts.append(
            ngettext(
                "Give your grenade (smoke or paint): 2 points, 2 hexes at most; it goes astray "
                "on a 1 or a 6, on a 1 only for an expert.",
                "Give your %(n)d grenades (smoke or paint): 2 points, 2 hexes at most; they go "
                "astray on a 1 or a 6, on a 1 only for an expert.",
                grenades,
            )
            % {"n": grenades}
        )
    if not parts:
        parts.append(gettext("Your dice gave you no expert and no grenade this match."))
    return CoachTip("setup", " ".join(parts), "advanced")


def deploy(view: Mapping[str, Any], team: str) -> CoachTip:
    # Spec §5 (the rulebook's "positions de départ" are in its missing scenario section): a
    # secret simultaneous deployment in the start zones; base assault: the defender first,
    # openly, in its half. §Bases et tranchées: "un résultat de 6 au lancé de dé est toujours
    # requis [...] trois par hex, dont au maximum deux pour les figurines d'une même équipe";
    # §Mode sentinelle: "des figurines dans le bunker ne peuvent pas être en mode sentinelle".
    base = gettext(
        "In your base a figure is hit only on a 6, but it holds two of yours and no sentry."
    )
    if view.get("scenario") == "base_assault":
        roles = view.get("roles") or {}
        if roles.get("defender") == team:
            first = gettext(
                "You deploy first, openly, anywhere in your half; %(enemy)s then places its "
                "attackers."
            ) % {"enemy": team_name(other(team))}
        else:
            first = gettext(
                "The defence is placed: put your figures in your start zone, outlined on the board."
            )
        return CoachTip("deploy", f"{first} {base}", "deploy")
    first = gettext(
        "Place your figures in your start zone, outlined on the board; %(enemy)s places its own "
        "at the same time, unseen."
    ) % {"enemy": team_name(other(team))}
    return CoachTip("deploy", f"{first} {base}", "deploy")


def goal(view: Mapping[str, Any], team: str) -> list[CoachTip]:
    # §Gagner la partie: "il faut se référer aux conditions du scénario"; the scenarios are the
    # specification's (paintball.md §5): every scenario is won at once by the team whose
    # opponent has no figure left in play, and at the turn limit the team with more figures in
    # play wins. §Prendre le drapeau: "Cette action n'utilise pas de PA et se réalise lorsqu'une
    # figurine entre dans le même hex que le drapeau."
    scenario = view.get("scenario")
    limit = view.get("turn_limit")
    roles = view.get("roles") or {}
    if scenario == "capture_the_flag":
        goal = gettext(
            "Capture the flag, %(limit)s turns: enter the hex of %(flag)s (in its base) to take "
            "it, free, and bring it into your base."
        ) % {"limit": limit, "flag": flag_name(other(team))}
    elif scenario == "centre_flag":
        goal = gettext(
            "Centre flag, %(limit)s turns: take the flag in the middle of the field by entering "
            "its hex, free, and carry it into the enemy base."
        ) % {"limit": limit}
    elif scenario == "elimination":
        goal = gettext("Elimination, %(limit)s turns: put every enemy figure out.") % {
            "limit": limit
        }
    elif scenario == "base_assault":
        if roles.get("attacker") == team:
            goal = gettext(
                "Base assault, %(limit)s turns: you attack; end a turn with a figure in the "
                "enemy base and you win."
            ) % {"limit": limit}
        else:
            goal = gettext(
                "Base assault, %(limit)s turns: you defend; keep every enemy out of your base "
                "at the end of each turn and you win."
            ) % {"limit": limit}
        return [CoachTip("goal", goal, "scenarios")]
    else:
        return []
    rest = gettext(
        "Lose every figure and you lose; after the last turn, the most figures in play wins."
    )
    return [CoachTip("goal", f"{goal} {rest}", "scenarios")]
