"""The army builder (skirmish.md §5; rulebook 004 "Calculs du coût des figurines", "Héros")."""

import json

import pytest

from games.engine.skirmish.armies import CostError, army_cost, model_cost, validate_army
from games.engine.skirmish.cli import main


def unit(**fields):
    base = {"id": "u", "move": 6, "melee": 1, "shoot": 1, "armour": 0}
    return {**base, **fields}


def army(*units, **fields):
    return {"schema": 1, "system": "skirmish", "name": "A", "units": list(units), **fields}


@pytest.mark.parametrize(
    ("profile", "cost"),
    [
        (unit(), 6),
        (unit(move=9, melee=3, melee_attacks=2, shoot=2, shoot_attacks=3, armour=2), 35),
        (unit(melee=4, shoot=0, armour=4, powerful=True), 21),
        (unit(move=12, melee=2, shoot=3, shoot_attacks=2, armour=4, vehicle=True), 64),
        (
            unit(move=12, melee=2, shoot=3, shoot_attacks=2, armour=4, vehicle=True, powerful=True),
            74,
        ),
        (unit(move=18, fly=True, melee=2, shoot=2, armour=1), 17),
    ],
)
def test_the_specifications_cost_examples_hold(profile, cost):
    assert model_cost(profile) == cost


def test_armour_zero_costs_one_point_and_shoot_zero_nothing():
    assert model_cost(unit(shoot=0, armour=0)) == 0 + 2 + 0 + 1


def test_melee_zero_is_not_in_the_cost_table():
    with pytest.raises(CostError) as caught:
        model_cost(unit(melee=0))
    assert (caught.value.code, caught.value.field) == ("not_in_cost_table", "melee")


@pytest.mark.parametrize("field,value", [("move", 10), ("armour", 7), ("shoot", 6)])
def test_values_outside_the_table_have_no_cost(field, value):
    with pytest.raises(CostError):
        model_cost(unit(**{field: value}))


def test_a_unit_subtotal_is_its_model_cost_times_its_count():
    report = army_cost(army(unit(id="t", count=10)))
    assert report["units"] == [{"id": "t", "per_model": 6, "count": 10, "subtotal": 60}]
    assert report["total"] == 60 and report["valid"]


def test_one_hero_is_allowed_per_full_250_points():
    hero = unit(id="h", hero=True, move=12, melee=5, melee_attacks=2, shoot=4, armour=3)
    troops = unit(id="t", count=40)  # 240 points
    assert army_cost(army(troops, hero))["heroes_allowed"] == 1
    small = army(unit(id="t", count=30), hero)
    report = army_cost(small)
    assert report["heroes"] == 1 and report["heroes_allowed"] == 0
    assert {"code": "too_many_heroes", "unit": None} in report["errors"]


def test_every_list_check_reports_its_code():
    cases = {
        "bad_attack_count": unit(melee_attacks=5),
        "fly_needs_18": unit(fly=True, move=12),
        "hero_cannot_be_vehicle": unit(hero=True, vehicle=True),
    }
    for code, bad in cases.items():
        assert {"code": code, "unit": "u"} in validate_army(army(bad)), code
    assert {"code": "bad_attack_count", "unit": "u"} in validate_army(
        army(unit(shoot=0, shoot_attacks=1))
    )
    assert {"code": "bad_unit", "unit": "u"} in validate_army(army(unit(), unit()))
    assert {"code": "bad_unit", "unit": "u"} in validate_army(army(unit(count=0)))
    assert validate_army(army()) == [{"code": "bad_unit", "unit": None}]
    over = validate_army(army(unit(count=10), points_limit=50))
    assert over == [{"code": "over_points_limit", "unit": None}]


def test_army_cost_command_prints_the_report(tmp_path, capsys):
    path = tmp_path / "army.json"
    path.write_text(json.dumps(army(unit(id="t", count=2))))
    assert main(["army-cost", str(path)]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["total"] == 12 and out["heroes_allowed"] == 0 and out["errors"] == []


def test_army_cost_command_exits_2_on_a_value_without_cost(tmp_path, capsys):
    path = tmp_path / "army.json"
    path.write_text(json.dumps(army(unit(id="t", melee=0))))
    assert main(["army-cost", str(path)]) == 2
    out = json.loads(capsys.readouterr().out)
    assert out == {"error": {"code": "not_in_cost_table", "unit": "t", "field": "melee"}}
