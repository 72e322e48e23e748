"""The state of a paintball game: frozen dataclasses (spec §13 lists every field).

Hidden facts (sentry policies, secret setup and deployment submissions) are in here too; they leave
the engine only through view.py.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, Generic, TypeVar, overload

from games.engine.hexgrid import Hex
from games.engine.memo import MEMO, Memo
from games.engine.paintball.board import SEATS, Board, Terrain

SCHEMA = 1
PHASES = ("setup", "deploy", "turn_start", "activation", "over")
FIGURE_STATES = ("ready", "sentry", "disabled", "neutral", "out")
SCENARIOS = ("capture_the_flag", "centre_flag", "elimination", "base_assault")


def other(seat: str) -> str:
    return "blue" if seat == "red" else "red"


def seat_index(seat: str) -> int:
    return SEATS.index(seat)


@dataclass(frozen=True)
class Figure:
    id: str
    team: str
    hex: Hex
    expert: bool = False
    ap: int = 2
    state: str = "ready"
    disabled_by: str | None = None  # "ammo" | "suppressed"
    out_reason: str | None = None  # "eliminated" | "out_of_gas" | "disqualified" | "charged"
    activated: bool = False
    fired: bool = False
    aimed: bool = False
    moved: int = 0
    facing: int = 0
    grenades: tuple[str, ...] = ()
    sentry_policy: str = "fire"

    @property
    def in_play(self) -> bool:
        return self.state != "out"

    @property
    def max_ap(self) -> int:
        return 3 if self.expert else 2


@dataclass(frozen=True)
class Marshal:
    id: str
    hex: Hex
    jam: str | None = None  # the neutral figure it is assigned to (busy), §9
    arrived_turn: int | None = None

    @property
    def free(self) -> bool:
        return self.jam is None


@dataclass(frozen=True)
class Flag:
    id: str  # the owning team, or "centre"
    hex: Hex
    carrier: str | None = None


@dataclass(frozen=True)
class Pending:
    """A decision of `seat` (§12). Options and context are canonical JSON text, so the state
    stays hashable and comparable; context never holds hidden data."""

    seat: str
    kind: str
    options: str = "[]"
    context: str = "{}"

    def options_json(self) -> list[Any]:
        result: list[Any] = json.loads(self.options)
        return result

    def context_json(self) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(self.context)
        return result


T = TypeVar("T")
R = TypeVar("R")


class cached(Generic[R]):  # lower case: a decorator, like functools.cached_property
    """A lookup table computed on first use and kept in the instance's __dict__ (where later
    reads find it without calling this descriptor). `functools.cached_property` takes a lock
    on every first use in Python 3.11, which the many short-lived states of a game pay for."""

    def __init__(self, func: Callable[[Any], R]) -> None:
        self.func = func
        self.name = func.__name__

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> cached[R]: ...

    @overload
    def __get__(self, obj: object, owner: type | None = None) -> R: ...

    def __get__(self, obj: object | None, owner: type | None = None) -> R | cached[R]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


def evolve(obj: T, **changes: Any) -> T:
    """`dataclasses.replace` for the hot paths, without its per-call introspection. Only known
    field names may be given (checked); a new State drops the lookup tables its changes spoil."""
    cls = type(obj)
    if not _FIELDS[cls].issuperset(changes):
        raise TypeError(f"{cls.__name__} has no field {set(changes) - _FIELDS[cls]}")
    data = obj.__dict__.copy()
    data.update(changes)
    if cls is State:
        data.pop(MEMO, None)  # what was worked out from the old state is not the new's
        if "figures" in changes:
            data.pop("_occupancy", None)
            data.pop("_by_id", None)
            data.pop("_index", None)
            data.pop("_alive", None)
        if "terrain" in changes or "board" in changes:
            for key in ("_terrain", "_bases", "hills"):
                data.pop(key, None)
    new = object.__new__(cls)
    # A frozen dataclass refuses setattr, not a fresh __dict__ (one copy, not two).
    object.__setattr__(new, "__dict__", data)
    return new


def _moved(
    occupancy: dict[Hex, tuple[Figure, ...]], old: Figure, new: Figure
) -> dict[Hex, tuple[Figure, ...]]:
    """The occupancy table with `old` replaced by `new` (moved, put out, or changed in place);
    each hex keeps its figures in id order."""
    table = occupancy.copy()
    if old.hex == new.hex and old.state != "out" and new.state != "out":
        table[new.hex] = tuple(new if f.id == new.id else f for f in table[new.hex])
        return table
    if old.state != "out":
        left = tuple(f for f in table[old.hex] if f.id != old.id)
        if left:
            table[old.hex] = left
        else:
            del table[old.hex]
    if new.state != "out":
        table[new.hex] = tuple(sorted((*table.get(new.hex, ()), new), key=_by_id_key))
    return table


def _by_id_key(f: Figure) -> str:
    return f.id


def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class State(Memo):
    board: Board
    terrain: Terrain
    figures: tuple[Figure, ...]  # sorted by id
    marshals: tuple[Marshal, ...]  # sorted by id
    scenario: str | None = None
    roles: tuple[str, str] = ("red", "blue")  # (attacker, defender)
    experts_option: bool = False
    grenades_option: bool = False
    blind_spots: bool = False
    turn: int = 1
    turn_limit: int | None = None
    phase: str = "activation"
    first: str = "red"
    active: str = "red"
    second_last_turn: str | None = None
    activations: tuple[int, int] = (6, 6)
    current: str | None = None
    flags: tuple[Flag, ...] = ()
    smoke: tuple[Hex, ...] = ()
    pending: Pending | None = None
    winner: str | None = None  # seat or "draw"
    win_reason: str = ""
    # Secret until both teams have sent theirs (setup_team, simultaneous deploy): canonical JSON.
    submissions: tuple[str | None, str | None] = (None, None)
    # Experts and grenades each team rolled at setup: (red, blue) pairs.
    setup_counts: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0))
    # This turn's command dice (red, blue), as last rolled: what the board shows.
    command_dice: tuple[int, int] | None = None

    # --- lookups ---------------------------------------------------------------------------

    def figure(self, fid: str) -> Figure:
        return self._by_id[fid]

    def has_figure(self, fid: str) -> bool:
        return fid in self._by_id

    def marshal(self, mid: str) -> Marshal:
        for m in self.marshals:
            if m.id == mid:
                return m
        raise KeyError(mid)

    # Lookup tables built once per state (a new state is a new object; fields never change).

    @cached
    def _terrain(self) -> dict[Hex, str]:
        return dict(self.terrain)

    @cached
    def _bases(self) -> frozenset[Hex]:
        return self.board.home_hexes() | {h for h, kind in self.terrain if kind == "bunker"}

    @cached
    def _index(self) -> dict[str, int]:
        return {f.id: i for i, f in enumerate(self.figures)}

    @cached
    def _by_id(self) -> dict[str, Figure]:
        return {f.id: f for f in self.figures}

    @cached
    def _occupancy(self) -> dict[Hex, tuple[Figure, ...]]:
        out: dict[Hex, tuple[Figure, ...]] = {}
        for f in self.figures:
            if f.state != "out":
                out[f.hex] = (*out.get(f.hex, ()), f)
        return out

    @cached
    def hills(self) -> frozenset[Hex]:
        return frozenset(h for h, kind in self.terrain if kind == "hill")

    def terrain_at(self, h: Hex) -> str | None:
        return self._terrain.get(h)

    def is_base(self, h: Hex) -> bool:
        """§Bases et tranchées, D14: the two homes and every bunker hex."""
        return h in self._bases

    def figures_at(self, h: Hex) -> tuple[Figure, ...]:
        return self._occupancy.get(h, ())

    def team(self, seat: str) -> tuple[Figure, ...]:
        return tuple(f for f in self.figures if f.team == seat)

    def in_play(self, seat: str) -> int:
        return self._alive[seat]

    @cached
    def _alive(self) -> dict[str, int]:
        """Figures in play per team (disabled and jammed ones count, spec §5)."""
        alive = {"red": 0, "blue": 0}
        for f in self.figures:
            if f.state != "out":
                alive[f.team] += 1
        return alive

    def activations_of(self, seat: str) -> int:
        return self.activations[seat_index(seat)]

    # --- updates (always new states) --------------------------------------------------------

    def with_figure(self, fig: Figure, **changes: Any) -> State:
        """The state with one figure replaced (and other fields changed at once). Ids and order
        stay, so the lookup tables already built are carried over, patched, not built again."""
        figures = self.figures
        i = self._index[fig.id]
        old = figures[i]
        state = evolve(self, figures=(*figures[:i], fig, *figures[i + 1 :]), **changes)
        known = self.__dict__
        extra = state.__dict__
        extra["_index"] = known["_index"]
        if "_by_id" in known:
            by_id = known["_by_id"].copy()
            by_id[fig.id] = fig
            extra["_by_id"] = by_id
        if "_occupancy" in known:
            extra["_occupancy"] = _moved(known["_occupancy"], old, fig)
        if "_alive" in known and (old.state == "out") == (fig.state == "out"):
            extra["_alive"] = known["_alive"]
        return state

    def update(self, fid: str, **changes: Any) -> State:
        return self.with_figure(evolve(self.figure(fid), **changes))

    def with_marshal(self, m: Marshal) -> State:
        return evolve(self, marshals=tuple(m if x.id == m.id else x for x in self.marshals))

    def with_flag(self, flag: Flag) -> State:
        return evolve(self, flags=tuple(flag if x.id == flag.id else x for x in self.flags))

    def with_activations(self, seat: str, n: int) -> State:
        pair = list(self.activations)
        pair[seat_index(seat)] = n
        return evolve(self, activations=(pair[0], pair[1]))


_FIELDS: dict[type, frozenset[str]] = {
    cls: frozenset(f.name for f in fields(cls)) for cls in (Figure, Marshal, Flag, Pending, State)
}
