"""The JSON position format (spec §13, schema 1): omitted fields take their defaults on input;
output always has every field. Extra fields are allowed and ignored on input.
"""

from __future__ import annotations

import json
from typing import Any

from games.engine.hexgrid import Hex
from games.engine.move_fields import filled, read_hex
from games.engine.paintball.board import BOARDS, LAYOUTS, SEATS, TERRAIN_TYPES, Board
from games.engine.paintball.state import (
    FIGURE_STATES,
    PHASES,
    SCENARIOS,
    SCHEMA,
    Figure,
    Flag,
    Marshal,
    Pending,
    State,
    dumps,
    seat_index,
)

SCENARIO_BOARD = {
    "capture_the_flag": ("hexon_basic", "hexon_basic"),
    "centre_flag": ("hexon_basic", "hexon_basic"),
    "elimination": ("field_5", "field_5"),
    "base_assault": ("field_5", "assault"),
}
TURN_LIMITS = {"capture_the_flag": 12, "centre_flag": 10, "elimination": 10, "base_assault": 8}


class PositionError(ValueError):
    """An unreadable or invalid position (command line exit 4)."""


def _hex(value: Any) -> Hex:
    return read_hex(value, "hex", "not a hex: {value!r}", filled(PositionError))


def _seat(value: Any) -> str:
    if value not in SEATS:
        raise PositionError(f"not a seat: {value!r}")
    return str(value)


def scenario_flags(scenario: str | None, board: Board) -> tuple[Flag, ...]:
    """§5: one flag per team in its own home (capture the flag), one neutral flag on (0,0)."""
    if scenario == "capture_the_flag":
        return tuple(
            Flag(seat, board.home(seat) or (0, 0)) for seat in sorted(SEATS) if board.home(seat)
        )
    if scenario == "centre_flag":
        return (Flag("centre", (0, 0)),)
    return ()


def board_from_json(data: Any) -> Board:
    if isinstance(data, str):
        if data not in BOARDS:
            raise PositionError(f"unknown board {data!r}")
        return BOARDS[data]
    if not isinstance(data, dict) or "hexes" not in data:
        raise PositionError("board must be a name or an object with hexes")
    hexes = frozenset(_hex(h) for h in data["hexes"])
    homes = tuple((s, _hex(data.get("homes", {})[s])) for s in SEATS if s in data.get("homes", {}))
    return Board(None, hexes | {h for _, h in homes}, homes)


def board_to_json(board: Board) -> Any:
    if board.name is not None:
        return board.name
    return {
        "hexes": sorted([list(h) for h in board.hexes]),
        "homes": {s: list(h) for s, h in board.homes},
    }


def _figure(fid: str, data: Any) -> Figure:
    if not isinstance(data, dict):
        raise PositionError(f"figure {fid} must be an object")
    team = _seat(data.get("team"))
    expert = bool(data.get("expert", False))
    state = data.get("state", "ready")
    if state not in FIGURE_STATES:
        raise PositionError(f"figure {fid}: unknown state {state!r}")
    return Figure(
        id=fid,
        team=team,
        hex=_hex(data.get("hex")),
        expert=expert,
        ap=int(data.get("ap", 3 if expert else 2)),
        state=state,
        disabled_by=data.get("disabled_by"),
        out_reason=data.get("out_reason"),
        activated=bool(data.get("activated", False)),
        fired=bool(data.get("fired", False)),
        aimed=bool(data.get("aimed", False)),
        moved=int(data.get("moved", 0)),
        facing=int(data.get("facing", 0 if team == "red" else 3)),
        grenades=tuple(str(g) for g in data.get("grenades", [])),
        sentry_policy=str(data.get("sentry_policy", "fire")),
    )


def figure_to_json(f: Figure) -> dict[str, Any]:
    return {
        "team": f.team,
        "hex": list(f.hex),
        "expert": f.expert,
        "ap": f.ap,
        "state": f.state,
        "disabled_by": f.disabled_by,
        "out_reason": f.out_reason,
        "activated": f.activated,
        "fired": f.fired,
        "aimed": f.aimed,
        "moved": f.moved,
        "facing": f.facing,
        "grenades": list(f.grenades),
        "sentry_policy": f.sentry_policy,
    }


def state_from_json(data: Any) -> State:
    try:
        return _state_from_json(data)
    except PositionError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise PositionError(f"invalid position: {exc!r}") from exc


