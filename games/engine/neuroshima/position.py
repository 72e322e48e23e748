"""A board position and its JSON format (documented in README.md, "Position format").

    {"board": "standard" | "king_of_the_hill", "seats": ["hegemonia", "posterunek", ...],
     "teams": [[0, 2], [1, 3]] (optional),
     "tiles": [{"hex": [q, r], "tile": "<tile id>", "seat": 0, "rotation": 0, "wounds": 0}, ...]}

Axial coordinates with the centre at [0, 0]; tile ids and rotations as in data/tiles.json
(rotation k: printed side i faces board direction (i + k) mod 6). Extra fields are allowed and
ignored here.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from games.engine.hexgrid import Hex
from games.engine.neuroshima.tiles import ARMIES, BOARDS, CELLS, TileSpec, tile


class PositionError(ValueError):
    """A position that breaks the format or the board."""


@dataclass(frozen=True)
class PlacedTile:
    tile: str
    seat: int
    hex: Hex
    rotation: int = 0
    wounds: int = 0

    @property
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
class Position:
    board: str
    seats: tuple[str, ...]
    tiles: tuple[PlacedTile, ...]  # sorted by hex, at most one per hex
    teams: tuple[tuple[int, ...], ...] | None = None

    def __post_init__(self) -> None:
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
            spec = tile(placed.tile)
            if not spec.is_board_tile:
                raise PositionError(f"{placed.tile} is not a tile that stays on the board")
            if not 0 <= placed.wounds < spec.hit_points:
                raise PositionError(f"{placed.tile} cannot have {placed.wounds} wounds")

    # -- queries -------------------------------------------------------------------------------

    def at(self, h: Hex) -> PlacedTile | None:
        for placed in self.tiles:
            if placed.hex == h:
                return placed
        return None

    def occupied(self) -> frozenset[Hex]:
        return frozenset(p.hex for p in self.tiles)

    def empty_cells(self) -> tuple[Hex, ...]:
        taken = self.occupied()
        return tuple(sorted(h for h in CELLS if h not in taken))

    def of_seat(self, seat: int) -> Iterator[PlacedTile]:
        return (p for p in self.tiles if p.seat == seat)

    def hq(self, seat: int) -> PlacedTile | None:
        return next((p for p in self.of_seat(seat) if p.spec.kind == "hq"), None)

    def hq_points(self, seat: int) -> int:
        placed = self.hq(seat)
        return 0 if placed is None else placed.spec.hit_points - placed.wounds

    def team_of(self, seat: int) -> tuple[int, ...]:
        if self.teams:
            for team in self.teams:
                if seat in team:
                    return team
        return (seat,)

    def are_friends(self, a: int, b: int) -> bool:
        """Same seat, or allies in a 2v2 alliance (OPTION DU JEU / alliance rules)."""
        return a == b or b in self.team_of(a)

    # -- changes (return new positions) --------------------------------------------------------

    def with_tiles(self, tiles: Iterable[PlacedTile]) -> Position:
        return replace(self, tiles=tuple(sorted(tiles, key=lambda p: p.hex)))

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
            return cls(
                board=str(data.get("board", "standard")),
                seats=tuple(str(s) for s in data["seats"]),
                tiles=tuple(sorted(tiles, key=lambda p: p.hex)),
                teams=tuple(tuple(int(s) for s in team) for team in teams) if teams else None,
            )
        except PositionError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise PositionError(f"malformed position: {exc}") from exc
