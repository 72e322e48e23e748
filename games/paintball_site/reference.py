"""The match page's reference panel (BaseSite.reference): this match's scenario, what a figure
may do with its action points, and the terrain on this field, from the spectator's view. The
sentences are the rules page's own (the same catalogue entries)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from games.hexboard.protocol import ReferenceEntry, ReferenceSection
from games.paintball_site.words import scenario_name, terrain_label

_GOALS = {
    "capture_the_flag": lambda: gettext(
        "Each flag stands in its team's base. Bring the enemy flag into your own base. "
        "Twelve turns."
    ),
    "centre_flag": lambda: gettext(
        "One flag in the middle of the field: hang it in the enemy base. Ten turns."
    ),
    "elimination": lambda: gettext(
        "A larger field; the last team with figures in play wins. Ten turns."
    ),
    "base_assault": lambda: gettext(
        "Five defenders deploy first, openly, anywhere in their half; six attackers must have a "
        "figure in the defenders' base at the end of a turn. The defence wins after eight turns."
    ),
}


def reference(view: Mapping[str, Any]) -> list[ReferenceSection]:
    scenario = str(view.get("scenario") or "")
    goal = _GOALS.get(scenario)
    turn = gettext(
        "A team activates its figures one after the other; each acts once a turn and has 2 "
        "action points (an expert has 3). Moving one hex costs 1, a volley 1 per shot, taking "
        "aim 1, standing sentry 2, throwing a grenade 2, reloading 2. Points not spent are "
        "lost. When you are done, end your phase: the other team plays its own."
    )
    kinds = dict.fromkeys(str(t.get("type")) for t in view.get("terrain") or [])
    sections = [
        ReferenceSection(
            gettext("Scenario"),
            (ReferenceEntry(scenario_name(scenario), goal() if goal else ""),),
        ),
        ReferenceSection(gettext("A turn"), (ReferenceEntry(gettext("Action points"), turn),)),
        ReferenceSection(
            gettext("Cover"), tuple(ReferenceEntry(terrain_label(k)) for k in kinds if k)
        ),
    ]
    return [s for s in sections if s.entries]
