"""Turning the seat view's `legal_moves` and a GET selection into the next choice (pure).

The UI never computes legality: it filters the engine's list by what the player picked so far
(query parameters such as `?tile=1&hex=0,-1&rot=2`) and offers the distinct next values. A
forged or stale selection simply matches nothing and the player starts again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The order in which a move's fields are chosen; the rotation is always last.
STEPS: dict[str, tuple[str, ...]] = {
    "PlaceHQ": ("hex",),
    "PlaceTile": ("tile_index", "hex", "rotation"),
    "MoveUnit": ("from", "to", "rotation"),
    "PlayMove": ("tile_index", "from", "to", "rotation"),
    "PlayPush": ("tile_index", "pusher", "target"),
    "PlaySniper": ("tile_index", "target"),
    "PlayGrenade": ("tile_index", "target"),
    "PlayAirStrike": ("tile_index", "centre"),
    "ChoosePushDestination": ("to",),
}
# Moves offered as plain buttons (no board choice).
BUTTONS = ("Discard", "PlayBattle", "EndTurn")
HEX_KEYS = ("hex", "from", "to", "pusher", "target", "centre")
# query parameter -> move field
PARAMS = {"tile": "tile_index", "rot": "rotation", **{k: k for k in HEX_KEYS}}


def parse_hex(raw: str | None) -> list[int] | None:
    if not raw:
        return None
    parts = raw.split(",")
    if len(parts) != 2:
        return None
    try:
        return [int(parts[0]), int(parts[1])]
    except ValueError:
        return None


def parse_selection(query: Any) -> dict[str, Any]:
    """GET parameters -> move fields; anything unreadable is dropped."""
    sel: dict[str, Any] = {}
    for param, key in PARAMS.items():
        raw = query.get(param)
        if raw in (None, ""):
            continue
        if key in HEX_KEYS:
            value = parse_hex(raw)
        else:
            try:
                value = int(raw)
            except (TypeError, ValueError):
                value = None
        if value is not None:
            sel[key] = value
    return sel


def to_query(sel: dict[str, Any]) -> str:
    parts = []
    for param, key in PARAMS.items():
        if key in sel:
            v = sel[key]
            parts.append(f"{param}={v[0]},{v[1]}" if isinstance(v, list) else f"{param}={v}")
    return "?" + "&".join(parts) if parts else "?"


@dataclass
class Choice:
    """What the player picks next: hexes to click, rotations to cycle, or a move to confirm."""

    selection: dict[str, Any]
    step: str | None = None  # the move field chosen next ("hex", "to", ...), None when complete
    kind: str | None = None  # the move type being built
    targets: list[list[int]] = field(default_factory=list)
    rotations: list[int] = field(default_factory=list)
    rotation: int | None = None
    move: dict[str, Any] | None = None  # complete: what the confirm form posts
    buttons: list[dict[str, Any]] = field(default_factory=list)


def _matches(move: dict[str, Any], sel: dict[str, Any]) -> bool:
    steps = STEPS.get(move["type"], ())
    for key, value in sel.items():
        if key == "rotation":
            continue
        if key not in steps or move.get(key) != value:
            return False
    return True


def choose(legal_moves: list[dict[str, Any]], sel: dict[str, Any]) -> Choice:
    """The next choice given the selection so far (see the module docstring)."""
    buttons = [m for m in legal_moves if m["type"] in BUTTONS]
    board = [m for m in legal_moves if m["type"] in STEPS]
    if "tile_index" not in sel:
        # nothing in hand picked: only moves that start on the board (HQ, mobility, push)
        board = [m for m in board if "tile_index" not in STEPS[m["type"]]]
    candidates = [m for m in board if _matches(m, sel)]
    choice = Choice(selection=sel, buttons=buttons)
    if not candidates:
        if sel:  # stale or forged: start again from nothing
            return choose(legal_moves, {})
        return choice
    choice.kind = candidates[0]["type"]
    candidates = [m for m in candidates if m["type"] == choice.kind]
    for key in STEPS[choice.kind]:
        if key == "rotation":
            rotations = sorted({m["rotation"] for m in candidates})
            rot = sel.get("rotation")
            rot = rot if rot in rotations else rotations[0]
            choice.rotations, choice.rotation = rotations, rot
            choice.move = next(m for m in candidates if m["rotation"] == rot)
            return choice
        if key in sel:
            continue
        choice.step = key
        seen: list[list[int]] = []
        for m in candidates:
            if m[key] not in seen:
                seen.append(m[key])
        choice.targets = seen
        return choice
    choice.move = candidates[0]
    return choice


def turned(choice: Choice, step: int) -> dict[str, Any]:
    """The selection with the rotation moved `step` places among the legal rotations."""
    rots = choice.rotations
    i = rots.index(choice.rotation) if choice.rotation in rots else 0
    return {**choice.selection, "rotation": rots[(i + step) % len(rots)]}
