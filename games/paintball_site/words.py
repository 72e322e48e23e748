"""Names of things as players say them, in the reader's language: teams, figures ("Rouge 3"),
terrain, directions, grenades, flags. Pure: no request, no model."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, pgettext

from games.engine.hexgrid import DIRECTIONS, distance

TEAMS = ("red", "blue")

# An engine event as the seat may see it, and the function that words one kind of them.
Event = dict[str, Any]
Sentence = Callable[[Event, Sequence[str]], str]


def team_name(team: Any) -> str:
    if team == "red":
        return gettext("Red")
    if team == "blue":
        return gettext("Blue")
    return str(team)


def team_of(fid: Any) -> str:
    return "red" if str(fid).startswith("r") else "blue"


def figure_name(fid: Any) -> str:
    """ "r3" -> "Rouge 3" / "Red 3"."""
    text = str(fid)
    if len(text) < 2 or text[0] not in "rb":
        return text
    return gettext("%(team)s %(number)s") % {"team": team_name(team_of(text)), "number": text[1:]}


def figure_in(e: Event, key: str = "figure") -> str:
    """The figure an event names under `key`, as players say it."""
    return figure_name(e.get(key))


def and_list(items: Iterable[str]) -> str:
    """ "A", "A and B", "A, B and C" in the reader's language."""
    words = list(items)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(words[:-1]), "last": words[-1]}


def figures(ids: Iterable[Any]) -> str:
    return and_list(figure_name(f) for f in ids)


def marshal_name(mid: Any) -> str:
    return gettext("a marshal") if mid else gettext("the marshal")


def terrain_name(kind: Any) -> str:
    """The terrain of a hex, as a noun phrase."""
    return {
        "bunker": gettext("a bunker"),
        "base": gettext("a home base"),
        "bush": gettext("the bushes"),
        "heavy": gettext("heavy cover"),
        "hill": gettext("a hill"),
        "smoke": gettext("the smoke"),
    }.get(str(kind), gettext("open ground"))


def terrain_label(kind: Any) -> str:
    """A terrain type as a short label (legends, cell titles)."""
    return {
        "bunker": gettext("Bunker: hit only on a 6"),
        "base": gettext("Home base: hit only on a 6"),
        "bush": gettext("Bushes: in the line of fire, saves on 1-3"),
        "heavy": gettext("Heavy cover: in the line of fire"),
        "hill": gettext("Hill: blocks the line of sight"),
    }.get(str(kind), gettext("Open ground"))


def direction_name(d: int) -> str:
    return (
        pgettext("direction", "north"),
        pgettext("direction", "north-east"),
        pgettext("direction", "south-east"),
        pgettext("direction", "south"),
        pgettext("direction", "south-west"),
        pgettext("direction", "north-west"),
    )[d % 6]


def direction_between(a: Sequence[int], b: Sequence[int]) -> int | None:
    """The direction (0-5) closest to the line from a to b, None when a == b."""
    if tuple(a) == tuple(b):
        return None
    dq, dr = b[0] - a[0], b[1] - a[1]
    x, y = 1.5 * dq, 0.866 * (2 * dr + dq)
    best, best_dot = 0, -1e9
    for i, (q, r) in enumerate(DIRECTIONS):
        dx, dy = 1.5 * q, 0.866 * (2 * r + q)
        dot = (x * dx + y * dy) / (dx * dx + dy * dy) ** 0.5
        if dot > best_dot:
            best, best_dot = i, dot
    return best


def where(origin: Sequence[int] | None, target: Sequence[int]) -> str:
    """ "2 hexes north-east" of `origin` ("here" when it is the same hex)."""
    if origin is None:
        return ""
    d = direction_between(origin, target)
    if d is None:
        return gettext("here")
    n = distance((origin[0], origin[1]), (target[0], target[1]))
    if n == 1:
        return gettext("1 hex %(dir)s") % {"dir": direction_name(d)}
    return gettext("%(n)d hexes %(dir)s") % {"n": n, "dir": direction_name(d)}


def from_base(home: Sequence[int], target: Sequence[int]) -> str:
    """Where a start-zone hex lies from the home base: "to the north" next to it, "2 hexes
    north" further (the base itself: "here")."""
    if distance((home[0], home[1]), (target[0], target[1])) == 1:
        d = direction_between(home, target)
        return gettext("to the %(dir)s") % {"dir": direction_name(d or 0)}
    return where(home, target)


def flag_name(flag: Any) -> str:
    if flag == "centre":
        return gettext("the centre flag")
    if flag == "red":
        return gettext("the red flag")
    if flag == "blue":
        return gettext("the blue flag")
    return gettext("the flag")


def grenade_name(kind: Any) -> str:
    if kind == "smoke":
        return gettext("smoke grenade")
    if kind == "paint":
        return gettext("paint grenade")
    # Throws recorded before GrenadeThrown carried `grenade` lost their kind: no guess.
    return gettext("grenade")


def setup_parts(chosen: Mapping[str, Any]) -> list[str]:
    """A team's secret setup (a `setup_team` move) in words: "experts Red 1 and Red 2", "smoke
    grenade for Red 3"."""
    parts = []
    experts = chosen.get("experts") or []
    if experts:
        parts.append(gettext("experts %(figs)s") % {"figs": figures(experts)})
    for fid, kinds in sorted((chosen.get("grenades") or {}).items()):
        for kind in kinds:
            label = gettext("smoke") if kind == "smoke" else gettext("paint")
            parts.append(
                gettext("%(kind)s grenade for %(fig)s") % {"kind": label, "fig": figure_name(fid)}
            )
    return parts


def seat_player(team: str, names: Sequence[str]) -> str:
    """ "Rouge (Anna)" when the player's name is known, else "Rouge"."""
    index = TEAMS.index(team) if team in TEAMS else -1
    if 0 <= index < len(names) and names[index]:
        return gettext("%(team)s (%(player)s)") % {"team": team_name(team), "player": names[index]}
    return team_name(team)


def scenario_name(key: Any) -> str:
    return {
        "capture_the_flag": gettext("Capture the flag"),
        "centre_flag": gettext("Centre flag"),
        "elimination": gettext("Elimination"),
        "base_assault": gettext("Base assault"),
    }.get(str(key), str(key))
