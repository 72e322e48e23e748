"""Helpers for the Hexpanse engine tests: positions written briefly, moves played through the
system as the platform and the command line play them.

`position(units={"0,0": (0, "warlord"), "1,0": (1, "merc", "C09")}, ...)` builds a valid
position JSON (spec section 14.1): reserves are the kit minus what is on the board or on the
healing ship, and every card not placed elsewhere is in the market (first five) or the deck,
in code order unless given.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.engine.hexpanse.cli import settle
from games.engine.hexpanse.data import CARD_CODES, cards
from games.engine.hexpanse.position import state_from_json, state_to_json
from games.engine.hexpanse.state import State, kit
from games.engine.hexpanse.system import SYSTEM
from games.engine.protocol import IllegalMove
from games.engine.rng import Rng

FACTIONS = ("terran", "cyberian", "nomads", "union", "ox", "mantacle")


def unit(spec: tuple[Any, ...]) -> dict[str, Any]:
    owner, kind, *rest = spec
    out: dict[str, Any] = {"owner": owner, "kind": kind}
    if kind == "merc":
        out["card"] = rest[0]
    if kind == "minor":
        out["minor"] = rest[0]
    if owner is None:
        out["was"] = rest[-1] if kind in ("normal", "elite") else rest[1]
    return out


def position(
    *,
    seats: int = 2,
    mode: str = "capitaine",
    board: str | None = None,
    units: dict[str, tuple[Any, ...]] | None = None,
    minors: list[list[str]] | None = None,
    factions: list[str] | None = None,
    hands: list[list[str]] | None = None,
    mercs: list[dict[str, int]] | None = None,
    healing: list[dict[str, int]] | None = None,
    hexilum: list[int] | None = None,
    income: list[int] | None = None,
    life: list[int] | None = None,
    alive: list[bool] | None = None,
    secret: list[str | None] | None = None,
    policy: list[str] | None = None,
    market: list[str | None] | None = None,
    deck: list[str] | None = None,
    discard: list[str] | None = None,
    out_of_game: list[str] | None = None,
    common: str | None = "MS03",
    teams: list[list[int]] | None = None,
    elite: int = 0,
    expert: bool = False,
    turn: dict[str, Any] | None = None,
    pending: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    units = units or {}
    if minors is None:
        minors = (
            [[] for _ in range(seats)]
            if mode == "marin"
            else [[f"M{i + 6:02d}"] for i in range(seats)]
        )
    factions = factions or list(FACTIONS[:seats])
    alive = alive or [True] * seats
    normal, elites, per_minor = kit(mode, elite, expert)
    placed: dict[str, int] = {}
    for spec in units.values():
        u = unit(spec)
        if u["owner"] is None:
            continue
        k = u.get("minor") or u["kind"]
        placed[f"{u['owner']}:{k}"] = placed.get(f"{u['owner']}:{k}", 0) + 1
    seat_list = []
    for i in range(seats):
        heal = (healing or [{}] * seats)[i]
        total = {"normal": normal, "elite": elites, **dict.fromkeys(minors[i], per_minor)}
        reserve = {
            k: (n - placed.get(f"{i}:{k}", 0) - heal.get(k, 0)) if alive[i] else 0
            for k, n in total.items()
        }
        hl = {k: heal.get(k, 0) if alive[i] else 0 for k in total}
        seat_list.append(
            {
                "faction": factions[i],
                "alive": alive[i],
                "life": (life or [6] * seats)[i] if alive[i] else 0,
                "income": (income or [1] * seats)[i],
                "hexilum": (hexilum or [0] * seats)[i],
                "reserve": _counts(reserve),
                "healing": _counts(hl),
                "hand": list((hands or [[]] * seats)[i]),
                "mercs": dict((mercs or [{}] * seats)[i]),
                "minors": list(minors[i]),
                "secret_mission": (secret or [None] * seats)[i],
                "protector_policy": (policy or ["ask"] * seats)[i],
            }
        )
    used = {c for s in seat_list for c in [*s["hand"], *s["mercs"]]}
    used |= set(discard or []) | set(out_of_game or []) | {c for c in market or [] if c}
    used |= set(deck or [])
    rest = [c for c in CARD_CODES if c not in used]
    if market is None:
        market, rest = rest[:5], rest[5:]
    return {
        "game": "hexpanse",
        "schema": 1,
        "board": board or ("small" if seats <= 3 else "large"),
        "mode": mode,
        "variants": {"elite": elite, "expert": expert},
        "teams": teams,
        "seats": seat_list,
        "units": {k: unit(v) for k, v in units.items()},
        "market": list(market),
        "deck": list(deck or []) + rest,
        "discard": list(discard or []),
        "out_of_game": list(out_of_game or []),
        "missions": {"common": common},
        "turn": {"number": 3, "seat": 0, "phase": "actions", "actions_left": 2, **(turn or {})},
        "pending": list(pending or []),
        "result": None,
    }


def _counts(d: dict[str, int]) -> dict[str, Any]:
    return {
        "normal": d.get("normal", 0),
        "elite": d.get("elite", 0),
        "minor": {k: n for k, n in d.items() if k not in ("normal", "elite")},
    }


def load(pos: dict[str, Any]) -> State:
    state, _ = settle(state_from_json(copy.deepcopy(pos)), Rng("test"))
    return state


def play(pos: dict[str, Any] | State, *moves: dict[str, Any], seed: str = "test") -> Any:
    """The state after `moves` (each with its "seat"), and the events said on the way."""
    state = pos if isinstance(pos, State) else load(pos)
    rng = Rng(seed)
    events: list[dict[str, Any]] = []
    for m in moves:
        step = SYSTEM.apply(state, m["seat"], m, rng)
        state, rng = step.state, step.rng
        events += [{"kind": e.kind, **e.data} for e in step.events]
    return Played(state, events)


class Played:
    def __init__(self, state: State, events: list[dict[str, Any]]) -> None:
        self.state = state
        self.events = events
        self.json = state_to_json(state)

    def at(self, hex_: str) -> dict[str, Any] | None:
        return self.json["units"].get(hex_)

    def seat(self, i: int) -> dict[str, Any]:
        return self.json["seats"][i]

    def kinds(self) -> list[str]:
        return [e["kind"] for e in self.events]


def refused(pos: dict[str, Any] | State, *moves: dict[str, Any]) -> IllegalMove:
    """The refusal of the last move (the ones before it must be legal)."""
    state = (
        play(pos, *moves[:-1]).state
        if len(moves) > 1
        else (pos if isinstance(pos, State) else load(pos))
    )
    last = moves[-1]
    with pytest.raises(IllegalMove) as caught:
        SYSTEM.apply(state, last["seat"], last, Rng("test"))
    return caught.value


def legal(state: State, seat: int) -> list[dict[str, Any]]:
    return SYSTEM.legal_moves(state, seat)


def is_merc(code: str) -> bool:
    return cards()[code].is_merc
