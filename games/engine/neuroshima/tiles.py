"""The tiles of the four armies, loaded from data/tiles.json (a copy of
shared/rules/neuroshima-hex-tiles.json, ids kept). Where that data and the French rules text
(seeds/000_cfef6f07b7368e93.txt) disagree, the text wins: corrections live in CORRECTIONS below,
each with the heading it comes from.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from typing import Any

from games.engine.hexgrid import Hex, hexagon

ARMIES: tuple[str, ...] = ("moloch", "posterunek", "borgo", "hegemonia")

# Corrections of the data by the French text: tile id -> field -> value, with the reason.
# (Empty so far: every count, strength and special text checked matches the text; see
# games/engine/neuroshima/README.md, "Data checked against the text".)
CORRECTIONS: dict[str, dict[str, Any]] = {}


@dataclass(frozen=True)
class Effect:
    type: str  # melee_bonus, ranged_bonus, initiative_bonus, initiative_malus, medic, ...
    value: int = 0


@dataclass(frozen=True)
class TileSpec:
    """One distinct tile. Per-side tuples are indexed by *printed* side 0..5 (0 = top, clockwise)."""

    id: str
    army: str
    kind: str  # "hq" | "unit" | "module" | "instant"
    count: int
    name_fr: str
    name_en: str
    initiative: tuple[int, ...]
    hit_points: int
    mobility: bool
    melee: tuple[int, ...]
    ranged: tuple[int, ...]
    gauss: tuple[bool, ...]
    armor: tuple[bool, ...]
    net: tuple[bool, ...]
    link: tuple[bool, ...]
    module_targets: str | None  # "friendly" | "enemy" | None
    module_effects: tuple[Effect, ...]
    hq_effects: tuple[Effect, ...]
    specials: frozenset[str]
    instant: str | None  # battle, move, push_back, sniper, grenade, air_strike
    mirror_sensitive: bool

    @cached_property
    def is_board_tile(self) -> bool:
        return self.kind in ("hq", "unit", "module")

    def facing(self, printed_side: int, rotation: int) -> int:
        """Board direction that a printed side faces when placed with `rotation`."""
        return (printed_side + rotation) % 6

    def printed_side(self, direction: int, rotation: int) -> int:
        """Printed side facing board `direction` when placed with `rotation`."""
        return (direction - rotation) % 6


def _effects(raw: Any) -> tuple[Effect, ...]:
    if not raw:
        return ()
    return tuple(Effect(e["type"], int(e.get("value", 0))) for e in raw.get("effects", ()))


def _spec(raw: dict[str, Any]) -> TileSpec:
    raw = {**raw, **CORRECTIONS.get(raw["id"], {})}
    sides = sorted(raw.get("sides") or (), key=lambda s: s["side"])
    module = raw.get("module") or {}
    return TileSpec(
        id=raw["id"],
        army=raw["army"],
        kind=raw["kind"],
        count=int(raw["count"]),
        name_fr=raw["names"]["fr"],
        name_en=raw["names"]["en"],
        initiative=tuple(int(i) for i in raw.get("initiative", ())),
        hit_points=int(raw.get("hit_points") or 0),
        mobility=bool(raw.get("mobility")),
        melee=tuple(int(s["melee"]) for s in sides) if sides else (0,) * 6,
        ranged=tuple(int(s["ranged"]) for s in sides) if sides else (0,) * 6,
        gauss=tuple(bool(s["gauss"]) for s in sides) if sides else (False,) * 6,
        armor=tuple(bool(s["armor"]) for s in sides) if sides else (False,) * 6,
        net=tuple(bool(s["net"]) for s in sides) if sides else (False,) * 6,
        link=tuple(bool(s["link"]) for s in sides) if sides else (False,) * 6,
        module_targets=module.get("targets"),
        module_effects=_effects(module),
        hq_effects=_effects(raw.get("hq_ability")),
        specials=frozenset(raw.get("specials") or ()),
        instant=(raw.get("instant") or {}).get("effect")
        if isinstance(raw.get("instant"), dict)
        else raw.get("instant"),
        mirror_sensitive=bool(raw.get("mirror_sensitive")),
    )


@cache
def raw_data() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/tiles.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def all_tiles() -> dict[str, TileSpec]:
    return {t["id"]: _spec(t) for army in raw_data()["armies"] for t in army["tiles"]}


def tile(tile_id: str) -> TileSpec:
    try:
        return all_tiles()[tile_id]
    except KeyError:
        raise KeyError(f"unknown tile {tile_id!r}") from None


@cache
def army_tiles(army: str) -> tuple[TileSpec, ...]:
    if army not in ARMIES:
        raise KeyError(f"unknown army {army!r}")
    return tuple(t for t in all_tiles().values() if t.army == army)


def hq_of(army: str) -> TileSpec:
    return next(t for t in army_tiles(army) if t.kind == "hq")


@cache
def deck_of(army: str) -> tuple[str, ...]:
    """The 34 tile ids an army draws from (every copy, HQ excluded), in data order."""
    return tuple(t.id for t in army_tiles(army) if t.kind != "hq" for _ in range(t.count))


@cache
def army_name(army: str, language: str = "fr") -> str:
    entry = next(a for a in raw_data()["armies"] if a["id"] == army)
    return str(entry["names"].get(language, entry["names"]["en"]))


BOARDS: tuple[str, ...] = ("standard", "king_of_the_hill")
CELLS: frozenset[Hex] = frozenset(hexagon(2))


@cache
def initiative_bonus_of_cell(board: str) -> dict[Hex, int]:
    """King of the Hill (OPTION DU JEU): +2 initiative at the centre, +1 on the ring around it."""
    if board == "standard":
        return {}
    table = raw_data()["board"]["king_of_the_hill"]["initiative_bonus_by_cell"]
    out: dict[Hex, int] = {}
    for key, bonus in table.items():
        q, r = (int(x) for x in key.split(","))
        if bonus:
            out[(q, r)] = int(bonus)
    return out
