"""How clicks build a Hexpanse move from the engine's legal moves (the UI never decides what is
legal: it only narrows the list down).

Each legal move gets a *form*: its kind (`_k`: "place:normal", "attack", "play:A17:1"…) and
the fields a player picks, each a hex on the board, an option in the panel or the pattern's
rotation, cycled. Fields only picking needs start with "_"; the Confirm button posts the
engine's move itself. A pick is a link to the match page with the selection in its query
string, as on every hexboard page (games/hexboard/picks.py); a field with a single possible
value is filled in without asking.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

HEX_FIELDS = ("hex", "from", "_a", "to", "_b", "at", "target", "_p")
OPTION_FIELDS = ("_k", "_unit", "_player", "_card", "_fill")
ORDER = ("_k", "hex", "from", "_a", "to", "_b", "at", "target", "_p", "_unit", "_player",
         "_card", "_fill", "rotation")  # fmt: skip
QUERY = {
    "k": "_k", "hex": "hex", "from": "from", "a": "_a", "to": "to", "b": "_b", "at": "at",
    "target": "target", "p": "_p", "u": "_unit", "pl": "_player", "c": "_card", "f": "_fill",
    "rot": "rotation",
}  # fmt: skip
FIELD_PARAM = {v: k for k, v in QUERY.items()}


def unit_key(m: Mapping[str, Any]) -> str:
    unit = str(m.get("unit", ""))
    if unit == "minor":
        return f"minor:{m.get('minor', '')}"
    if unit == "merc":
        return f"merc:{m.get('card', '')}"
    return unit


def form_of(m: Mapping[str, Any]) -> dict[str, Any]:
    """The pick form of a legal move."""
    do = m["do"]
    f: dict[str, Any] = {}
    if do == "place":
        f["_k"], f["hex"] = f"place:{unit_key(m)}", m["hex"]
        return f
    if do == "recover":
        return {"_k": f"recover:{m.get('minor') or m['unit']}"}
    if do == "buy":
        return {"_k": f"buy:{m['card']}"}
    if do == "protect":
        return {"_k": f"protect:{m.get('with') or 'none'}"}
    if do in ("choose_faction", "choose_minor", "draft_keep", "draft_discard", "pick_mission"):
        value = m.get("faction") or m.get("minor") or m.get("mission")
        return {"_k": f"{do}:{value}"}
    if do == "play":
        f["_k"] = f"play:{m['card']}:{m['option']}"
    elif do == "activate":
        f["_k"] = f"activate:{m['card']}" if "card" in m else "activate:minor"
        if "hex" in m:
            f["hex"] = m["hex"]
    elif do == "resolve":
        f["_k"] = "resolve:skip" if m.get("skip") else "resolve"
    elif do == "ability":
        f["_k"] = "ability"
        if "hex" in m:  # the Terran replacement
            f["hex"], f["_unit"] = m["hex"], unit_key(m)
    else:
        f["_k"] = do
    for k in ("from", "to", "at", "target"):
        if k in m:
            f[k] = m[k]
    if "rotation" in m:
        f["rotation"] = int(m["rotation"])
    for pair in ("swap", "move"):
        if pair in m:
            f["_a"], f["_b"] = m[pair]
    if "player" in m:
        f["_player"] = str(m["player"])
    if "card_target" in m:
        f["_card"] = m["card_target"]
    place = m.get("place") or []
    if place and ("at" in m or "rotation" in m):
        lead = place[0]
        f["_fill"] = lead["card"] if lead.get("unit") == "merc" else "-"
    elif len(place) == 1 and "target" not in m:
        f["_p"], f["_unit"] = place[0]["hex"], unit_key(place[0])
    return f


@dataclass
class Built:
    """What the picks so far lead to."""

    selection: dict[str, Any]
    forms: list[tuple[dict[str, Any], dict[str, Any]]]  # (form, move) still matching
    step: str | None = None  # the field asked next
    targets: list[Any] = field(default_factory=list)  # its values
    rotations: list[int] = field(default_factory=list)
    rotation: int | None = None
    move: dict[str, Any] | None = None  # complete: Confirm posts it
    # The picks matched no legal move (the position changed since, or they were forged): they
    # were dropped and the building starts again from nothing picked (the panel says so).
    reset: bool = False

    @property
    def kind(self) -> str | None:
        return self.selection.get("_k")


def parse(query: Mapping[str, Any]) -> dict[str, Any]:
    sel: dict[str, Any] = {}
    for param, key in QUERY.items():
        raw = query.get(param)
        if not isinstance(raw, str) or not raw or len(raw) > 40:
            continue
        if key == "rotation":
            try:
                sel[key] = int(raw)
            except ValueError:
                continue
        else:
            sel[key] = raw
    return sel


def link(sel: Mapping[str, Any]) -> str:
    """The relative link that picks `sel` ("?" alone: nothing picked)."""
    pairs = [(FIELD_PARAM[k], str(sel[k])) for k in ORDER if k in sel]
    return "?" + urlencode(pairs) if pairs else "?"


def _matches(f: Mapping[str, Any], sel: Mapping[str, Any]) -> bool:
    return all(k == "rotation" or f.get(k) == v for k, v in sel.items())


def build(legal: list[dict[str, Any]], query: Mapping[str, Any]) -> Built:
    pairs = [(form_of(m), m) for m in legal]
    sel = parse(query)
    matching = [p for p in pairs if _matches(p[0], sel)]
    reset = not matching and bool(sel)
    if reset:
        sel, matching = {}, pairs
    built = Built(dict(sel), matching, reset=reset)
    for key in ORDER:
        having = [p for p in matching if key in p[0]]
        if not having:
            continue
        values: list[Any] = []
        for f, _ in having:
            if f[key] not in values:
                values.append(f[key])
        if key == "rotation":
            values.sort()
            current = sel.get(key)
            current = current if current in values else values[0]
            built.rotations, built.rotation = values, current
            built.selection[key] = current
            matching = [p for p in having if p[0][key] == current]
            continue
        if key in sel:
            continue
        complete = [p for p in matching if key not in p[0]]
        if len(values) == 1 and not complete and key != "_k":
            built.selection[key] = values[0]  # nothing to choose: filled in
            matching = having
            continue
        built.step, built.targets, built.forms = key, values, matching
        if complete and key != "_k":
            built.move = complete[0][1]
        return built
    built.forms = matching
    built.move = matching[0][1] if matching else None
    return built


def rotation_link(built: Built, step: int) -> str:
    values = built.rotations
    i = values.index(built.rotation) if built.rotation in values else 0
    return link({**built.selection, "rotation": values[(i + step) % len(values)]})
