"""The moves of Neuroshima Hex, named as commands, and their JSON codec.

JSON form: `{"type": "<Name>", ...fields}` with hexes as `[q, r]` (README.md, "Move format").
`decode` rejects anything that is not exactly one of these with MalformedMove.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from games.engine.hexgrid import Hex
from games.engine.move_fields import read_int, read_pair
from games.engine.protocol import JSON, MalformedMove


@dataclass(frozen=True)
class PlaceHQ:
    hex: Hex


@dataclass(frozen=True)
class Discard:
    tile_index: int


@dataclass(frozen=True)
class PlaceTile:
    tile_index: int
    hex: Hex
    rotation: int


@dataclass(frozen=True)
class MoveUnit:
    """A mobility move (MOBILITÉ, Transport): 1 hex (2 with a Recon Centre) and/or a turn."""

    src: Hex
    dst: Hex
    rotation: int


@dataclass(frozen=True)
class PlayMove:
    """The Move instant (MOUVEMENT) on one of the player's own tiles."""

    tile_index: int
    src: Hex
    dst: Hex
    rotation: int


@dataclass(frozen=True)
class PlayPush:
    tile_index: int
    pusher: Hex
    target: Hex


@dataclass(frozen=True)
class ChoosePushDestination:
    to: Hex


@dataclass(frozen=True)
class PlaySniper:
    tile_index: int
    target: Hex


@dataclass(frozen=True)
class PlayGrenade:
    tile_index: int
    target: Hex


@dataclass(frozen=True)
class PlayAirStrike:
    tile_index: int
    centre: Hex


@dataclass(frozen=True)
class PlayBattle:
    tile_index: int


@dataclass(frozen=True)
class EndTurn:
    pass


@dataclass(frozen=True)
class Decide:
    """A battle decision; `choice` is one of the pending Decision's options (as JSON)."""

    choice: Any


Move = (
    PlaceHQ
    | Discard
    | PlaceTile
    | MoveUnit
    | PlayMove
    | PlayPush
    | ChoosePushDestination
    | PlaySniper
    | PlayGrenade
    | PlayAirStrike
    | PlayBattle
    | EndTurn
    | Decide
)

# type -> ((field name, JSON key, kind), ...); kind "int" | "hex" | "rot" | "any"
_FIELDS: dict[type, tuple[tuple[str, str, str], ...]] = {
    PlaceHQ: (("hex", "hex", "hex"),),
    Discard: (("tile_index", "tile_index", "int"),),
    PlaceTile: (
        ("tile_index", "tile_index", "int"),
        ("hex", "hex", "hex"),
        ("rotation", "rotation", "rot"),
    ),
    MoveUnit: (("src", "from", "hex"), ("dst", "to", "hex"), ("rotation", "rotation", "rot")),
    PlayMove: (
        ("tile_index", "tile_index", "int"),
        ("src", "from", "hex"),
        ("dst", "to", "hex"),
        ("rotation", "rotation", "rot"),
    ),
    PlayPush: (
        ("tile_index", "tile_index", "int"),
        ("pusher", "pusher", "hex"),
        ("target", "target", "hex"),
    ),
    ChoosePushDestination: (("to", "to", "hex"),),
    PlaySniper: (("tile_index", "tile_index", "int"), ("target", "target", "hex")),
    PlayGrenade: (("tile_index", "tile_index", "int"), ("target", "target", "hex")),
    PlayAirStrike: (("tile_index", "tile_index", "int"), ("centre", "centre", "hex")),
    PlayBattle: (("tile_index", "tile_index", "int"),),
    EndTurn: (),
    Decide: (("choice", "choice", "any"),),
}
_BY_NAME: dict[str, type] = {cls.__name__: cls for cls in _FIELDS}


def encode(move: Move) -> dict[str, JSON]:
    out: dict[str, JSON] = {"type": type(move).__name__}
    for name, key, kind in _FIELDS[type(move)]:
        value = getattr(move, name)
        if kind == "hex":
            value = [value[0], value[1]]
        elif kind == "any":
            value = json.loads(json.dumps(value))  # a battle option may hold tuples
        out[key] = value
    return out


def _hex(value: JSON, key: str) -> Hex:
    # A pair whose coordinates are not whole numbers is refused for the coordinate.
    q, r = read_pair(value, key, "'{name}' must be a hex as [q, r].")
    return (read_int(q, key), read_int(r, key))


def decode(data: JSON) -> Move:
    if not isinstance(data, dict):
        raise MalformedMove("A move must be a JSON object with a 'type'.")
    cls = _BY_NAME.get(data.get("type"))  # type: ignore[arg-type]
    if cls is None:
        raise MalformedMove(f"Unknown move type {data.get('type')!r}.")
    fields = _FIELDS[cls]
    extra = set(data) - {"type"} - {key for _, key, _ in fields}
    if extra:
        raise MalformedMove(f"Unexpected field(s) in {cls.__name__}: {', '.join(sorted(extra))}.")
    values: dict[str, Any] = {}
    for name, key, kind in fields:
        if key not in data:
            raise MalformedMove(f"{cls.__name__} needs '{key}'.")
        raw = data[key]
        if kind == "hex":
            values[name] = _hex(raw, key)
        elif kind in ("int", "rot"):
            values[name] = read_int(raw, key)
            if kind == "rot" and not 0 <= values[name] < 6:
                raise MalformedMove("'rotation' must be 0 to 5.")
        else:
            values[name] = raw
    move: Move = cls(**values)
    return move
