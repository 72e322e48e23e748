"""Helpers for the Infinity engine tests: hand-written positions in the format of spec E.1 and
moves applied with forced dice (E.5), as rules cases kept outside the repository are run."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine.infinity.ctx import Ctx
from games.engine.infinity.dice import Dice
from games.engine.infinity.moves import decode
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.rules import play
from games.engine.infinity.state import State
from games.engine.protocol import IllegalMove


def trooper(
    tid: str, seat: int, profile: str, hex_: tuple[int, int] | None, facing: int = 0, **extra
):
    return {
        "id": tid,
        "seat": seat,
        "profile": profile,
        "hex": None if hex_ is None else list(hex_),  # None: not deployed yet
        "facing": facing,
        **extra,
    }


def alguacil(tid: str, hex_, facing=0, kind="combi", **extra):
    return trooper(tid, 0, f"corregidor.alguacil.{kind}", hex_, facing, **extra)


def keisotsu(tid: str, hex_, facing=3, kind="combi", **extra):
    return trooper(tid, 1, f"jsa.keisotsu.{kind}", hex_, facing, **extra)


def position(
    troopers: list[dict[str, Any]],
    *,
    scenery: list[tuple[tuple[int, int], str]] = (),
    active: int = 0,
    orders: dict[int, dict[str, Any]] | None = None,
    fireteams: list[dict[str, Any]] = (),
    civilians: list[dict[str, Any]] = (),
    lieutenants: tuple[str | None, str | None] = (None, None),
    policies: dict[int, dict[str, Any]] | None = None,
    pending: dict[str, Any] | None = None,
    reactions: str = "ask",
    sectorials: tuple[str | None, str | None] = ("corregidor", "jsa"),
    points: tuple[int, int] = (150, 150),
    scenario: str = "annihilation",
    game_turn: int = 1,
    size: int = 16,
    **turn_extra: Any,
) -> dict[str, Any]:
    orders = orders or {active: {"regular": 10, "lieutenant": 1}}
    hidden = {}
    for seat in (0, 1):
        hidden[str(seat)] = {
            "lieutenant": lieutenants[seat],
            "policies": (policies or {}).get(seat, {}),
        }
    return {
        "game": "infinity-n2-hs",
        "version": 1,
        "board": {"cols": size, "rows": size, "inches_per_hex": 2},
        "scenery": [{"hex": list(h), "kind": k} for h, k in scenery],
        "zones": {"deployment": {"0": {"rows": [size - 6, size - 1]}, "1": {"rows": [0, 5]}}},
        "scenario": {"id": scenario, "max_game_turns": 3, "civilians": "none"},
        "options": {"reactions": reactions},
        "seats": [
            {"seat": 0, "army": "nomads", "sectorial": sectorials[0], "army_points": points[0]},
            {"seat": 1, "army": "yujing", "sectorial": sectorials[1], "army_points": points[1]},
        ],
        "troopers": list(troopers),
        "civilians": list(civilians),
        "fireteams": list(fireteams),
        "turn": {
            "game_turn": game_turn,
            "first_seat": 0,
            "active_seat": active,
            "phase": "active",
            "orders": {str(s): o for s, o in orders.items()},
            "current_order": None,
            "pending": pending or {"seat": active, "kind": "order"},
            **turn_extra,
        },
        "hidden": hidden,
    }


def team(seat: int, leader: str, members: list[str]) -> dict[str, Any]:
    return {"seat": seat, "leader": leader, "members": members}


def run(
    state: State | dict[str, Any],
    moves: list[dict[str, Any]],
    dice: dict[str, list[int]] | None = None,
) -> tuple[State, list[dict[str, Any]]]:
    """Apply moves (each names its seat) with forced dice; (state, events as flat dicts).
    Every forced die must be used."""
    if isinstance(state, dict):
        state = state_from_json(state)
    forced = Dice(forced={k: list(v) for k, v in (dice or {}).items()})
    events: list[dict[str, Any]] = []
    for move in moves:
        ctx = Ctx(state, forced)
        play(ctx, move.get("seat"), decode(move))
        state = ctx.state
        events += [{**e.data, "kind": e.kind} for e in ctx.events]
    assert not forced.unused(), f"dice left over: {forced.unused()}"
    return state, events


def refused(
    state: State | dict[str, Any],
    moves: list[dict[str, Any]],
    dice: dict[str, list[int]] | None = None,
) -> str:
    """`run`, which must refuse one of `moves`: the refusal's code."""
    with pytest.raises(IllegalMove) as err:
        run(state, moves, dice)
    return err.value.code


def of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == kind]


def order(seat: int, trooper: str | None = None, kind: str = "regular", **extra) -> dict:
    move = {"type": "order", "seat": seat, "kind": kind, **extra}
    if trooper:
        move["trooper"] = trooper
    return move


def declare(seat: int, skill: str, **extra) -> dict:
    return {"type": "declare", "seat": seat, "skill": skill, **extra}


def aro(seat: int, trooper: str, skill: str, **extra) -> dict:
    return {"type": "aro", "seat": seat, "trooper": trooper, "skill": skill, **extra}


def shoot(seat: int, trooper: str, weapon: str, *targets: tuple[str, int], **extra) -> dict:
    return declare(
        seat,
        "bs_attack",
        trooper=trooper,
        weapon=weapon,
        targets=[{"trooper": t, "burst": b} for t, b in targets],
        **extra,
    )


def as_json(state: State) -> dict[str, Any]:
    return state_to_json(state)


def shaken(data: dict[str, Any]) -> tuple[State, list[dict[str, Any]]]:
    """a1 fires three combi rounds at the Moderator k9, who saves all three and then fails its
    Guts roll (the reactive seat lets its reactions pass)."""
    return run(
        data,
        [
            order(0, "a1"),
            shoot(0, "a1", "combi_rifle", ("k9", 3)),
            {"type": "aro_done", "seat": 1},
            declare(0, "none"),
        ],
        dice={"a1.bs": [1, 2, 3], "k9.arm": [15, 16, 17], "k9.guts": [20]},
    )
