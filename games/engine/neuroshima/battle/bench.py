"""Battle speed: full boards (19 tiles) built deterministically with Rng, resolved with the
default choices. Called by `python -m games.engine.neuroshima bench`."""

from __future__ import annotations

import time
from typing import Any

from games.engine.neuroshima.battle.resolve import resolve
from games.engine.neuroshima.position import PlacedTile, Position
from games.engine.neuroshima.tiles import ARMIES, CELLS, army_tiles, hq_of
from games.engine.rng import Rng


def random_full_position(rng: Rng) -> tuple[Position, Rng]:
    """Two random armies, both HQs and 17 random unit/module tiles with random rotations."""
    armies, rng = rng.shuffled(ARMIES)
    seats = armies[:2]
    cells, rng = rng.shuffled(sorted(CELLS))
    pools = [
        [t.id for t in army_tiles(army) if t.kind in ("unit", "module") for _ in range(t.count)]
        for army in seats
    ]
    tiles: list[PlacedTile] = []
    for i, h in enumerate(cells):
        seat = i % 2
        rotation, rng = rng.below(6)
        if i < 2:
            tile_id = hq_of(seats[seat]).id
        else:
            index, rng = rng.below(len(pools[seat]))
            tile_id = pools[seat].pop(index)
        tiles.append(PlacedTile(tile=tile_id, seat=seat, hex=h, rotation=rotation))
    return Position("standard", seats, tuple(sorted(tiles, key=lambda p: p.hex))), rng


def bench_full_board_battle(samples: int = 2000) -> dict[str, Any]:
    rng = Rng("battle-bench")
    positions = []
    for _ in range(min(samples, 200)):
        pos, rng = random_full_position(rng)
        positions.append(pos)
    times: list[float] = []
    for i in range(samples):
        pos = positions[i % len(positions)]
        start = time.process_time()  # CPU time: other processes loading the machine don't count
        resolve(pos)
        times.append((time.process_time() - start) * 1e6)
    times.sort()
    return {
        "battle_full_board_us_p50": round(times[len(times) // 2], 1),
        "battle_full_board_us_p99": round(times[min(len(times) - 1, len(times) * 99 // 100)], 1),
    }


if __name__ == "__main__":  # pragma: no cover
    print(bench_full_board_battle())
