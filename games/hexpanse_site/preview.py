"""The moving layer of the board for the move being built: units, the seat's mission progress,
the legal next hexes, the pattern's cells and ghost units; and warnings before self-harm, found
by playing the move on a state dealt from the seat's own view (never the real state)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext, ngettext

from games.engine.hexgrid import Hex
from games.engine.hexpanse.data import card, factions, minor
from games.engine.protocol import IllegalMove
from games.engine.rng import Rng
from games.hexboard.grid import target_points
from games.hexboard.svg import num
from games.hexboard.words import of_name
from games.hexpanse_site import builder, labels, pieces, texts
from games.hexpanse_site.describe import unit_words


def _hex(text: str) -> Hex:
    return pieces.hex_of(text)


def unit_title(u: Mapping[str, Any], view: Mapping[str, Any], names: Sequence[str]) -> str:
    words = unit_words(u["kind"], u.get("card"), u.get("minor"))
    if u.get("owner") is None:
        return gettext("%(u)s, neutral (left by %(p)s)") % {
            "u": words,
            "p": texts.seat_name(dict(view), u.get("was"), names),
        }
    title = gettext("%(u)s %(of_p)s") % {
        "u": words,
        "of_p": of_name(texts.seat_name(dict(view), u["owner"], names)),
    }
    if u["kind"] == "warlord":
        life = view["seats"][u["owner"]]["life"]
        title += " · " + ngettext("%(n)d life", "%(n)d lives", life) % {"n": life}
    return title


def unit_pieces(view: Mapping[str, Any], marks: Mapping[str, str], names: Sequence[str] = ()):
    out = []
    for key, u in sorted(view["units"].items()):
        owner = u.get("owner")
        faction = view["seats"][owner]["faction"] if owner is not None else None
        life = (
            view["seats"][owner]["life"] if owner is not None and u["kind"] == "warlord" else None
        )
        out.append(
            pieces.unit_svg(
                _hex(key), u, faction, unit_title(u, view, names), marks.get(key, ""), life
            )
        )
    return out


def mission_marks(view: Mapping[str, Any], seat: int | None) -> list[SafeString]:
    """The seat's best placement of its mission(s): the hexes it holds and those it needs."""
    from games.hexpanse_site.panels import best_progress, mission_panels

    if seat is None:
        return []
    best: tuple[int, frozenset[Hex]] = (0, frozenset())
    for m in mission_panels(view, seat):
        found = best_progress(view, seat, m["code"])
        if found[0] > best[0]:
            best = found
    out = []
    for h in sorted(best[1]):
        held = f"{h[0]},{h[1]}" in view["units"]
        out.append(pieces.mark(h, "mission-have" if held else "mission-need"))
    return out


def _effect_and_anchor(view: Mapping[str, Any], seat: int, m: Mapping[str, Any]):
    do = m["do"]
    if do == "play":
        return card(m["card"]).options[int(m["option"]) - 1], m.get("at")
    if do == "resolve" and view.get("pending"):
        head = view["pending"][0]
        effect = (
            card(head["card"]).effect if head.get("card") else minor(head["minor"]).get("entry")
        )
        return effect, head["source"]
    if do == "activate" and "card" in m:
        where = next(
            (
                k
                for k, u in view["units"].items()
                if u.get("card") == m["card"] and u["owner"] == seat
            ),
            None,
        )
        return card(m["card"]).effect, where
    if do == "ability":
        faction = view["seats"][seat]["faction"]
        where = next(
            (k for k, u in view["units"].items() if u["kind"] == "warlord" and u["owner"] == seat),
            None,
        )
        return (factions()[faction]["ability"] if faction else None), where
    return None, None