def _state_from_json(data: Any) -> State:
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise PositionError("a position is an object with schema 1")
    board = board_from_json(data["board"])
    scenario = data.get("scenario")
    if scenario is not None and scenario not in SCENARIOS:
        raise PositionError(f"unknown scenario {scenario!r}")
    if "terrain" in data:
        terrain = []
        for item in data["terrain"]:
            if item.get("type") not in TERRAIN_TYPES:
                raise PositionError(f"unknown terrain {item.get('type')!r}")
            terrain.append((_hex(item["hex"]), str(item["type"])))
        layout = tuple(sorted(terrain))
    else:
        layout = LAYOUTS[SCENARIO_BOARD[scenario][1]] if scenario else ()
    roles = data.get("roles", {"attacker": "red", "defender": "blue"})
    advanced = data.get("advanced", {})
    figures = tuple(sorted((_figure(k, v) for k, v in data["figures"].items()), key=lambda f: f.id))
    if "marshals" in data:
        marshals = tuple(
            Marshal(
                mid,
                _hex(m["hex"]),
                (m.get("busy") or {}).get("jam"),
                (m.get("busy") or {}).get("arrived_turn"),
            )
            for mid, m in sorted(data["marshals"].items())
        )
    elif board.marshal_starts:
        marshals = tuple(Marshal(mid, h) for mid, h in board.marshal_starts)
    else:
        raise PositionError("a custom board needs its marshals")
    if "flags" in data:
        flags = tuple(
            Flag(fid, _hex(f["hex"]), f.get("carrier")) for fid, f in sorted(data["flags"].items())
        )
    else:
        flags = scenario_flags(scenario, board)
    phase = data.get("phase", "activation")
    if phase not in PHASES:
        raise PositionError(f"unknown phase {phase!r}")
    first = _seat(data.get("first", "red"))
    in_play = {s: sum(1 for f in figures if f.team == s and f.state != "out") for s in SEATS}
    acts = data.get("activations", in_play)
    pending = data.get("pending")
    winner = data.get("winner")
    subs = data.get("submissions", {})
    counts = data.get("setup_counts", {})
    return State(
        board=board,
        terrain=layout,
        figures=figures,
        marshals=marshals,
        scenario=scenario,
        roles=(_seat(roles["attacker"]), _seat(roles["defender"])),
        experts_option=bool(advanced.get("experts", False)),
        grenades_option=bool(advanced.get("grenades", False)),
        blind_spots=bool(advanced.get("blind_spots", False)),
        turn=int(data.get("turn", 1)),
        turn_limit=data.get("turn_limit", TURN_LIMITS.get(scenario or "")),
        phase=phase,
        first=first,
        active=_seat(data.get("active", first)),
        second_last_turn=data.get("second_last_turn"),
        activations=(int(acts["red"]), int(acts["blue"])),
        current=data.get("current"),
        flags=flags,
        smoke=tuple(_hex(h) for h in data.get("smoke", [])),
        pending=None if pending is None else _pending(pending),
        winner=winner,
        win_reason=str(data.get("win_reason", "")),
        submissions=(
            None if subs.get("red") is None else dumps(subs["red"]),
            None if subs.get("blue") is None else dumps(subs["blue"]),
        ),
        setup_counts=(
            tuple(counts.get("red", [0, 0])),
            tuple(counts.get("blue", [0, 0])),
        ),
        command_dice=None
        if data.get("command_dice") is None
        else (int(data["command_dice"]["red"]), int(data["command_dice"]["blue"])),
    )


# What a hand-written decision's `context` must hold (spec §13 names the field, not its
# contents), and the defaults of what it may leave out: a sentry asked mid-move resumes nothing
# (§7: the rest of the path is dropped once a sentry is asked), hits are shared out of a normal
# volley (§14: `mode` defaults to normal).
PENDING_CONTEXT: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "choose_order": ((), {}),
    "sentry_fire": (("sentry", "target"), {"queue": [], "resume": {"kind": "move"}}),
    "allocate_hits": ((), {"mode": "normal"}),
    "charge_victim": (("hex", "attackers", "defenders", "kill_order", "round", "next"), {}),
    "grenade_scatter": (("kind",), {}),
}


def _pending(data: Any) -> Pending:
    kind = data["kind"]
    if kind not in PENDING_CONTEXT:
        raise PositionError(f"unknown decision {kind!r}: one of {', '.join(PENDING_CONTEXT)}")
    required, defaults = PENDING_CONTEXT[kind]
    context = {**defaults, **data.get("context", {})}
    missing = [key for key in required if key not in context]
    if missing:
        raise PositionError(f"a pending {kind} needs {', '.join(missing)} in its context")
    return Pending(_seat(data["seat"]), kind, dumps(data.get("options", [])), dumps(context))


def state_to_json(state: State) -> dict[str, Any]:
    return {
        "schema": SCHEMA,
        "board": board_to_json(state.board),
        "scenario": state.scenario,
        "roles": {"attacker": state.roles[0], "defender": state.roles[1]},
        "advanced": {
            "experts": state.experts_option,
            "grenades": state.grenades_option,
            "blind_spots": state.blind_spots,
        },
        "terrain": [{"hex": list(h), "type": kind} for h, kind in state.terrain],
        "turn": state.turn,
        "turn_limit": state.turn_limit,
        "phase": state.phase,
        "first": state.first,
        "active": state.active,
        "second_last_turn": state.second_last_turn,
        "activations": {s: state.activations[seat_index(s)] for s in SEATS},
        "current": state.current,
        "figures": {f.id: figure_to_json(f) for f in state.figures},
        "marshals": {
            m.id: {
                "hex": list(m.hex),
                "busy": None if m.jam is None else {"jam": m.jam, "arrived_turn": m.arrived_turn},
            }
            for m in state.marshals
        },
        "flags": {f.id: {"hex": list(f.hex), "carrier": f.carrier} for f in state.flags},
        "smoke": [list(h) for h in state.smoke],
        "pending": None
        if state.pending is None
        else {
            "seat": state.pending.seat,
            "kind": state.pending.kind,
            "options": json.loads(state.pending.options),
            "context": json.loads(state.pending.context),
        },
        "winner": state.winner,
        "win_reason": state.win_reason,
        "submissions": {
            s: None if sub is None else json.loads(sub)
            for s, sub in zip(SEATS, state.submissions, strict=True)
        },
        "setup_counts": {s: list(c) for s, c in zip(SEATS, state.setup_counts, strict=True)},
        "command_dice": None
        if state.command_dice is None
        else {"red": state.command_dice[0], "blue": state.command_dice[1]},
    }
