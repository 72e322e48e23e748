"""Neuroshima's pieces draw each symbol on the board side it faces (pure, no database)."""

from __future__ import annotations

import math

from games.engine.neuroshima import battle
from games.engine.neuroshima.position import Position
from games.neuroshima_site import pieces as presenters
from games.neuroshima_site.battle_steps import steps


def _angle_of(x: float, y: float) -> int:
    return round(math.degrees(math.atan2(y, x))) % 360


def _centroid(points: str) -> tuple[float, float]:
    pts = [tuple(map(float, p.split(","))) for p in points.split()]
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def _directions(drawing: dict, kind: str) -> set[int]:
    """Board directions (0 top, clockwise) of the marks of one kind, from their screen angle."""
    out = set()
    for s in drawing["shapes"]:
        if s["kind"] != kind:
            continue
        if s["shape"] == "polygon":
            x, y = _centroid(s["points"])
        elif s["shape"] == "line":
            x = (float(s["x1"]) + float(s["x2"])) / 2
            y = (float(s["y1"]) + float(s["y2"])) / 2
        else:
            x, y = float(s["cx"]), float(s["cy"])
        out.add(round(((_angle_of(x, y) + 90) % 360) / 60) % 6)
    return out


def test_a_tile_turned_twice_draws_its_melee_blade_on_the_lower_right_side():
    drawing = presenters.tile_drawing("moloch.eventreur", rotation=2)  # melee 2 on printed side 0
    assert _directions(drawing, "melee") == {2}
    assert [label["text"] for label in drawing["labels"]] == ["2"]  # the strength as a number


def test_ranged_arrow_follows_the_rotation():
    drawing = presenters.tile_drawing("posterunek.liquidateur", rotation=3)  # ranged 2 @ side 4
    assert _directions(drawing, "ranged") == {1}
    assert len([s for s in drawing["shapes"] if s["kind"] == "ranged-dot"]) == 2


def test_armour_net_and_link_marks_sit_on_their_rotated_sides():
    assert _directions(presenters.tile_drawing("moloch.bloqueur", rotation=1), "armour") == {1}
    assert _directions(presenters.tile_drawing("moloch.retiaire", rotation=3), "net") == {3, 2}
    officer = presenters.tile_drawing("moloch.officier", rotation=1)  # links at 1, 3, 5
    assert _directions(officer, "link") == {2, 4, 0}


def test_gauss_line_is_drawn_on_its_side():
    assert _directions(presenters.tile_drawing("moloch.canon_de_gauss"), "gauss") == {4}


def test_wounds_show_as_red_pips_and_hq_shows_its_points():
    drawing = presenters.tile_drawing("borgo.super_mutant", wounds=1)
    assert [p["wound"] for p in drawing["pips"]] == [False, True]
    assert "," not in drawing["pips"][0]["cx"]  # never localised (French decimal comma)
    assert presenters.tile_drawing("moloch.hq", wounds=3)["text"] == "17"


def test_king_of_the_hill_cells_carry_their_bonus():
    _, cells = presenters.grid("king_of_the_hill")
    assert str(cells).count('data-hex="') == 19
    assert 'class="cell koth koth-2" points=' in str(cells)
    assert str(cells).count("koth-1") == 6 and ">+2<" in str(cells)
    _, plain = presenters.grid("standard")
    assert "koth" not in str(plain) and str(plain).count('data-hex="') == 19


def test_battle_steps_show_each_phase_with_its_attacks_and_removals():
    position = Position.from_json(
        {
            "board": "standard",
            "seats": ["posterunek", "moloch"],
            "tiles": [
                {"hex": [0, 0], "tile": "posterunek.bagarreux", "seat": 0, "rotation": 0},
                {"hex": [0, -1], "tile": "moloch.cyborg", "seat": 1, "rotation": 3},
            ],
        }
    )
    _, events = battle.resolve(position)
    result = steps(position.to_json(), [e for e in (ev.for_seat(None) for ev in events) if e])
    kinds = [s.title_kind for s in result]
    assert kinds[0] == "before" and kinds[-1] == "after" and "phase" in kinds
    attacked = [s for s in result if s.attacks]
    assert attacked and [0, 0] in [a["from"] for a in attacked[0].attacks]
    assert any(s.destroyed for s in result)
    assert result[-1].position["tiles"] == []  # same initiative: both fall together
