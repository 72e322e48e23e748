"""Boards, hexilum hexes, missions and patterns as data (spec sections 13.1-13.4)."""

import pytest

from games.engine.hexgrid import neighbours
from games.engine.hexpanse.data import boards, cards, missions, patterns
from games.engine.hexpanse.patterns import mission_placements, rotate

ORACLE = {
    "MS01": (54, 138, 258), "MS02": (78, 174, 306), "MS03": (39, 87, 153), "MS04": (14, 38, 74),
    "MS05": (21, 57, 111), "MS06": (18, 90, 198), "MS07": (54, 138, 258), "MS08": (21, 57, 111),
    "MS09": (42, 114, 222), "MS10": (20, 50, 92), "MS11": (42, 114, 222), "MS12": (54, 144, 270),
    "MS13": (12, 60, 144), "MS14": (36, 114, 228), "MS15": (84, 180, 312),
}  # fmt: skip


def test_the_two_sides_have_61_and_91_hexes_and_two_players_use_the_inner_37_R34_R36():
    small, large = boards()["small"], boards()["large"]
    assert (len(small.playable(2)), len(small.playable(3)), len(small.playable(4))) == (37, 61, 61)
    assert len(large.playable(4)) == 91


def test_hexilum_hexes_are_13_on_the_small_side_7_inside_and_19_on_the_large_R37_R38():
    small, large = boards()["small"], boards()["large"]
    assert len(small.hexilum) == 13 and len(large.hexilum) == 19
    assert sum(1 for h, _ in small.hexilum if h in small.playable(2)) == 7
    assert {v for _, v in large.hexilum} == {1}


@pytest.mark.parametrize("code", sorted(ORACLE))
def test_mission_placements_match_the_spec_table_R119(code):
    counts = (
        len(mission_placements(code, "small", 2)),
        len(mission_placements(code, "small", 3)),
        len(mission_placements(code, "large", 4)),
    )
    assert counts == ORACLE[code]


def _canonical(cells):
    q0 = min(q for q, _ in cells)
    r0 = min(r for q, r in cells if q == q0)
    return frozenset((q - q0, r - r0) for q, r in cells)


def test_the_fifteen_missions_are_nine_connected_hexes_all_different_even_mirrored():
    shapes = []
    for m in missions().values():
        cells = set(m.cells)
        assert len(cells) == 9
        seen, todo = set(), [m.cells[0]]
        while todo:
            h = todo.pop()
            if h not in seen:
                seen.add(h)
                todo += [n for n in neighbours(h) if n in cells]
        assert seen == cells, m.code
        variants = set()
        for flip in (False, True):
            base = [(r, q) if flip else (q, r) for q, r in m.cells]
            variants |= {_canonical([rotate(c, k) for c in base]) for k in range(6)}
        shapes.append(variants)
    for i, a in enumerate(shapes):
        for b in shapes[i + 1 :]:
            assert not a & b


def test_card_patterns_have_as_many_cells_as_the_card_text_says():
    expected = {
        "C03": (0, 3), "C04": (0, 3), "C06": (0, 1), "C07": (0, 2), "C08": (0, 3), "C09": (1, 2),
        "C10": (2, 1), "C11": (0, 2), "C12": (3, 0), "C13": (3, 3), "C14": (3, 0), "C15": (2, 0),
        "C16": (2, 0), "C17": (1, 1),
    }  # fmt: skip
    for code, (attacks, places) in expected.items():
        roles = [role for role, _ in patterns()[cards()[code].effect["pattern"]].cells]
        assert (roles.count("A"), roles.count("P")) == (attacks, places), code
    for code, option, size in (("A17", 0, 2), ("A20", 1, 3), ("A24", 1, 3), ("A19", 0, 2)):
        assert len(patterns()[cards()[code].options[option]["pattern"]].cells) == size


def test_every_data_entry_is_marked_as_house_content_where_the_pictures_are_missing():
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parents[3] / "games/engine/hexpanse/data"
    for name in ("boards.json", "missions.json", "patterns.json"):
        assert json.loads((folder / name).read_text())["source"] == "house"
    assert "house" in json.loads((folder / "cards.json").read_text())["source"]
