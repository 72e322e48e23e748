"""Issue 13, point 6: no glyph of a Neuroshima tile lies on another, whatever its rotation: the
army initial keeps clear of every strength number, and two numbers never overlap."""

from __future__ import annotations

import math

import pytest

from games.engine.neuroshima.tiles import ARMIES, army_tiles
from games.neuroshima_site import pieces

TILES = [spec.id for army in ARMIES for spec in army_tiles(army)]


@pytest.mark.parametrize("tile_id", TILES)
def test_the_army_initial_and_the_strength_numbers_never_overlap(tile_id):
    for rotation in range(6):
        art = pieces.tile_art(tile_id, rotation)
        x, y = float(art["initial_x"]), float(art["initial_y"])
        labels = [(float(lb["x"]), float(lb["y"])) for lb in art["labels"]]
        for lx, ly in labels:
            assert math.hypot(lx - x, ly - y) >= 12, (tile_id, rotation)
        for i, a in enumerate(labels):
            for b in labels[i + 1 :]:
                assert math.hypot(a[0] - b[0], a[1] - b[1]) >= 10, (tile_id, rotation)
