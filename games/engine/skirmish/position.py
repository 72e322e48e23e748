"""The position format (skirmish.md §12, `schema` 1): complete JSON out, defaults in.

Beyond §12 (README, "Position format"): `flee_contacts` (who was in contact with each model that
fled this melee phase, D15), `layout` (the preset chosen at setup, for the record) and each
model's `name` (its unit's name in the army list, for people; null when unknown) and `damage`
(a Vehicle's lasting damage results so far, in order: `drive`, `weapons`, `internal`).
"""

from __future__ import annotations

from typing import Any

from games.engine.hexgrid import Hex
from games.engine.move_fields import filled, read_hex
from games.engine.protocol import JSON
from games.engine.skirmish.armies import CostError, model_cost
from games.engine.skirmish.boards import EDGES, TERRAIN
from games.engine.skirmish.scenarios import SCENARIOS
from games.engine.skirmish.state import (
    ITEMS,
    SCHEMA,
    SEAT_NAMES,
    Barrel,
    Model,
    Order,
    Pending,
    Piece,
    ScenarioState,
    State,
)


class PositionError(ValueError):
    """An unreadable or invalid position (command line exit 4)."""


# The phase ids of §6.2 and §9 (setup steps), and `over`.
PHASES = (
    "setup",
    "deployment",
    "turn_start",
    "initiative",
    "snap_fire",
    "movement",
    "aimed_fire",
    "melee_flee",
    "flee_move",
    "melee_attack",
    "over",
)
PRISONER_STATES = ("held", "free", "escaped")


def _one_of(value: Any, allowed: tuple[str, ...], what: str) -> Any:
    """A value the position names from a fixed list (§12): anything else is a bad position."""
    if value is not None and value not in allowed:
        raise PositionError(f"unknown {what} {value!r}: one of {', '.join(allowed)}")
    return value


def _hex(value: Any) -> Hex:
    return read_hex(value, "hex", "not a hex: {value!r}", filled(PositionError))


def _opt_hex(value: Any) -> Hex | None:
    return None if value is None else _hex(value)


def _json_hex(h: Hex | None) -> JSON:
    return None if h is None else [h[0], h[1]]


def model_to_json(m: Model, names: tuple[str, ...]) -> dict[str, JSON]:
    return {
        "seat": names[m.seat],
        "hex": _json_hex(m.hex),
        "move": m.move,
        "fly": m.fly,
        "melee": m.melee,
        "shoot": m.shoot,
        "armour": m.armour,
        "melee_attacks": m.melee_attacks,
        "shoot_attacks": m.shoot_attacks,
        "powerful": m.powerful,
        "vehicle": m.vehicle,
        "hero": m.hero,
        "item": m.item,
        "cost": m.cost,
        "unit": m.unit,
        "alive": m.alive,
        "mp_spent": m.mp_spent,
        "snap_fired": m.snap_fired,
        "moved": m.moved,
        "unsaved_hits": m.unsaved_hits,
        "prisoner": m.prisoner,
        "name": m.name,
        "damage": list(m.damage),
    }


def _model(mid: str, d: Any, names: tuple[str, ...]) -> Model:
    if not isinstance(d, dict):
        raise PositionError(f"model {mid} is not an object")
    try:
        seat = names.index(d["seat"])
        shoot = int(d["shoot"])
        profile = dict(d)
        cost = d.get("cost")
        if cost is None:
            move = 18 if d.get("fly") else d["move"]
            cost = model_cost({**profile, "move": move}, damaged=True)
        return Model(
            id=mid,
            seat=seat,
            hex=_opt_hex(d.get("hex")),
            move=int(d["move"]),
            melee=int(d["melee"]),
            shoot=shoot,
            armour=int(d["armour"]),
            fly=bool(d.get("fly", False)),
            melee_attacks=int(d.get("melee_attacks", 1)),
            shoot_attacks=int(d.get("shoot_attacks", 1 if shoot > 0 else 0)),
            powerful=bool(d.get("powerful", False)),
            vehicle=bool(d.get("vehicle", False)),
            hero=bool(d.get("hero", False)),
            item=_one_of(d.get("item"), ITEMS, "item"),
            cost=int(cost),
            unit=d.get("unit"),
            alive=bool(d.get("alive", True)),
            mp_spent=int(d.get("mp_spent", 0)),
            snap_fired=bool(d.get("snap_fired", False)),
            moved=bool(d.get("moved", False)),
            unsaved_hits=int(d.get("unsaved_hits", 0)),
            prisoner=_one_of(d.get("prisoner"), PRISONER_STATES, "prisoner state"),
            name=None if d.get("name") is None else str(d["name"]),
            damage=tuple(str(x) for x in d.get("damage", [])),
        )
    except (KeyError, ValueError, TypeError, CostError) as exc:
        raise PositionError(f"model {mid}: {exc}") from exc


def _seat_list(value: Any, names: tuple[str, ...], default: Any) -> tuple[Any, ...]:
    if value is None:
        return tuple(default for _ in names)
    return tuple(value.get(n, default) for n in names)


