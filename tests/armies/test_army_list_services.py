"""Saved, named army lists (skirmish.md §5.3): every save priced by the engine, drafts kept but
never used, import and export as JSON, the owner always checked, and a list copied into a match
within its points limit. A refusal changes nothing."""

from __future__ import annotations

import json

import pytest

from games.armies import selectors, services
from games.armies.models import ArmyList
from games.armies.services import ArmyRefused
from games.engine.skirmish.armies import army_cost
from tests.armies.conftest import trooper_list


def test_a_saved_list_caches_the_engines_total_heroes_and_validity(ada):
    army = services.army_list_save(
        owner=ada, system="skirmish", name="Raiders", data=trooper_list()
    )
    report = army_cost(trooper_list())
    assert army.total == report["total"] == 10 * 18 + 40
    assert army.figures == {"heroes": 1, "heroes_allowed": 0} and army.valid is False
    bigger = services.army_list_save(
        owner=ada, system="skirmish", name="Raiders", data=trooper_list(count=20), list_id=army.pk
    )
    assert bigger.pk == army.pk and bigger.total == 400 and bigger.valid is True
    assert ArmyList.objects.count() == 1


def test_a_name_is_unique_per_player_and_game(ada, ben):
    services.army_list_save(owner=ada, system="skirmish", name="Raiders", data=trooper_list())
    with pytest.raises(ArmyRefused, match="already have a list"):
        services.army_list_save(owner=ada, system="skirmish", name="Raiders", data=trooper_list())
    services.army_list_save(owner=ben, system="skirmish", name="Raiders", data=trooper_list())
    assert ArmyList.objects.count() == 2


@pytest.mark.parametrize(
    "data",
    [
        [1, 2, 3],
        {"units": "many"},
        {"system": "neuroshima", "units": []},
        {"units": [{"id": "x"}] * 41},
        {"units": ["not a unit"], "pad": "x" * 70_000},
    ],
)
def test_forged_lists_are_refused_and_nothing_is_stored(ada, data):
    with pytest.raises(ArmyRefused):
        services.army_list_save(owner=ada, system="skirmish", name="Forged", data=data)
    assert not ArmyList.objects.exists()


def test_someone_elses_list_is_never_found(ada, ben):
    army = services.army_list_save(owner=ada, system="skirmish", name="Mine", data=trooper_list())
    assert selectors.army_list_of(user=ben, list_id=army.pk) is None
    for action in (services.army_list_delete, services.army_list_duplicate):
        with pytest.raises(ArmyRefused):
            action(owner=ben, list_id=army.pk)
    with pytest.raises(ArmyRefused):
        services.army_list_save(
            owner=ben, system="skirmish", name="Stolen", data=trooper_list(), list_id=army.pk
        )
    army.refresh_from_db()
    assert army.name == "Mine" and ArmyList.objects.count() == 1


def test_an_exported_list_imports_again_under_a_free_name(ada):
    army = services.army_list_save(
        owner=ada, system="skirmish", name="Raiders", data=trooper_list()
    )
    text = json.dumps(services.army_list_export(owner=ada, list_id=army.pk))
    again = services.army_list_import(owner=ada, text=text)
    assert again.name == "Raiders (2)" and again.data["units"] == army.data["units"]
    copy = services.army_list_duplicate(owner=ada, list_id=army.pk)
    assert copy.name == "Raiders (copy)"
    for bad in ("not json", "[]", '{"name": "x"}', '{"system": "chess", "units": []}'):
        with pytest.raises(ArmyRefused):
            services.army_list_import(owner=ada, text=bad)
    assert ArmyList.objects.count() == 3


def test_a_list_for_a_match_is_a_copy_within_the_points_limit(ada, ben):
    army = services.army_list_save(
        owner=ada, system="skirmish", name="Raiders", data=trooper_list(count=20)
    )
    copy = services.army_for_match(owner=ada, system="skirmish", list_id=army.pk, points_limit=400)
    assert copy == army.data and copy is not army.data
    with pytest.raises(ArmyRefused, match="over this match's limit of 300"):
        services.army_for_match(owner=ada, system="skirmish", list_id=army.pk, points_limit=300)
    with pytest.raises(ArmyRefused):
        services.army_for_match(owner=ben, system="skirmish", list_id=army.pk, points_limit=400)
    draft = services.army_list_save(owner=ada, system="skirmish", name="Draft", data=trooper_list())
    with pytest.raises(ArmyRefused, match="not a valid list"):
        services.army_for_match(owner=ada, system="skirmish", list_id=draft.pk, points_limit=None)
    assert services.army_for_match(owner=ada, system="skirmish", list_id="", points_limit=1) is None
    usable = selectors.usable_lists(user=ada, system="skirmish", points_limit=400)
    assert [a.name for a in usable] == ["Raiders"]
