"""A board position and its JSON format (documented in README.md, "Position format").

    {"board": "standard" | "king_of_the_hill", "seats": ["hegemonia", "posterunek", ...],
     "teams": [[0, 2], [1, 3]] (optional),
     "tiles": [{"hex": [q, r], "tile": "<tile id>", "seat": 0, "rotation": 0, "wounds": 0}, ...],
     "points_variant": true (optional: HQs have endless resistance, any number of wounds)}

Axial coordinates with the centre at [0, 0]; tile ids and rotations as in data/tiles.json
(rotation k: printed side i faces board direction (i + k) mod 6). Extra fields are allowed and
ignored here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from games.engine.hexgrid import Hex
from games.engine.memo import Memo
from games.engine.neuroshima.tiles import ARMIES, BOARDS, CELLS, TileSpec, tile

SORTED_CELLS: tuple[Hex, ...] = tuple(sorted(CELLS))


class PositionError(ValueError):
    """A position that breaks the format or the board."""


def _by_hex_key(placed: PlacedTile) -> Hex:
    return placed.hex


@dataclass(frozen=True)
class PlacedTile:
    tile: str
    seat: int
    hex: Hex
    rotation: int = 0
    wounds: int = 0

    @cached_property
    def spec(self) -> TileSpec:
        return tile(self.tile)

    def to_json(self) -> dict[str, Any]:
        return {
            "hex": [self.hex[0], self.hex[1]],
            "tile": self.tile,
            "seat": self.seat,
            "rotation": self.rotation,
            "wounds": self.wounds,
        }


@dataclass(frozen=True)
class Position(Memo):
    """Tiles on a board. Built from outside data only through `from_json`, which validates it
    (`validate`); the engine's own changes (`put`, `without`, `with_tiles`) keep it valid and
    skip the checks, as the position is copied on every tile change.

    `points_variant` (LE JEU À PLUS DE DEUX JOUEURS AVEC DES POINTS): HQs have endless
    resistance, so a battle never destroys one and its wounds may reach any number (the game
    turns them into points after the battle)."""

    board: str
    seats: tuple[str, ...]
    tiles: tuple[PlacedTile, ...]  # sorted by hex, at most one per hex
    teams: tuple[tuple[int, ...], ...] | None = None
    points_variant: bool = False

    def validate(self) -> Position:
        """Raises PositionError unless the position is one the rules allow; returns it."""
        if self.board not in BOARDS:
            raise PositionError(f"unknown board {self.board!r}")
        for army in self.seats:
            if army not in ARMIES:
                raise PositionError(f"unknown army {army!r}")
        seen: set[Hex] = set()
        for placed in self.tiles:
            if placed.hex not in CELLS:
                raise PositionError(f"hex {list(placed.hex)} is not on the board")
            if placed.hex in seen:
                raise PositionError(f"two tiles on hex {list(placed.hex)}")
            seen.add(placed.hex)
            if not 0 <= placed.seat < len(self.seats):
                raise PositionError(f"seat {placed.seat} does not exist")
            if not 0 <= placed.rotation < 6:
                raise PositionError("rotation must be 0 to 5")
            try:
                spec = tile(placed.tile)
            except KeyError as exc:
                raise PositionError(f"unknown tile {placed.tile!r}") from exc
            if not spec.is_board_tile:
                raise PositionError(f"{placed.tile} is not a tile that stays on the board")
            endless = self.points_variant and spec.kind == "hq"
            if placed.wounds < 0 or (placed.wounds >= spec.hit_points and not endless):
                raise PositionError(f"{placed.tile} cannot have {placed.wounds} wounds")
        return self

    def __hash__(self) -> int:
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash((self.board, self.seats, self.tiles, self.teams, self.points_variant))
            self.__dict__["_hash"] = cached
        return cached

    # -- queries -------------------------------------------------------------------------------

    def _by_hex(self) -> dict[Hex, PlacedTile]:
        table: dict[Hex, PlacedTile] | None = self.__dict__.get("_by_hex_table")
        if table is None:
            table = {p.hex: p for p in self.tiles}
            self.__dict__["_by_hex_table"] = table
        return table

    def at(self, h: Hex) -> PlacedTile | None:
        return self._by_hex().get(h)

    def occupied(self) -> frozenset[Hex]:
        taken: frozenset[Hex] | None = self.__dict__.get("_occupied")
        if taken is None:
            taken = frozenset(self._by_hex())
            self.__dict__["_occupied"] = taken
        return taken

    def empty_cells(self) -> tuple[Hex, ...]:
        """The free hexes, sorted."""
        empty: tuple[Hex, ...] | None = self.__dict__.get("_empty")
        if empty is None:
            taken = self._by_hex()
            empty = tuple(h for h in SORTED_CELLS if h not in taken)
            self.__dict__["_empty"] = empty
        return empty

    def of_seat(self, seat: int) -> Iterator[PlacedTile]:
        return (p for p in self.tiles if p.seat == seat)

    def hq(self, seat: int) -> PlacedTile | None:
        return next((p for p in self.of_seat(seat) if p.spec.kind == "hq"), None)

    def hq_points(self, seat: int) -> int:
        """The HQ's resistance left (0 without a HQ). The endless HQs of the points variant keep
        their printed resistance ("les PR du QG ne sont pas décomptés")."""
        placed = self.hq(seat)
        if placed is None:
            return 0
        if self.points_variant:
            return placed.spec.hit_points
        return placed.spec.hit_points - placed.wounds

    def team_of(self, seat: int) -> tuple[int, ...]:
        if self.teams:
            for team in self.teams:
                if seat in team:
                    return team
        return (seat,)

    def are_friends(self, a: int, b: int) -> bool:
        """Same seat, or allies in a 2v2 alliance (OPTION DU JEU / alliance rules)."""
        return a == b or b in self.team_of(a)

    # -- changes (return new positions, unchecked: see the class docstring) --------------------

    def with_tiles(self, tiles: Iterable[PlacedTile]) -> Position:
        new = object.__new__(Position)
        new.__dict__.update(
            board=self.board,
            seats=self.seats,
            tiles=tuple(sorted(tiles, key=_by_hex_key)),
            teams=self.teams,
            points_variant=self.points_variant,
        )
        return new

    def without(self, h: Hex) -> Position:
        return self.with_tiles(p for p in self.tiles if p.hex != h)

    def put(self, placed: PlacedTile) -> Position:
        return self.with_tiles([*(p for p in self.tiles if p.hex != placed.hex), placed])

    # -- JSON ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "board": self.board,
            "seats": list(self.seats),
            "tiles": [p.to_json() for p in self.tiles],
        }
        if self.teams:
            data["teams"] = [list(t) for t in self.teams]
        if self.points_variant:
            data["points_variant"] = True
        return data

    @classmethod
    def from_json(cls, data: Any) -> Position:
        try:
            tiles = [
                PlacedTile(
                    tile=str(t["tile"]),
                    seat=int(t["seat"]),
                    hex=(int(t["hex"][0]), int(t["hex"][1])),
                    rotation=int(t.get("rotation", 0)),
                    wounds=int(t.get("wounds", 0)),
                )
                for t in data["tiles"]
            ]
            teams = data.get("teams")
            position = cls(
                board=str(data.get("board", "standard")),
                seats=tuple(str(s) for s in data["seats"]),
                tiles=tuple(sorted(tiles, key=_by_hex_key)),
                teams=tuple(tuple(int(s) for s in team) for team in teams) if teams else None,
                points_variant=data.get("points_variant", False) is True,
            )
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise PositionError(f"malformed position: {exc}") from exc
        return position.validate()
