"""Moves as frozen dataclasses and their JSON codec (spec §14). Decoding is the only move parser:
anything it cannot read is a MalformedMove."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.hexgrid import Hex
from games.engine.move_fields import read_hex, read_int, read_str, read_strs
from games.engine.protocol import MalformedMove


@dataclass(frozen=True)
class BeginTurn:
    pass


@dataclass(frozen=True)
class Move:
    figure: str
    path: tuple[Hex, ...] = ()  # explicit path, or () with `to`
    to: Hex | None = None


@dataclass(frozen=True)
class Aim:
    figure: str


@dataclass(frozen=True)
class Shoot:
    figure: str
    targets: tuple[str, ...]
    mode: str = "normal"


@dataclass(frozen=True)
class Sentry:
    figure: str
    policy: str = "fire"
    facing: int | None = None


@dataclass(frozen=True)
class Reload:
    figure: str


@dataclass(frozen=True)
class Grenade:
    figure: str
    kind: str
    hex: Hex


@dataclass(frozen=True)
class Charge:
    hex: Hex
    figures: tuple[str, ...]
    kill_order: tuple[str, ...] = ()
    paths: tuple[tuple[str, tuple[Hex, ...]], ...] = ()


@dataclass(frozen=True)
class Face:
    figure: str
    facing: int


@dataclass(frozen=True)
class EndActivation:
    pass


@dataclass(frozen=True)
class EndPhase:
    pass


@dataclass(frozen=True)
class ChooseOrder:
    play: str


@dataclass(frozen=True)
class SentryFire:
    figure: str
    fire: bool = True
    mode: str = "normal"


@dataclass(frozen=True)
class AllocateHits:
    hits: tuple[str, ...]


@dataclass(frozen=True)
class ChargeVictim:
    victim: str


@dataclass(frozen=True)
class GrenadeScatter:
    hex: Hex


@dataclass(frozen=True)
class SetupTeam:
    experts: tuple[str, ...] = ()
    grenades: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class Deploy:
    hexes: tuple[tuple[str, Hex], ...]


AnyMove = (
    BeginTurn
    | Move
    | Aim
    | Shoot
    | Sentry
    | Reload
    | Grenade
    | Charge
    | Face
    | EndActivation
    | EndPhase
    | ChooseOrder
    | SentryFire
    | AllocateHits
    | ChargeVictim
    | GrenadeScatter
    | SetupTeam
    | Deploy
)
DECISIONS = (ChooseOrder, SentryFire, AllocateHits, ChargeVictim, GrenadeScatter)


def _hex(value: Any) -> Hex:
    return read_hex(value, "hex", "Not a hex: {value!r}.")


def _str(data: dict[str, Any], key: str) -> str:
    return read_str(data.get(key), key, "The move needs a {name}.")


def _strs(value: Any, key: str) -> tuple[str, ...]:
    return read_strs(value, key, "{name} must be a list of names.")


def _int(value: Any, key: str) -> int:
    return read_int(value, key, "{name} must be a whole number.")


def _choice(data: dict[str, Any], key: str, allowed: tuple[str, ...], default: str) -> str:
    value = data.get(key, default)
    if value not in allowed:
        raise MalformedMove(f"{key} must be one of {', '.join(allowed)}.")
    return str(value)


def decode(data: Any) -> AnyMove:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise MalformedMove("A move is an object with a type.")
    kind = data["type"]
    if kind == "begin_turn":
        return BeginTurn()
    if kind == "move":
        path: tuple[Hex, ...] = ()
        if "path" in data:
            if not isinstance(data["path"], list) or not data["path"]:
                raise MalformedMove("A path is a non-empty list of hexes.")
            path = tuple(_hex(h) for h in data["path"])
        elif "to" not in data:
            raise MalformedMove("A move needs a destination.")
        return Move(_str(data, "figure"), path, None if path else _hex(data["to"]))
    if kind == "aim":
        return Aim(_str(data, "figure"))
    if kind == "shoot":
        mode = _choice(data, "mode", ("normal", "suppress"), "normal")
        return Shoot(_str(data, "figure"), _strs(data.get("targets"), "targets"), mode)
    if kind == "sentry":
        policy = _choice(data, "policy", ("fire", "suppress", "ask"), "fire")
        facing = data.get("facing")
        return Sentry(
            _str(data, "figure"), policy, None if facing is None else _int(facing, "facing") % 6
        )
    if kind == "reload":
        return Reload(_str(data, "figure"))
    if kind == "grenade":
        grenade_kind = _choice(data, "kind", ("smoke", "paint"), "")
        return Grenade(_str(data, "figure"), grenade_kind, _hex(data.get("hex")))
    if kind == "charge":
        paths = data.get("paths", {})
        if not isinstance(paths, dict):
            raise MalformedMove("paths maps figures to hex lists.")
        return Charge(
            _hex(data.get("hex")),
            _strs(data.get("figures"), "figures"),
            _strs(data.get("kill_order", []), "kill_order"),
            tuple(sorted((str(k), tuple(_hex(h) for h in v)) for k, v in paths.items())),
        )
    if kind == "face":
        return Face(_str(data, "figure"), _int(data.get("facing"), "facing") % 6)
    if kind == "end_activation":
        return EndActivation()
    if kind == "end_phase":
        return EndPhase()
    if kind == "choose_order":
        return ChooseOrder(_choice(data, "play", ("first", "second"), ""))
    if kind == "sentry_fire":
        fire = data.get("fire", True)
        if not isinstance(fire, bool):
            raise MalformedMove("fire must be true or false.")
        mode = _choice(data, "mode", ("normal", "suppress"), "normal")
        return SentryFire(_str(data, "figure"), fire, mode)
    if kind == "allocate_hits":
        return AllocateHits(_strs(data.get("hits"), "hits"))
    if kind == "charge_victim":
        return ChargeVictim(_str(data, "victim"))
    if kind == "grenade_scatter":
        return GrenadeScatter(_hex(data.get("hex")))
    if kind == "setup_team":
        grenades = data.get("grenades", {})
        if not isinstance(grenades, dict):
            raise MalformedMove("grenades maps figures to grenade kinds.")
        return SetupTeam(
            _strs(data.get("experts", []), "experts"),
            tuple(sorted((str(k), _strs(v, "grenades")) for k, v in grenades.items())),
        )
    if kind == "deploy":
        hexes = data.get("hexes")
        if not isinstance(hexes, dict):
            raise MalformedMove("A deployment maps figures to hexes.")
        return Deploy(tuple(sorted((str(k), _hex(v)) for k, v in hexes.items())))
    raise MalformedMove(f"Unknown move type {kind!r}.")


def encode(move: AnyMove) -> dict[str, Any]:
    if isinstance(move, BeginTurn):
        return {"type": "begin_turn"}
    if isinstance(move, Move):
        if move.path:
            return {"type": "move", "figure": move.figure, "path": [list(h) for h in move.path]}
        assert move.to is not None
        return {"type": "move", "figure": move.figure, "to": list(move.to)}
    if isinstance(move, Aim):
        return {"type": "aim", "figure": move.figure}
    if isinstance(move, Shoot):
        return {
            "type": "shoot",
            "figure": move.figure,
            "targets": list(move.targets),
            "mode": move.mode,
        }
    if isinstance(move, Sentry):
        out: dict[str, Any] = {"type": "sentry", "figure": move.figure, "policy": move.policy}
        if move.facing is not None:
            out["facing"] = move.facing
        return out
    if isinstance(move, Reload):
        return {"type": "reload", "figure": move.figure}
    if isinstance(move, Grenade):
        return {"type": "grenade", "figure": move.figure, "kind": move.kind, "hex": list(move.hex)}
    if isinstance(move, Charge):
        out = {
            "type": "charge",
            "hex": list(move.hex),
            "figures": list(move.figures),
            "kill_order": list(move.kill_order),
        }
        if move.paths:
            out["paths"] = {k: [list(h) for h in v] for k, v in move.paths}
        return out
    if isinstance(move, Face):
        return {"type": "face", "figure": move.figure, "facing": move.facing}
    if isinstance(move, EndActivation):
        return {"type": "end_activation"}
    if isinstance(move, EndPhase):
        return {"type": "end_phase"}
    if isinstance(move, ChooseOrder):
        return {"type": "choose_order", "play": move.play}
    if isinstance(move, SentryFire):
        return {"type": "sentry_fire", "figure": move.figure, "fire": move.fire, "mode": move.mode}
    if isinstance(move, AllocateHits):
        return {"type": "allocate_hits", "hits": list(move.hits)}
    if isinstance(move, ChargeVictim):
        return {"type": "charge_victim", "victim": move.victim}
    if isinstance(move, GrenadeScatter):
        return {"type": "grenade_scatter", "hex": list(move.hex)}
    if isinstance(move, SetupTeam):
        return {
            "type": "setup_team",
            "experts": list(move.experts),
            "grenades": {k: list(v) for k, v in move.grenades},
        }
    return {"type": "deploy", "hexes": {k: list(v) for k, v in move.hexes}}
