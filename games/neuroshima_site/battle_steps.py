"""A battle's events cut into steps for the battle viewer (pure).

Step 0 is the board before the battle; then one step per initiative phase (or one for an
instant strike) showing its attacks as lines, hits, nets, medic saves and removals; the last
step is the board after the battle. Positions are rebuilt from the starting Position JSON and
the events (TileWounded, TileDestroyed, PlayerEliminated), never from hidden state.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from games.engine.neuroshima.tiles import tile
from games.hexboard.keys import hex_key


@dataclass
class Step:
    title_kind: str  # "before" | "phase" | "strike" | "after"
    initiative: int | None
    position: dict[str, Any]  # the board shown during the step
    events: list[dict[str, Any]] = field(default_factory=list)
    attacks: list[dict[str, Any]] = field(default_factory=list)  # from, to, kind
    hits: dict[str, int] = field(default_factory=dict)  # "q,r" -> wounds dealt this step
    blocked: set[str] = field(default_factory=set)  # armour stopped a hit here
    netted: set[str] = field(default_factory=set)
    saved: set[str] = field(default_factory=set)
    destroyed: set[str] = field(default_factory=set)


def _apply(position: dict[str, Any], e: dict[str, Any]) -> None:
    """Follow the board through one event (only events that change tiles matter)."""
    kind = e["kind"]
    tiles = position["tiles"]
    if kind in ("HQPlaced", "TilePlaced"):
        h = list(e["hex"])
        tiles[:] = [t for t in tiles if t["hex"] != h]
        tiles.append(
            {"hex": h, "tile": e["tile"], "seat": e["seat"], "rotation": e.get("rotation", 0)}
            | {"wounds": 0}
        )
    elif kind in ("UnitMoved", "UnitPushed"):
        for t in tiles:
            if t["hex"] == list(e["from"]):
                t["hex"] = list(e["to"])
                if "rotation" in e:
                    t["rotation"] = e["rotation"]
                break
    elif kind == "TileWounded":
        for t in tiles:
            if t["hex"] == list(e["hex"]):
                t["wounds"] = e["wounds_total"]
    elif kind == "HQDamaged":
        for t in tiles:
            spec = tile(t["tile"])
            if t["seat"] == e["seat"] and spec.kind == "hq":
                # The points variant keeps every HQ at 20 points and counts wounds apart
                # (`wounds_total`); otherwise the wounds are what the points lost.
                if "wounds_total" in e:
                    t["wounds"] = int(e["wounds_total"])
                else:
                    t["wounds"] = spec.hit_points - int(e["points_left"])
    elif kind == "TileDestroyed":
        tiles[:] = [t for t in tiles if t["hex"] != list(e["hex"])]
    elif kind == "PlayerEliminated" and e.get("removed"):
        gone = [list(h) for h in e["removed"]]
        tiles[:] = [t for t in tiles if t["hex"] not in gone]


def _starts(e: dict[str, Any]) -> bool:
    # a battle's own BattleStarted carries its top initiative; a strike begins with its hit
    if e["kind"] == "BattleStarted":
        return "initiative" in e
    return e["kind"] == "UnitHit" and isinstance(e.get("from"), str)


def _ends(e: dict[str, Any]) -> bool:
    return e["kind"] == "StrikeResolved" or (e["kind"] == "BattleEnded" and "reason" not in e)


def _record(step: Step, e: dict[str, Any]) -> None:
    kind = e["kind"]
    step.events.append(e)
    if kind == "UnitAttacked":
        step.attacks.append({"from": e["from"], "to": e["to"], "kind": e.get("attack", "")})
    elif kind == "UnitHit":
        k = hex_key(e["hex"])
        step.hits[k] = step.hits.get(k, 0) + int(e["wounds"])
        if e.get("blocked_by_armour"):
            step.blocked.add(k)
    elif kind == "NetHeld":
        step.netted.add(hex_key(e["hex"]))
    elif kind == "MedicSaved":
        step.saved.add(hex_key(e["hex"]))
    elif kind == "TileDestroyed":
        step.destroyed.add(hex_key(e["hex"]))
    elif kind == "PlayerEliminated":
        step.destroyed.update(hex_key(h) for h in e.get("removed", ()))


def track(
    position: dict[str, Any], events: list[dict[str, Any]]
) -> tuple[list[list[Step]], dict[str, Any]]:
    """Follow a stream of flat events from `position`; returns every battle's steps (see the
    module docstring) and the final board."""
    board = copy.deepcopy(position)
    board["tiles"] = list(board.get("tiles", []))
    battles: list[list[Step]] = []
    current: list[Step] | None = None
    step: Step | None = None
    for e in events:
        kind = e["kind"]
        if current is None and _starts(e):
            current = [Step("before", None, copy.deepcopy(board))]
        if current is None:
            _apply(board, e)
            continue
        if kind == "PhaseStarted":
            step = Step("phase", e["initiative"], copy.deepcopy(board))
            current.append(step)
        elif step is None and kind in ("UnitHit", "MedicSaved", "TileWounded", "TileDestroyed"):
            step = Step("strike", None, copy.deepcopy(board))
            current.append(step)
        if step is not None:
            _record(step, e)
        _apply(board, e)
        if kind in ("PhaseEnded", "StrikeResolved"):
            step = None
        if _ends(e):
            current.append(Step("after", None, copy.deepcopy(board)))
            battles.append(current)
            current, step = None, None
    if current is not None:  # still running: a decision is pending
        current.append(Step("after", None, copy.deepcopy(board)))
        battles.append(current)
    return battles, board


def steps(position: dict[str, Any], events: list[dict[str, Any]]) -> list[Step]:
    """The steps of the first battle in `events`, starting on `position`."""
    battles, _ = track(position, events)
    return battles[0] if battles else [Step("before", None, copy.deepcopy(position))]
