"""Helpers for the battle tests: positions written as lists, events picked by kind.

Imported by the other test_battle_* / test_modules_* / test_faq_* files (pytest puts this folder
on sys.path: the tests tree has no __init__.py).
"""

from __future__ import annotations

from typing import Any

from games.engine.neuroshima.battle import (
    Battle,
    advance,
    decide,
    pending,
    resolve,
    start_battle,
)
from games.engine.neuroshima.position import Position
from games.engine.protocol import Event

ARMIES = {"m": "moloch", "p": "posterunek", "b": "borgo", "h": "hegemonia"}


def position(
    *tiles: tuple[Any, ...],
    seats: tuple[str, ...] = ("hegemonia", "posterunek"),
    board: str = "standard",
    teams: list[list[int]] | None = None,
) -> Position:
    """tiles: (q, r, tile_id, seat, rotation[, wounds]); tile ids may be short: "m.cyborg"."""
    data: dict[str, Any] = {
        "board": board,
        "seats": list(seats),
        "tiles": [
            {
                "hex": [t[0], t[1]],
                "tile": _full(t[2]),
                "seat": t[3],
                "rotation": t[4] if len(t) > 4 else 0,
                "wounds": t[5] if len(t) > 5 else 0,
            }
            for t in tiles
        ],
    }
    if teams:
        data["teams"] = teams
    return Position.from_json(data)


def _full(tile_id: str) -> str:
    army, _, name = tile_id.partition(".")
    return f"{ARMIES.get(army, army)}.{name}"


def fight(pos: Position) -> tuple[Position, tuple[Event, ...]]:
    return resolve(pos)


def of_kind(events: tuple[Event, ...], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in events if e.kind == kind]


def tile_at(pos: Position, q: int, r: int) -> str | None:
    placed = pos.at((q, r))
    return None if placed is None else placed.tile


def wounds_at(pos: Position, q: int, r: int) -> int | None:
    placed = pos.at((q, r))
    return None if placed is None else placed.wounds


def step(battle: Battle) -> tuple[Battle, list[Event]]:
    """Advance a fresh battle to its first decision (or its end)."""
    battle, events = advance(battle)
    return battle, list(events)


def play(pos: Position, *answers: Any) -> tuple[Battle, list[Event]]:
    """Run a battle answering its decisions in turn with `answers` (then the defaults)."""
    battle, events = step(start_battle(pos))
    queue = list(answers)
    while not battle.finished:
        decision = pending(battle)
        assert decision is not None
        choice = queue.pop(0) if queue else decision.options[0]
        battle, more = decide(battle, decision.seat, choice)
        events += more
    assert not queue, f"unused answers {queue}"
    return battle, events


def test_position_helper_builds_positions_from_short_lists() -> None:
    pos = position((0, 0, "h.hq", 0, 0), (1, 0, "p.commando", 1, 4, 0))
    assert tile_at(pos, 0, 0) == "hegemonia.hq"
    assert pos.at((1, 0)) is not None and pos.at((1, 0)).rotation == 4  # type: ignore[union-attr]


def attack_phases(events: Any, q: int, r: int) -> list[int]:
    """The initiatives of the phases in which the tile on (q, r) attacked (once per phase)."""
    out: list[int] = []
    phase = None
    for e in events:
        if e.kind == "PhaseStarted":
            phase = e.data["initiative"]
        elif e.kind in ("UnitAttacked", "ClownExploded") and (
            e.data.get("from") == [q, r] or e.data.get("hex") == [q, r]
        ):
            if phase is not None and (not out or out[-1] != phase):
                out.append(phase)
    return out