def state_to_json(s: State) -> dict[str, JSON]:
    names = SEAT_NAMES[: s.seats]
    sc = s.scen
    barrel = sc.barrel
    return {
        "schema": SCHEMA,
        "board": s.board if isinstance(s.board, str) else {"hexes": [list(h) for h in s.board]},
        "terrain": [
            {"id": p.id, "type": p.type, "hexes": [list(h) for h in p.hexes]} for p in s.terrain
        ],
        "layout": None if s.layout is None else {"name": s.layout[0], "mirror": s.layout[1]},
        "scenario": s.scenario,
        "scenario_state": {
            "killed_points": dict(zip(names, sc.killed_points, strict=True)),
            "credits": dict(zip(names, sc.credits, strict=True)),
            "barrel": None
            if barrel is None
            else {
                "hex": list(barrel.hex),
                "carrier": barrel.carrier,
                "moved": barrel.moved,
                "passed": barrel.passed,
            },
            "roles": None
            if sc.roles is None
            else {"attacker": names[sc.roles[0]], "defender": names[sc.roles[1]]},
            "prison": _json_hex(sc.prison),
            "prisoner": sc.prisoner,
        },
        "seats": list(names),
        "edges": dict(zip(names, s.edges, strict=True)),
        "turn": s.turn,
        "turn_limit": s.turn_limit,
        "phase": s.phase,
        "initiative_order": [names[i] for i in s.initiative_order],
        "active": None if s.active is None else names[s.active],
        "submitted": dict(zip(names, s.submitted, strict=True)),
        "orders": {
            names[i]: [{"model": o.model, "targets": list(o.targets)} for o in orders]
            for i, orders in enumerate(s.orders)
            if orders is not None
        },
        "fled": list(s.fled),
        "flee_contacts": {k: list(v) for k, v in s.flee_contacts},
        "models": {m.id: model_to_json(m, names) for m in s.models},
        "pending": None
        if s.pending is None
        else {
            "seat": names[s.pending.seat],
            "kind": s.pending.kind,
            "options": list(s.pending.options),
        },
        "winner": s.winner,
    }


def state_from_json(data: Any) -> State:
    """A state from a (possibly hand-written) position; omitted fields take the §12 defaults."""
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise PositionError("a position is a JSON object with schema 1")
    try:
        names = tuple(data.get("seats", list(SEAT_NAMES)))
        if names != SEAT_NAMES:
            raise PositionError("seats must be red and blue")
        board_data = data["board"]
        board: str | tuple[Hex, ...]
        if isinstance(board_data, str):
            if board_data not in ("standard", "small"):
                raise PositionError(f"unknown board {board_data!r}")
            board = board_data
        else:
            board = tuple(_hex(h) for h in board_data["hexes"])
        terrain = tuple(
            Piece(
                str(p["id"]),
                _one_of(str(p["type"]), tuple(TERRAIN), "terrain type"),
                tuple(_hex(h) for h in p["hexes"]),
            )
            for p in data.get("terrain", [])
        )
        scenario = _one_of(data.get("scenario"), SCENARIOS, "scenario")
        sc = data.get("scenario_state") or {}
        barrel_data = sc.get("barrel")
        barrel = None
        if barrel_data is not None:
            barrel = Barrel(
                _hex(barrel_data["hex"]),
                barrel_data.get("carrier"),
                int(barrel_data.get("moved", 0)),
                bool(barrel_data.get("passed", False)),
            )
        elif scenario == "radioactive_barrel":
            barrel = Barrel((0, 0))
        roles_data = sc.get("roles")
        roles = None
        if roles_data is not None:
            roles = (names.index(roles_data["attacker"]), names.index(roles_data["defender"]))
        scen = ScenarioState(
            killed_points=_seat_list(sc.get("killed_points"), names, 0),
            credits=_seat_list(sc.get("credits"), names, 0),
            barrel=barrel,
            roles=roles,
            prison=_opt_hex(sc.get("prison")),
            prisoner=sc.get("prisoner"),
        )
        edges_data = data.get("edges", {"red": "south", "blue": "north"})
        edges = tuple(_one_of(str(edges_data[n]), EDGES, "edge") for n in names)
        order = tuple(names.index(n) for n in data.get("initiative_order", names))
        active = data.get("active", names[order[0]])
        submitted = _seat_list(data.get("submitted"), names, False)
        orders_data = data.get("orders") or {}
        orders = tuple(
            None
            if n not in orders_data
            else tuple(Order(o["model"], tuple(o.get("targets", []))) for o in orders_data[n])
            for n in names
        )
        pending_data = data.get("pending")
        pending = None
        if pending_data is not None:
            pending = Pending(
                names.index(pending_data["seat"]),
                str(pending_data["kind"]),
                tuple(pending_data.get("options", [])),
            )
        layout_data = data.get("layout")
        models = tuple(_model(mid, d, names) for mid, d in data["models"].items())
        return State(
            board=board,
            models=models,
            terrain=terrain,
            scenario=scenario,
            scen=scen,
            edges=edges,
            turn=int(data.get("turn", 1)),
            turn_limit=data.get("turn_limit", 6 if scenario else None),
            phase=_one_of(str(data.get("phase", "turn_start")), PHASES, "phase"),
            initiative_order=order,
            active=None if active is None else names.index(active),
            submitted=tuple(bool(x) for x in submitted),
            orders=orders,
            fled=tuple(data.get("fled", [])),
            flee_contacts=tuple(
                (k, tuple(v)) for k, v in (data.get("flee_contacts") or {}).items()
            ),
            pending=pending,
            winner=_one_of(data.get("winner"), (*names, "draw"), "winner"),
            layout=None
            if layout_data is None
            else (str(layout_data["name"]), bool(layout_data["mirror"])),
        )
    except PositionError:
        raise
    except (KeyError, ValueError, TypeError, AttributeError) as exc:
        raise PositionError(f"bad position: {exc!r}") from exc
