"""The profile, weapon, sectorial, roster and board data (data/*.json, each naming its source),
loaded once into frozen records. Numbers only: the rules that use them live elsewhere."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from games.engine.hexgrid import Hex

DATA = Path(__file__).parent / "data"


def _load(name: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return result


@dataclass(frozen=True)
class Mode:
    ammo: str
    burst: int
    dam: int | None  # None: PH-based (dam_ph is added to the wielder's PH)
    dam_ph: int = 0
    no_aro: bool = False


@dataclass(frozen=True)
class Weapon:
    id: str
    name: str
    modes: dict[str, Mode]
    bands: tuple[tuple[int, int], ...]  # (last hex, MOD)
    template: str | None = None  # circular | large_teardrop | small_teardrop
    thrown: bool = False
    cc: bool = False  # usable in close combat as well (pistols)
    cc_only: bool = False
    uses: int | None = None
    supported: bool = True

    @property
    def direct_template(self) -> bool:
        return self.template in ("large_teardrop", "small_teardrop")

    @property
    def ranged(self) -> bool:
        return not self.cc_only

    def range_mod(self, distance: int) -> int | None:
        """The MOD at `distance` hexes, or None when out of range (spec B.2)."""
        for last, mod in self.bands:
            if distance <= last:
                return mod
        return None

    @property
    def max_range(self) -> int:
        return self.bands[-1][0] if self.bands else 0


@dataclass(frozen=True)
class Profile:
    id: str
    unit: str
    name: str
    type: str
    training: str
    mov: tuple[int, int]  # inches
    cc: int
    bs: int
    ph: int
    wip: int
    arm: int
    bts: int
    w: int
    points: int
    swc: float | None
    weapons: tuple[str, ...]
    skills: frozenset[str]
    fury: str | None = None
    public_as: str | None = None

    @property
    def public(self) -> str:
        """The profile id an opponent sees (a Lieutenant option looks like its plain loadout)."""
        return self.public_as or self.id

    def has(self, skill: str) -> bool:
        return skill in self.skills

    @property
    def move_hexes(self) -> tuple[int, int]:
        """MOV in hexes: 1 hex = 2 in. (spec B.1)."""
        return (self.mov[0] // 2, self.mov[1] // 2)


@cache
def weapons() -> dict[str, Weapon]:
    out: dict[str, Weapon] = {}
    for wid, raw in _load("weapons.json")["weapons"].items():
        modes = {
            name: Mode(
                ammo=m["ammo"],
                burst=m["burst"],
                dam=m.get("dam"),
                dam_ph=m.get("dam_ph", 0),
                no_aro=m.get("no_aro", False),
            )
            for name, m in raw["modes"].items()
        }
        out[wid] = Weapon(
            id=wid,
            name=raw["name"],
            modes=modes,
            bands=tuple((int(a), int(b)) for a, b in raw["bands"]),
            template=raw.get("template"),
            thrown=raw.get("thrown", False),
            cc=raw.get("cc", False),
            cc_only=raw.get("cc_only", False),
            uses=raw.get("uses"),
            supported=raw.get("supported", True),
        )
    return out


@cache
def profiles() -> dict[str, Profile]:
    out: dict[str, Profile] = {}
    for pid, raw in _load("profiles.json")["profiles"].items():
        out[pid] = Profile(
            id=pid,
            unit=raw["unit"],
            name=raw["name"],
            type=raw["type"],
            training=raw["training"],
            mov=(raw["mov"][0], raw["mov"][1]),
            cc=raw["cc"],
            bs=raw["bs"],
            ph=raw["ph"],
            wip=raw["wip"],
            arm=raw["arm"],
            bts=raw["bts"],
            w=raw["w"],
            points=raw["points"],
            swc=raw["swc"],
            weapons=tuple(raw["weapons"]),
            skills=frozenset(raw["skills"]),
            fury=raw.get("fury"),
            public_as=raw.get("public_as"),
        )
    return out


def profile(pid: str) -> Profile:
    return profiles()[pid]


def weapon(wid: str) -> Weapon:
    return weapons()[wid]


@cache
def sectorials() -> dict[str, dict[str, Any]]:
    result: dict[str, dict[str, Any]] = _load("sectorials.json")["sectorials"]
    return result


def linkable(sectorial: str | None, unit: str) -> bool:
    """FT-1: only the units of the text's table, only inside their sectorial list."""
    if sectorial is None or sectorial not in sectorials():
        return False
    return unit in sectorials()[sectorial]["linkable"]


@cache
def rosters(setup_version: int | None = None) -> dict[str, dict[str, Any]]:
    """The starter rosters of games of that set-up version (setup.py's SETUP_VERSIONS; None:
    today's): a superseded roster stands in for today's in the games set up with it."""
    data = _load("rosters.json")
    result: dict[str, dict[str, Any]] = data["rosters"]
    older = data["superseded"].get(str(setup_version))
    return {**result, **older} if older else result


def axial(col: int, row: int) -> Hex:
    """A [column, row] board cell as axial (q, r): row = r + floor(q / 2) (spec B.1)."""
    return (col, row - col // 2)


def row_of(h: Hex) -> int:
    return h[1] + h[0] // 2


@dataclass(frozen=True)
class BoardSpec:
    name: str
    cols: int
    rows: int
    zones: dict[int, tuple[int, int]]
    scenery: tuple[tuple[Hex, str], ...]
    civilian_spots: tuple[Hex, ...]
    roofs: tuple[tuple[Hex, int], ...] = ()  # buildings' roof levels (heights.py)


@cache
def boards() -> dict[str, BoardSpec]:
    out: dict[str, BoardSpec] = {}
    for name, raw in _load("boards.json")["boards"].items():
        scenery = tuple(
            sorted((axial(c, r), kind) for kind, cells in raw["scenery"].items() for c, r in cells)
        )
        out[name] = BoardSpec(
            name=name,
            cols=raw["cols"],
            rows=raw["rows"],
            zones={int(s): (z["rows"][0], z["rows"][1]) for s, z in raw["zones"].items()},
            scenery=scenery,
            civilian_spots=tuple(axial(c, r) for c, r in raw["civilian_spots"]),
            roofs=tuple(
                sorted(
                    (axial(c, r), int(level))
                    for level, cells in raw.get("roofs", {}).items()
                    for c, r in cells
                )
            ),
        )
    return out