def ghosts(view: Mapping[str, Any], seat: int, m: Mapping[str, Any]) -> tuple[list, list]:
    """(marks and ghost units, arrows) showing what the move would do."""
    drawn: list[SafeString] = []
    arrows: list[SafeString] = []
    effect, anchor = _effect_and_anchor(view, seat, m)
    if effect and effect.get("do") == "pattern" and anchor is not None and "rotation" in m:
        cells = pieces.placement_cells(
            effect["pattern"], _hex(anchor), int(m["rotation"]), effect.get("role")
        )
        for role, h in cells:
            drawn.append(pieces.mark(h, "pattern-attack" if role == "A" else "pattern-place"))
    for p in m.get("place") or []:
        # (placements name their kind `unit`, as a place move does)
        label = pieces.unit_label({"kind": p["unit"], **p})
        drawn.append(pieces.ghost(_hex(p["hex"]), "place", label))
    if m["do"] == "place":
        drawn.append(
            pieces.ghost(_hex(m["hex"]), "place", pieces.unit_label({"kind": m["unit"], **m}))
        )
    if m["do"] == "move_warlord":
        drawn.append(pieces.ghost(_hex(m["to"]), "place", "♛"))
    if "target" in m:
        drawn.append(pieces.mark(_hex(m["target"]), "pattern-attack"))
    if m["do"] == "attack":
        drawn.append(pieces.mark(_hex(m["to"]), "pattern-attack"))
        arrows.append(pieces.arrow(_hex(m["from"]), _hex(m["to"]), "attack"))
    for pair in ("swap", "move"):
        if pair in m:
            arrows.append(pieces.arrow(_hex(m[pair][0]), _hex(m[pair][1]), "swap"))
    return drawn, arrows


def layer(view: Mapping[str, Any], seat: int | None, built: builder.Built, names) -> dict:
    viewbox, _ = pieces.grid(view["board"], len(view["seats"]))
    marks: dict[str, str] = {}
    for key in ("hex", "from", "_a"):
        value = built.selection.get(key)
        if isinstance(value, str) and value in view["units"]:
            marks[value] = "selected"
    under = mission_marks(view, seat)
    over: list[SafeString] = []
    arrows: list[SafeString] = []
    if seat is not None and built.move is not None and built.kind:
        over, arrows = ghosts(view, seat, built.move)
    targets = []
    if built.step in builder.HEX_FIELDS:
        for value in built.targets:
            h = _hex(value)
            x, y = pieces.LAYOUT.to_pixel(h)
            label = labels.step_prompt(built.step, built.kind)
            at = view["units"].get(value)
            spot = unit_title(at, view, names) if at else gettext("an empty hex")
            targets.append(
                {
                    "hex": value,
                    "x": num(x),
                    "y": num(y),
                    "label": f"{label} {spot}",
                    "href": builder.link({**built.selection, built.step: value}),
                }
            )
    return {
        "viewbox": viewbox,
        "target_points": target_points(pieces.LAYOUT),
        "pieces": [*under, *unit_pieces(view, marks, names), *over],
        "arrows": arrows,
        "targets": targets,
    }


def warnings(view: Mapping[str, Any], seat: int | None, move: Mapping[str, Any]) -> list[str]:
    """Warnings before a move hurts its own player: played on a state dealt from the seat's
    view, so they never reveal what the seat may not know."""
    if seat is None or view.get("setup"):
        return []
    from games.engine.hexpanse.system import SYSTEM

    out: list[str] = []
    me = view["seats"][seat]
    teams = tuple(tuple(t) for t in view["teams"]) if view.get("teams") else None
    from games.engine.hexpanse.state import team_of

    mates = team_of(teams, seat)
    try:
        state = SYSTEM.determinize(dict(view), seat, Rng("preview"))
        step = SYSTEM.apply(state, seat, dict(move), Rng("preview"))
    except (IllegalMove, ValueError, KeyError, TypeError):
        return out
    events = [dict(e.data, kind=e.kind) for e in step.events]
    lost = sum(
        1
        for e in events
        if e["kind"] == "UnitRemoved" and e.get("seat") == seat and e.get("why") == "attacked"
    )
    if any(e["kind"] == "PlayerEliminated" and e.get("seat") == seat for e in events):
        out.append(
            gettext("Careful: your warlord is on its skull; this move destroys it and you are out.")
            if me["life"] == 1
            else gettext("Careful: this move destroys your warlord and you are out.")
        )
    elif any(
        e["kind"] == "WarlordWounded" and e.get("seat") == seat and e.get("life") == 1
        for e in events
    ):
        out.append(gettext("Careful: after this move your warlord is on its skull (1 life)."))
    if lost:
        out.append(
            ngettext(
                "This attack also hits %(n)d of your own units.",
                "This attack also hits %(n)d of your own units.",
                lost,
            )
            % {"n": lost}
        )
    won = next((e for e in events if e["kind"] == "GameWon"), None)
    if won is not None and not set(won["winner"]) & set(mates):
        out.append(gettext("Careful: this move makes another player win."))
    return out
