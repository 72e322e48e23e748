"""The game's data, read once from the JSON files beside this module (spec section 13: house
content kept as data so that a correction from the real components is a data change).

Boards, hexilum hexes, missions, card and ability patterns, the 50 market cards, the 11 minor
factions and the six factions. Geometry helpers for patterns live in `patterns.py`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from games.engine.hexgrid import Hex, hexagon

DATA = Path(__file__).with_name("data")


def parse_hex(text: str) -> Hex:
    q, r = text.split(",")
    return int(q), int(r)


def hex_key(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


@dataclass(frozen=True)
class Board:
    name: str
    radius: int
    inner_radius: int
    hexilum: tuple[tuple[Hex, int], ...]

    def playable(self, seats: int) -> frozenset[Hex]:
        """R36: with 2 players only the clear inner hexes; with 3 or more, every hex."""
        return _playable(self.name, seats)

    def value(self, h: Hex) -> int:
        return dict(self.hexilum).get(h, 0)


@cache
def _playable(name: str, seats: int) -> frozenset[Hex]:
    board = boards()[name]
    return frozenset(hexagon(board.inner_radius if seats == 2 else board.radius))


@cache
def boards() -> dict[str, Board]:
    raw = _load("boards.json")["boards"]
    return {
        name: Board(
            name,
            int(b["radius"]),
            int(b["inner_radius"]),
            tuple(sorted((parse_hex(k), int(v)) for k, v in b["hexilum"].items())),
        )
        for name, b in raw.items()
    }


@dataclass(frozen=True)
class Mission:
    """A mission card by its code (its name is the site's: games/hexpanse_site/texts.py)."""

    code: str
    cells: tuple[Hex, ...]


@cache
def missions() -> dict[str, Mission]:
    raw = _load("missions.json")["missions"]
    return {code: Mission(code, tuple(parse_hex(c) for c in m["cells"])) for code, m in raw.items()}


@dataclass(frozen=True)
class Pattern:
    """Cells as (role, offset): role "A" attack, "P" place, "*" given by the card option."""

    key: str
    anchored: bool
    cells: tuple[tuple[str, Hex], ...]


@cache
def patterns() -> dict[str, Pattern]:
    raw = _load("patterns.json")["patterns"]
    return {
        key: Pattern(key, bool(p["anchored"]), tuple((c[0], parse_hex(c[1])) for c in p["cells"]))
        for key, p in raw.items()
    }


@dataclass(frozen=True)
class Card:
    code: str
    type: str  # "merc" or "action"
    name: str
    cost: int
    reusable: bool = False
    entry: str | None = None  # mercenaries: "pending", "auto" or None
    optional: bool = False
    effect: dict[str, Any] | None = None  # a mercenary's ability
    options: tuple[dict[str, Any], ...] = ()  # an action card's two options
    tokens: int = 1

    @property
    def is_merc(self) -> bool:
        return self.type == "merc"


@cache
def cards() -> dict[str, Card]:
    raw = _load("cards.json")["cards"]
    out = {}
    for code, c in raw.items():
        out[code] = Card(
            code=code,
            type=c["type"],
            name=c["name"],
            cost=int(c["cost"]),
            reusable=bool(c.get("reusable", False)),
            entry=c.get("entry"),
            optional=bool(c.get("optional", False)),
            effect=c.get("effect"),
            options=tuple(c.get("options", ())),
            tokens=int(c.get("tokens", 1)),
        )
    return out


def card(code: str) -> Card:
    return cards()[code]


@cache
def minors() -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = _load("minors.json")["minors"]
    return data


def minor(code: str) -> dict[str, Any]:
    return minors()[code]


@cache
def factions() -> dict[str, dict[str, Any]]:
    data: dict[str, dict[str, Any]] = _load("factions.json")["factions"]
    return data


CARD_CODES: tuple[str, ...] = tuple(sorted(cards()))
MISSION_CODES: tuple[str, ...] = tuple(sorted(missions()))
MINOR_CODES: tuple[str, ...] = tuple(sorted(minors()))
BASE_FACTIONS: tuple[str, ...] = tuple(k for k, f in factions().items() if not f["alien"])
ALL_FACTIONS: tuple[str, ...] = tuple(factions())
