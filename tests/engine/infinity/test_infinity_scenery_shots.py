"""Shooting scenery (rules seed 003, 'RÈGLE DE DECORS'; spec A.4 SC-1…4): only a piece with an
agreed ARM and STR; only DA or EXP ammunition damages it; −6 when the template would catch an
enemy; never when it would catch a friend."""

import json

import pytest
from infh import alguacil, declare, keisotsu, of, order, position, run

from games.engine.infinity.cli import main
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.protocol import IllegalMove

WALL = (6, 8)


def range_of_scenery(shooter, *others, profile=True):
    """The shooter at (6, 12) facing north, a building four hexes ahead; a Keisotsu far off
    looking away (no reaction)."""
    data = position(
        [shooter, keisotsu("k9", (1, 0), 0), *others],
        scenery=[(WALL, "building")],
        orders={0: {"regular": 3}},
    )
    if profile:
        data["scenery"][0] |= {"arm": 3, "str": 2}
    return data


def brigada():
    return alguacil("m1", (6, 12), kind="combi") | {"profile": "corregidor.mobile_brigada.multi"}


def at_the_wall(seat, trooper, weapon, mode, **extra):
    return declare(
        seat, "bs_attack", trooper=trooper, weapon=weapon, mode=mode, structure=list(WALL), **extra
    )


def code(data, move):
    with pytest.raises(IllegalMove) as err:
        run(data, [order(0, move["trooper"]), move])
    return err.value.code


def test_da_rounds_bring_a_building_down_to_rubble():
    """MULTI Rifle, DA: two hits, each two saves (d20 + ARM 3 against DAM 13); the first two
    failures take its two structure points."""
    state, events = run(
        range_of_scenery(brigada()),
        [order(0, "m1"), at_the_wall(0, "m1", "multi_rifle", "DA"), declare(0, "none")],
        dice={"m1.bs": [1, 2], "scenery_6_8.arm": [1, 1]},
    )
    shot = of(events, "StructureShot")[0]
    assert shot["hits"] == 2 and shot["mods"] == {"range": 3} and shot["sv"] == 16
    assert of(events, "StructureSaved")[0]["lost"] == 2
    assert of(events, "StructureDestroyed") == [{"kind": "StructureDestroyed", "hex": [6, 8]}]
    assert state.scenery_at[WALL] == "rough"
    piece = state_to_json(state)["scenery"][0]
    assert piece == {"hex": [6, 8], "kind": "rough", "arm": 3, "str": 2, "damage": 2}


def test_a_structure_that_saves_keeps_its_points():
    state, events = run(
        range_of_scenery(brigada()),
        [order(0, "m1"), at_the_wall(0, "m1", "multi_rifle", "DA"), declare(0, "none")],
        dice={"m1.bs": [1, 20], "scenery_6_8.arm": [11, 15]},
    )
    assert of(events, "StructureSaved")[0]["lost"] == 0
    assert state.board.structures[0].damage == 0 and state.scenery_at[WALL] == "building"


def test_only_scenery_with_an_agreed_profile_is_a_target():
    data = range_of_scenery(brigada(), profile=False)
    assert code(data, at_the_wall(0, "m1", "multi_rifle", "DA")) == "no_target"


def test_only_da_or_exp_ammunition_damages_a_structure():
    assert code(range_of_scenery(brigada()), at_the_wall(0, "m1", "multi_rifle", "N")) == (
        "skill_not_allowed"
    )


def test_a_missile_at_scenery_with_an_enemy_under_the_template_takes_the_speculative_minus_six():
    """« une figurine ennemie est affectée par l'aire d'effet de l'arme, le MOD de Tir Spéculatif
    (TR -6) doit être appliqué » (the text's own example: the Missile Launcher)."""
    data = range_of_scenery(alguacil("a1", (6, 12), kind="missile"), keisotsu("k1", (6, 7), 0))
    state, events = run(
        data,
        [order(0, "a1"), at_the_wall(0, "a1", "missile_launcher", "N"), declare(0, "none")],
        dice={"a1.bs": [1], "k1.arm": [20, 20, 20], "scenery_6_8.arm": [20, 20, 20]},
    )
    shot = of(events, "StructureShot")[0]
    assert shot["mods"] == {"range": 0, "speculative": -6} and shot["sv"] == 5
    assert of(events, "TemplatePlaced")[0]["victims"] == ["k1"]


def test_no_shot_at_scenery_when_the_template_would_catch_a_friend():
    data = range_of_scenery(alguacil("a1", (6, 12), kind="missile"), alguacil("a2", (7, 7)))
    assert code(data, at_the_wall(0, "a1", "missile_launcher", "N")) == "skill_not_allowed"


def test_the_scenery_profile_is_optional_in_the_position():
    plain = state_to_json(state_from_json(range_of_scenery(brigada(), profile=False)))
    assert plain["scenery"] == [{"hex": [6, 8], "kind": "building"}]


def test_the_command_line_takes_a_shot_at_scenery_with_its_own_dice(tmp_path, capsys):
    pos, moves = tmp_path / "position.json", tmp_path / "moves.json"
    pos.write_text(json.dumps(range_of_scenery(brigada())))
    shot = at_the_wall(0, "m1", "multi_rifle", "DA")
    moves.write_text(json.dumps([order(0, "m1"), shot, declare(0, "none")]))
    dice = json.dumps({"m1.bs": [1, 2], "scenery_6_8.arm": [1, 1]})
    assert main(["apply", str(pos), str(moves), "--dice", dice]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["scenery"] == [{"hex": [6, 8], "kind": "rough", "arm": 3, "str": 2, "damage": 2}]
