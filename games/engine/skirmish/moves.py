"""Moves as commands, and their JSON codec (skirmish.md §13). `decode` is the only parser."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.hexgrid import Hex
from games.engine.move_fields import read_hex, read_list, read_str
from games.engine.protocol import JSON, MalformedMove
from games.engine.skirmish.state import Order


@dataclass(frozen=True)
class BeginTurn:
    pass


@dataclass(frozen=True)
class ChooseFirst:
    first: str


@dataclass(frozen=True)
class Orders:
    """`snap_orders`, `aimed_orders` or `melee_orders`: secret until every seat has sent its."""

    kind: str
    orders: tuple[Order, ...]


@dataclass(frozen=True)
class Move:
    model: str
    path: tuple[Hex, ...]
    release_hex: Hex | None = None


@dataclass(frozen=True)
class PassBarrel:
    giver: str
    receiver: str


@dataclass(frozen=True)
class EndMovement:
    pass


@dataclass(frozen=True)
class FleeDeclaration:
    models: tuple[str, ...]


@dataclass(frozen=True)
class FleeMove:
    model: str
    path: tuple[Hex, ...]


@dataclass(frozen=True)
class ChooseLayout:
    layout: str
    mirror: bool


@dataclass(frozen=True)
class ChooseEdge:
    edge: str


@dataclass(frozen=True)
class PlacePrison:
    hex: Hex


@dataclass(frozen=True)
class ChoosePrisoner:
    model: str


@dataclass(frozen=True)
class Deploy:
    unit: str
    hexes: tuple[tuple[str, Hex], ...]


AnyMove = (
    BeginTurn
    | ChooseFirst
    | Orders
    | Move
    | PassBarrel
    | EndMovement
    | FleeDeclaration
    | FleeMove
    | ChooseLayout
    | ChooseEdge
    | PlacePrison
    | ChoosePrisoner
    | Deploy
)
ORDER_KINDS = ("snap_orders", "aimed_orders", "melee_orders")


def _hex(value: Any) -> Hex:
    return read_hex(value, "hex", "A hex is a pair of integers [q, r].")


def _str(data: dict[str, Any], key: str) -> str:
    return read_str(data.get(key), key, "The move needs a text field {name!r}.")


def _list(data: dict[str, Any], key: str) -> list[Any]:
    return read_list(data.get(key), key, "The move needs a list {name!r}.")


def _path(data: dict[str, Any]) -> tuple[Hex, ...]:
    path = tuple(_hex(h) for h in _list(data, "path"))
    if not path:
        raise MalformedMove("A path has at least one step.")
    return path


def _orders(data: dict[str, Any]) -> tuple[Order, ...]:
    out = []
    for item in _list(data, "orders"):
        if not isinstance(item, dict):
            raise MalformedMove("Each order is {model, targets}.")
        targets = _list(item, "targets")
        if not all(isinstance(t, str) for t in targets):
            raise MalformedMove("Targets are model ids.")
        out.append(Order(_str(item, "model"), tuple(targets)))
    return tuple(out)


def decode(data: JSON) -> AnyMove:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise MalformedMove("A move is a JSON object with a type.")
    kind = data["type"]
    if kind == "begin_turn":
        return BeginTurn()
    if kind == "choose_first":
        return ChooseFirst(_str(data, "first"))
    if kind in ORDER_KINDS:
        return Orders(kind, _orders(data))
    if kind == "move":
        release = data.get("release_hex")
        return Move(_str(data, "model"), _path(data), None if release is None else _hex(release))
    if kind == "pass_barrel":
        return PassBarrel(_str(data, "from"), _str(data, "to"))
    if kind == "end_movement":
        return EndMovement()
    if kind == "flee_declaration":
        models = _list(data, "models")
        if not all(isinstance(m, str) for m in models):
            raise MalformedMove("Models are named by id.")
        return FleeDeclaration(tuple(models))
    if kind == "flee_move":
        return FleeMove(_str(data, "model"), _path(data))
    if kind == "choose_layout":
        return ChooseLayout(_str(data, "layout"), bool(data.get("mirror", False)))
    if kind == "choose_edge":
        return ChooseEdge(_str(data, "edge"))
    if kind == "place_prison":
        return PlacePrison(_hex(data.get("hex")))
    if kind == "choose_prisoner":
        return ChoosePrisoner(_str(data, "model"))
    if kind == "deploy":
        hexes = data.get("hexes")
        if not isinstance(hexes, dict) or not hexes:
            raise MalformedMove("Deploy needs hexes: {model id: [q, r]}.")
        return Deploy(_str(data, "unit"), tuple((str(k), _hex(v)) for k, v in hexes.items()))
    raise MalformedMove(f"Unknown move type {kind!r}.")


def _order_json(o: Order) -> dict[str, JSON]:
    return {"model": o.model, "targets": list(o.targets)}


def encode(move: AnyMove) -> dict[str, JSON]:
    if isinstance(move, BeginTurn):
        return {"type": "begin_turn"}
    if isinstance(move, ChooseFirst):
        return {"type": "choose_first", "first": move.first}
    if isinstance(move, Orders):
        return {"type": move.kind, "orders": [_order_json(o) for o in move.orders]}
    if isinstance(move, Move):
        out: dict[str, JSON] = {
            "type": "move",
            "model": move.model,
            "path": [list(h) for h in move.path],
        }
        if move.release_hex is not None:
            out["release_hex"] = list(move.release_hex)
        return out
    if isinstance(move, PassBarrel):
        return {"type": "pass_barrel", "from": move.giver, "to": move.receiver}
    if isinstance(move, EndMovement):
        return {"type": "end_movement"}
    if isinstance(move, FleeDeclaration):
        return {"type": "flee_declaration", "models": list(move.models)}
    if isinstance(move, FleeMove):
        return {"type": "flee_move", "model": move.model, "path": [list(h) for h in move.path]}
    if isinstance(move, ChooseLayout):
        return {"type": "choose_layout", "layout": move.layout, "mirror": move.mirror}
    if isinstance(move, ChooseEdge):
        return {"type": "choose_edge", "edge": move.edge}
    if isinstance(move, PlacePrison):
        return {"type": "place_prison", "hex": list(move.hex)}
    if isinstance(move, ChoosePrisoner):
        return {"type": "choose_prisoner", "model": move.model}
    return {"type": "deploy", "unit": move.unit, "hexes": {k: list(h) for k, h in move.hexes}}
