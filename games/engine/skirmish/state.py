"""The state of a skirmish battle: frozen dataclasses mirroring the position format (§12).

Seats are indices internally (0 red, 1 blue) and names in JSON. Derived maps (board cells,
terrain by hex, models by id and by hex) are cached on the instance: they are functions of the
fields, never part of equality.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property

from games.engine.hexgrid import Hex, distance, neighbours
from games.engine.memo import Memo
from games.engine.skirmish import boards

SCHEMA = 1
SEAT_NAMES = ("red", "blue")
SIMULTANEOUS = ("snap_fire", "aimed_fire", "melee_flee", "melee_attack")
ITEMS = ("laser_sword", "holo_field", "protection_field", "bionic_eye", "bionic_body", "teleporter")


@dataclass(frozen=True)
class Model:
    id: str
    seat: int
    hex: Hex | None
    move: int  # inches, current (drive damage lowers it)
    melee: int
    shoot: int
    armour: int
    fly: bool = False
    melee_attacks: int = 1
    shoot_attacks: int = 1
    powerful: bool = False
    vehicle: bool = False
    hero: bool = False
    item: str | None = None
    cost: int = 0
    unit: str | None = None
    alive: bool = True
    mp_spent: int = 0
    snap_fired: bool = False
    moved: bool = False
    unsaved_hits: int = 0
    prisoner: str | None = None  # None, "held", "free", "escaped"
    name: str | None = None  # the unit's name in its army list, for people (not in §12)
    damage: tuple[str, ...] = ()  # a Vehicle's lasting results: drive, weapons, internal

    @property
    def on_table(self) -> bool:
        return self.alive and self.hex is not None and self.prisoner not in ("held", "escaped")

    @property
    def undeployed(self) -> bool:
        return self.alive and self.hex is None and self.prisoner is None

    @property
    def full_mp(self) -> int:
        """Move in half-hexes: MP = inches x 2/3 (§4.1); a flyer's 18'' is 12 MP."""
        return self.move * 2 // 3


@dataclass(frozen=True)
class Piece:
    id: str
    type: str
    hexes: tuple[Hex, ...]


@dataclass(frozen=True)
class Barrel:
    hex: Hex
    carrier: str | None = None
    moved: int = 0
    passed: bool = False


@dataclass(frozen=True)
class ScenarioState:
    killed_points: tuple[int, ...] = (0, 0)
    credits: tuple[int, ...] = (0, 0)
    barrel: Barrel | None = None
    roles: tuple[int, int] | None = None  # (attacker, defender), rescue only
    prison: Hex | None = None
    prisoner: str | None = None


@dataclass(frozen=True)
class Order:
    model: str
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pending:
    seat: int
    kind: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class State(Memo):
    board: str | tuple[Hex, ...]
    models: tuple[Model, ...]
    terrain: tuple[Piece, ...] = ()
    scenario: str | None = None
    scen: ScenarioState = field(default_factory=ScenarioState)
    edges: tuple[str, ...] = ("south", "north")
    turn: int = 1
    turn_limit: int | None = None
    phase: str = "turn_start"
    initiative_order: tuple[int, ...] = (0, 1)
    active: int | None = 0
    submitted: tuple[bool, ...] = (False, False)
    orders: tuple[tuple[Order, ...] | None, ...] = (None, None)
    fled: tuple[str, ...] = ()
    flee_contacts: tuple[tuple[str, tuple[str, ...]], ...] = ()
    pending: Pending | None = None
    winner: str | None = None
    layout: tuple[str, bool] | None = None

    # --- derived ------------------------------------------------------------------------------

    @property
    def seats(self) -> int:
        return len(self.edges)

    @cached_property
    def cells(self) -> frozenset[Hex]:
        if isinstance(self.board, str):
            return boards.board_hexes(self.board)
        return frozenset(self.board)

    @cached_property
    def terrain_at(self) -> dict[Hex, str]:
        return {h: p.type for p in self.terrain for h in p.hexes}

    @cached_property
    def by_id(self) -> dict[str, Model]:
        return {m.id: m for m in self.models}

    @cached_property
    def occupant(self) -> dict[Hex, Model]:
        return {m.hex: m for m in self.models if m.on_table and m.hex is not None}

    def model(self, model_id: str) -> Model:
        return self.by_id[model_id]

    def ground(self, h: Hex) -> str:
        """The terrain type of a hex (`open` where no piece lies)."""
        return self.terrain_at.get(h, "open")

    def on_table(self, seat: int | None = None) -> list[Model]:
        return [m for m in self.models if m.on_table and (seat is None or m.seat == seat)]

    def enemies_adjacent(self, m: Model, at: Hex | None = None) -> list[Model]:
        here = at if at is not None else m.hex
        if here is None:
            return []
        occ = self.occupant
        return [o for h in neighbours(here) if (o := occ.get(h)) is not None and o.seat != m.seat]

    def engaged(self, m: Model) -> bool:
        return m.on_table and bool(self.enemies_adjacent(m))

    def within(self, h: Hex, radius: int, seat: int) -> list[Model]:
        return [
            m for m in self.on_table(seat) if m.hex is not None and distance(m.hex, h) <= radius
        ]

    def with_models(self, *changed: Model) -> State:
        updates = {m.id: m for m in changed}
        models = tuple(updates.pop(m.id, m) for m in self.models)
        return replace(self, models=models + tuple(updates.values()))


def id_key(model_id: str) -> tuple[str, int, str]:
    """Ascending id (§8.3): letters, then the running number as a number (r2 before r10)."""
    match = re.fullmatch(r"([^\d]*)(\d+)(.*)", model_id)
    if match is None:
        return (model_id, -1, "")
    return (match.group(1), int(match.group(2)), match.group(3))
