"""The campaign map: territories are contiguous flowers that tile without gaps and grow outward."""

from games.campaigns import map as campaign_map
from games.engine.hexgrid import distance, neighbours


def _contiguous(hexes):
    cells = set(hexes)
    seen, todo = {hexes[0]}, [hexes[0]]
    while todo:
        for n in neighbours(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


def test_each_territory_is_a_contiguous_region_of_seven_hexes():
    for slot in range(80):
        hexes = campaign_map.region_hexes(slot)
        assert len(hexes) == 7 == len(set(hexes))
        assert _contiguous(hexes)


def test_territories_never_overlap_and_leave_no_holes():
    cells = [h for s in range(7 * 10) for h in campaign_map.region_hexes(s)]
    assert len(cells) == len(set(cells))
    # Every hex near the centre belongs to one of the first territories: no gaps.
    covered = set(cells)
    assert all(
        h in covered
        for h in [(q, r) for q in range(-4, 5) for r in range(-4, 5) if abs(q + r) <= 4]
    )


def test_joining_players_grow_the_map_outward_ring_by_ring():
    far = [
        max(campaign_map.spiral_distance(s) for s in range(p * 10, p * 10 + 10)) for p in range(8)
    ]
    assert far == sorted(far)
    near = [
        min(campaign_map.spiral_distance(s) for s in range(p * 10, p * 10 + 10)) for p in range(8)
    ]
    assert near == sorted(near)


def test_each_players_ten_territories_touch_each_other():
    regions = {s: campaign_map.region_hexes(s) for s in range(60)}
    adjacency = campaign_map.region_adjacency(regions)
    for player in range(6):
        block = set(range(player * 10, player * 10 + 10))
        seen, todo = {min(block)}, [min(block)]
        while todo:
            for n in adjacency[todo.pop()]:
                if n in block and n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == block, player


def test_the_map_stays_compact_as_players_join():
    for players in (1, 2, 4, 8):
        slots = players * 10
        centres = [campaign_map.slot_centre(s) for s in range(slots)]
        radius = max(distance((0, 0), c) for c in centres)
        # A compact blob: radius grows like the square root of the number of territories.
        assert radius <= 3 * (slots**0.5) + 3


def test_names_are_deterministic_and_distinct():
    names = [campaign_map.territory_name(s) for s in range(100)]
    assert len(set(names)) == 100
    assert names[0] == "Arden" and names[26] == "Arden 2"
    assert campaign_map.regions_for_join(existing=10, count=2)[0][:2] == (10, names[10])


def test_a_region_outline_is_one_closed_loop_of_eighteen_edges():
    shape = campaign_map.region_shape(campaign_map.region_hexes(3))
    assert shape.outline_path.count("M") == 1 and shape.outline_path.endswith("Z")
    assert shape.outline_path.count("L") == 17  # 18 corners: the start plus 17 more


def test_an_irregular_region_with_a_hole_draws_two_loops():
    ring = [h for h in campaign_map.hexagon(1) if h != (0, 0)]
    assert campaign_map.region_shape(ring).outline_path.count("M") == 2


def test_the_view_box_contains_every_hex():
    hexes = [h for s in range(20) for h in campaign_map.region_hexes(s)]
    x, y, w, h = (float(v) for v in campaign_map.view_box(hexes).split())
    assert w > 0 and h > 0 and x < 0 and y < 0
