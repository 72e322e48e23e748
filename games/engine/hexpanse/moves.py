"""Moves: the one parser of move JSON (spec section 14.3) and its encoder.

Every move is an object with `do` (and `seat` on the command line). One vocabulary of
parameters serves cards, abilities and `resolve`; a parameter a move does not use is ignored,
a key outside the vocabulary is refused (a typo must not pass silently).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from games.engine.hexgrid import Hex
from games.engine.hexpanse.data import hex_key
from games.engine.hexpanse.work import refuse
from games.engine.move_fields import read_hex, read_int, read_pair, read_str
from games.engine.protocol import JSON

ACTIONS = (
    "place",
    "return",
    "recover",
    "attack",
    "play",
    "activate",
    "gain",
    "raise_income",
    "heal",
    "move_warlord",
    "ability",
)
MARKET = ("buy", "end_turn")
DECISIONS = ("resolve", "protect")
SETUP = ("choose_faction", "choose_minor", "draft_keep", "draft_discard", "pick_mission")
OTHER = ("end_actions", "set_policy")
ALL = ACTIONS + MARKET + DECISIONS + SETUP + OTHER
UNIT_KINDS = ("normal", "elite", "minor", "merc", "warlord")


@dataclass(frozen=True)
class Place:
    """One placement: a unit of `unit` kind (with its card or minor faction) on `hex`."""

    hex: Hex
    unit: str
    card: str | None = None
    minor: str | None = None


@dataclass(frozen=True)
class UnitRef:
    """A unit kind in a reserve or a healing ship: normal, elite or minor (with its faction)."""

    unit: str
    minor: str | None = None


_NO_ANSWER = "absent"


@dataclass(frozen=True)
class Move:
    do: str
    seat: int | None = None
    unit: str | None = None
    hex: Hex | None = None
    minor: str | None = None
    card: str | None = None
    source_from: Hex | None = None  # "from"
    to: Hex | None = None
    option: int | None = None
    at: Hex | None = None
    rotation: int | None = None
    place: tuple[Place, ...] | None = None
    target: Hex | None = None
    swap: tuple[Hex, Hex] | None = None
    move: tuple[Hex, Hex] | None = None
    player: int | None = None
    card_target: str | None = None
    keep_on_board: bool | None = None
    units: tuple[UnitRef, ...] | None = None
    source: Hex | None = None
    skip: bool = False
    protect_with: Hex | str | None = _NO_ANSWER  # "with": a hex, null, or absent
    faction: str | None = None
    mission: str | None = None
    policy: str | None = None


_RENAMED = {"source_from": "from", "protect_with": "with"}
_KEYS = {_RENAMED.get(f.name, f.name) for f in fields(Move)}


def refuse_move(reason: str, /, **values: Any) -> Exception:
    """A move that does not decode: the spec's `invalid_move` (a template with its values, as
    the readers of games/engine/move_fields.py give it)."""
    return refuse("invalid_move", reason, **values)


def _hex(value: Any, name: str) -> Hex:
    if isinstance(value, str):  # the spec's "q,r"; [q, r] is read too
        parts = value.split(",")
        if len(parts) == 2:
            try:
                return int(parts[0]), int(parts[1])
            except ValueError:
                pass
    return read_hex(value, name, '"{name}" must be a hex written "q,r".', refuse_move)


def _int(value: Any, name: str) -> int:
    return read_int(value, name, '"{name}" must be a whole number.', refuse_move)


def _str(value: Any, name: str) -> str:
    return read_str(value, name, '"{name}" must be a text.', refuse_move)


def _place(value: Any) -> Place:
    if not isinstance(value, dict):
        raise refuse_move('Each placement is {"hex", "unit", "card"?, "minor"?}.')
    unit = _str(value.get("unit"), "unit")
    if unit not in UNIT_KINDS:
        raise refuse_move("Unknown unit kind {unit!r}.", unit=unit)
    card = value.get("card")
    minor = value.get("minor")
    return Place(
        _hex(value.get("hex"), "hex"),
        unit,
        None if card is None else _str(card, "card"),
        None if minor is None else _str(minor, "minor"),
    )


def _unit_ref(value: Any) -> UnitRef:
    if not isinstance(value, dict):
        raise refuse_move('Each unit is {"unit", "minor"?}.')
    unit = _str(value.get("unit"), "unit")
    if unit not in ("normal", "elite", "minor"):
        raise refuse_move("Only normal, elite and minor units wait in a reserve or a healing ship.")
    minor = value.get("minor")
    return UnitRef(unit, None if minor is None else _str(minor, "minor"))


def _pair(value: Any, name: str) -> tuple[Hex, Hex]:
    first, second = read_pair(value, name, '"{name}" is a list of two hexes.', refuse_move)
    return _hex(first, name), _hex(second, name)


def decode(data: JSON) -> Move:
    """Move JSON -> Move, or IllegalMove("invalid_move")."""
    if not isinstance(data, dict):
        raise refuse_move("A move is a JSON object with a 'do' field.")
    do = data.get("do")
    if do not in ALL:
        raise refuse_move("Unknown move {do!r}.", do=do)
    unknown = set(data) - _KEYS
    if unknown:
        raise refuse_move("Unknown move fields: {fields}.", fields=", ".join(sorted(unknown)))
    kw: dict[str, Any] = {"do": do}
    for name, value in data.items():
        if name == "do" or (value is None and name != "with"):
            continue
        if name == "seat":
            kw["seat"] = _int(value, name)
        elif name in ("hex", "to", "at", "target", "source"):
            kw[name] = _hex(value, name)
        elif name == "from":
            kw["source_from"] = _hex(value, name)
        elif name in ("option", "rotation", "player"):
            kw[name] = _int(value, name)
        elif name in ("unit", "minor", "card", "card_target", "faction", "mission", "policy"):
            kw[name] = _str(value, name)
        elif name == "place":
            items = value if isinstance(value, list) else [value]
            kw["place"] = tuple(_place(v) for v in items)
        elif name == "units":
            if not isinstance(value, list):
                raise refuse_move('"units" is a list.')
            kw["units"] = tuple(_unit_ref(v) for v in value)
        elif name in ("swap", "move"):
            kw[name] = _pair(value, name)
        elif name in ("keep_on_board", "skip"):
            if not isinstance(value, bool):
                raise refuse_move('"{name}" is true or false.', name=name)
            kw[name] = value
        elif name == "with":
            kw["protect_with"] = None if value is None else _hex(value, name)
    return Move(**kw)


def _place_json(p: Place) -> dict[str, Any]:
    out: dict[str, Any] = {"hex": hex_key(p.hex), "unit": p.unit}
    if p.card is not None:
        out["card"] = p.card
    if p.minor is not None:
        out["minor"] = p.minor
    return out


def encode(move: Move) -> dict[str, Any]:
    """Move -> JSON with only the fields it sets (`decode(encode(m)) == m`)."""
    out: dict[str, Any] = {}
    for f in fields(Move):
        value = getattr(move, f.name)
        name = _RENAMED.get(f.name, f.name)
        if f.name == "protect_with":
            if value != _NO_ANSWER:
                out[name] = None if value is None else hex_key(value)
            continue
        if value is None or (f.name == "skip" and not value):
            continue
        if f.name in ("hex", "to", "at", "target", "source", "source_from"):
            out[name] = hex_key(value)
        elif f.name == "place":
            out[name] = [_place_json(p) for p in value]
        elif f.name == "units":
            out[name] = [{"unit": u.unit, **({"minor": u.minor} if u.minor else {})} for u in value]
        elif f.name in ("swap", "move"):
            out[name] = [hex_key(value[0]), hex_key(value[1])]
        else:
            out[name] = value
    return out


def answered(move: Move) -> bool:
    """Whether a protect move carries its "with" answer (a hex or null)."""
    return move.protect_with != _NO_ANSWER
