"""Each hex of the board by a name a player says, for an empty hex's accessible name and the
refusals that name it (« Case vide au coin nord », never « (0, -2) »). The board (19 hexes,
engine tiles.CELLS) is drawn flat-topped with north up for every seat, so it stands on a point
at north: its six corners, the middle of its six edges, the six hexes around the centre and
the centre; the rulebook speaks of them the same way (STRATÉGIE: « placer son QG dans un coin
du plateau », « au milieu du plateau », « fuir vers les bords »).

Axial directions (games/engine/hexgrid.DIRECTIONS) as drawn: d0 north, d1 north-east,
d2 south-east, d3 south, d4 south-west, d5 north-west."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

from games.engine.hexgrid import Hex

PLACES: dict[Hex, Promise] = {
    (0, 0): pgettext_lazy("neuroshima place", "at the centre"),
    # Around the centre.
    (0, -1): pgettext_lazy("neuroshima place", "north of the centre"),
    (1, -1): pgettext_lazy("neuroshima place", "north-east of the centre"),
    (1, 0): pgettext_lazy("neuroshima place", "south-east of the centre"),
    (0, 1): pgettext_lazy("neuroshima place", "south of the centre"),
    (-1, 1): pgettext_lazy("neuroshima place", "south-west of the centre"),
    (-1, 0): pgettext_lazy("neuroshima place", "north-west of the centre"),
    # The corners: two steps from the centre straight along a direction.
    (0, -2): pgettext_lazy("neuroshima place", "in the north corner"),
    (2, -2): pgettext_lazy("neuroshima place", "in the north-east corner"),
    (2, 0): pgettext_lazy("neuroshima place", "in the south-east corner"),
    (0, 2): pgettext_lazy("neuroshima place", "in the south corner"),
    (-2, 2): pgettext_lazy("neuroshima place", "in the south-west corner"),
    (-2, 0): pgettext_lazy("neuroshima place", "in the north-west corner"),
    # The middle of each edge, between two corners.
    (1, -2): pgettext_lazy("neuroshima place", "on the north-east edge"),
    (2, -1): pgettext_lazy("neuroshima place", "on the east edge"),
    (1, 1): pgettext_lazy("neuroshima place", "on the south-east edge"),
    (-1, 2): pgettext_lazy("neuroshima place", "on the south-west edge"),
    (-2, 1): pgettext_lazy("neuroshima place", "on the west edge"),
    (-1, -1): pgettext_lazy("neuroshima place", "on the north-west edge"),
}


def place_name(h: Hex) -> str | None:
    """Where `h` is on the board, as it follows "Empty hex"; None off the board."""
    words = PLACES.get(h)
    return None if words is None else str(words)
