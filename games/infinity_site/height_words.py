"""Height levels, Climb and Jump in the reader's language (engine heights.py): a roof's name
on the board (« toit (niveau 2) »), the choice a player confirms, and the log's sentences."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext, pgettext

from games.infinity_site.skill_words import Event, trooper_in, troopers


def roof_title(level: int) -> str:
    """A roof hex's name: « toit (niveau 2) » / "roof (level 2)"."""
    return pgettext("scenery", "roof (level %(level)s)") % {"level": level}


def roofs_of(view: Mapping[str, Any]) -> dict[tuple[int, int], int]:
    """The roofs' levels a view's scenery gives (its `level`)."""
    return {
        (int(s["hex"][0]), int(s["hex"][1])): int(s["level"])
        for s in view.get("scenery", [])
        if s.get("level")
    }


def _where(level: int) -> str:
    """Where a Climb or a Jump goes, after "to"."""
    if level == 0:
        return gettext("the ground")
    return gettext("the roof (level %(level)s)") % {"level": level}


def skill(e: Event) -> str | None:
    """A declared Climb or Jump (`SkillDeclared`, or a move a player picks): who does it; a
    team's climbers by name (T 716–724: the others do nothing)."""
    kind = e.get("skill")
    if kind not in ("climb", "jump"):
        return None
    movers = list(e.get("paths") or {}) or [e.get("trooper")]
    who = troopers(movers, e) if len(movers) > 1 else trooper_in(e, "trooper")
    if kind == "climb":
        return ngettext("%(who)s climbs", "%(who)s climb", len(movers)) % {"who": who}
    return ngettext("%(who)s jumps", "%(who)s jump", len(movers)) % {"who": who}


def choice(move: Mapping[str, Any], view: Mapping[str, Any] | None) -> str:
    """A Climb or a Jump as its player confirms it: where each climber goes (a team's, one
    after the other: climb_picks.py) and what it risks."""
    paths = move.get("paths") or {move.get("trooper"): move.get("path") or []}
    roofs = roofs_of(view or {})
    each = []
    for tid, path in paths.items():
        level = roofs.get((int(path[-1][0]), int(path[-1][1])), 0) if path else 0
        alone = {**move, "paths": {tid: path}, "trooper": tid}
        each.append((skill(alone) or "") + " " + gettext("to %(where)s") % {"where": _where(level)})
    text = ", ".join(each)
    if move.get("skill") == "climb":
        text += gettext(" (a PH roll at the end of the order; on a failure it stays below)")
    return text


def _moved(e: Event, n: Sequence[str]) -> str:
    where = _where(int(e.get("level") or 0))
    if e.get("how") == "climb":
        return gettext("%(who)s climbs to %(where)s.") % {"who": trooper_in(e), "where": where}
    return gettext("%(who)s jumps to %(where)s.") % {"who": trooper_in(e), "where": where}


def _climb_rolled(e: Event, n: Sequence[str]) -> str:
    values = {"who": trooper_in(e), "die": e.get("die"), "sv": e.get("sv")}
    if e.get("success"):
        return gettext("%(who)s climbs: PH roll %(die)s against %(sv)s, success.") % values
    return (
        gettext("%(who)s climbs: PH roll %(die)s against %(sv)s, failure: it slips back down.")
        % values
    )


def _fell(e: Event, n: Sequence[str]) -> str:
    levels = int(e.get("levels") or 0)
    return ngettext(
        "%(who)s falls %(n)s level: a save against damage %(dam)s.",
        "%(who)s falls %(n)s levels: a save against damage %(dam)s.",
        levels,
    ) % {"who": trooper_in(e), "n": levels, "dam": e.get("dam")}


SENTENCES: dict[str, Callable[[Event, Sequence[str]], str]] = {
    "ClimbRolled": _climb_rolled,
    "Fell": _fell,
}


def moved(e: Event, n: Sequence[str]) -> str | None:
    """A `Moved` of a Climb or a Jump (its `how`), else None: a plain move's words."""
    return _moved(e, n) if e.get("how") in ("climb", "jump") else None
