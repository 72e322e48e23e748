"""Setup and deployment (skirmish.md §4.2, §4.4, §9, D19; rulebook 004 "Déploiement",
"Héros", "Objets hi-tech" 4 and 6)."""

import pytest

from games.engine.protocol import IllegalMove
from games.engine.rng import Rng
from games.engine.skirmish import moves as mv
from games.engine.skirmish import rules, setup
from games.engine.skirmish.boards import board_hexes, in_zone, mirror
from games.engine.skirmish.dice import Dice
from games.engine.skirmish.system import SYSTEM

SMALL_ARMY = {
    "schema": 1,
    "units": [
        {"id": "t", "count": 2, "move": 9, "melee": 2, "shoot": 3, "armour": 2},
        {"id": "hero", "move": 12, "melee": 5, "shoot": 0, "armour": 5, "hero": True},
        {"id": "heavy", "count": 8, "move": 6, "melee": 5, "shoot": 5, "armour": 5},
    ],
}


def start(dice, **config):
    state, events = setup.setup({"armies": [SMALL_ARMY, SMALL_ARMY], **config}, Dice(forced=dice))
    return state, events


def act(state, seat, move):
    return rules.play(state, seat, mv.decode(move), Dice(forced=[]))


def test_boards_have_the_specified_sizes_and_zones_18_inches_apart():
    standard, small = board_hexes("standard"), board_hexes("small")
    assert (len(standard), len(small)) == (263, 149)
    assert sum(in_zone(h, "south") for h in standard) == 85
    assert sum(in_zone(h, "north") for h in small) == 39
    from games.engine.hexgrid import distance

    north = [h for h in small if in_zone(h, "north")]
    south = [h for h in small if in_zone(h, "south")]
    assert min(distance(a, b) for a in north for b in south) == 6


def test_mirroring_keeps_the_north_south_coordinate():
    assert mirror((3, -4)) == (-3, -1)


def test_setup_rolls_terrain_items_and_deployment_in_the_normative_order():
    # terrain roll-off 2 v 5 (blue), items: red hero 4 = bionic eye re-rolled (Shoot 0) to 1,
    # blue hero 6 = teleporter; deployment roll-off 3 v 3 then 6 v 1 (red first).
    state, events = start([2, 5, 4, 1, 6, 3, 3, 6, 1], scenario="looting")
    assert state.pending.kind == "choose_layout" and state.pending.seat == 1
    assert state.model("r3").item == "laser_sword" and state.model("b3").item == "teleporter"
    assert state.active == 0
    assert [e.kind for e in events].count("RollOff") == 3


def test_the_scenario_is_rolled_first_when_the_config_names_none():
    state, events = start([4, 6, 1, 1, 1, 6, 1, 1, 1, 6, 1])
    assert state.scenario == "rescue" and state.scen.roles == (0, 1)


def test_the_terrain_player_picks_a_layout_and_the_other_an_edge_then_armies_alternate():
    state, _ = start([6, 1, 1, 1, 6, 1], scenario="pitched_battle", board="small")
    with pytest.raises(IllegalMove) as caught:
        act(state, 0, {"type": "choose_layout", "layout": "outpost"})
    assert caught.value.code == "bad_layout"
    with pytest.raises(IllegalMove) as caught:
        act(state, 1, {"type": "choose_layout", "layout": "quarry"})
    assert caught.value.code == "not_your_turn"
    state, _ = act(state, 0, {"type": "choose_layout", "layout": "quarry", "mirror": True})
    assert ("building_1", "building", ((-3, 4),)) in [
        (p.id, p.type, p.hexes) for p in state.terrain
    ]
    state, _ = act(state, 1, {"type": "choose_edge", "edge": "south"})
    assert state.edges == ("north", "south") and state.phase == "deployment"
    with pytest.raises(IllegalMove) as caught:
        act(state, 0, {"type": "deploy", "unit": "t", "hexes": {"r1": [0, 5], "r2": [1, 5]}})
    assert caught.value.code == "not_in_zone"
    with pytest.raises(IllegalMove) as caught:
        act(state, 0, {"type": "deploy", "unit": "t", "hexes": {"r1": [0, -5]}})
    assert caught.value.code == "wrong_unit"
    state, events = act(
        state, 0, {"type": "deploy", "unit": "t", "hexes": {"r1": [0, -5], "r2": [1, -5]}}
    )
    assert state.active == 1 and events[0].kind == "UnitDeployed"


def test_a_teleporting_hero_deploys_anywhere_three_hexes_from_every_enemy():
    state, _ = start([6, 1, 6, 1, 6, 1], scenario="pitched_battle")
    assert state.model("r3").item == "teleporter"
    state, _ = act(state, 0, {"type": "choose_layout", "layout": "outpost"})
    state, _ = act(state, 1, {"type": "choose_edge", "edge": "north"})
    state, _ = act(state, 0, {"type": "deploy", "unit": "t", "hexes": {"r1": [0, 5], "r2": [1, 5]}})
    state, _ = act(
        state, 1, {"type": "deploy", "unit": "t", "hexes": {"b1": [0, -3], "b2": [1, -5]}}
    )
    with pytest.raises(IllegalMove) as caught:
        act(state, 0, {"type": "deploy", "unit": "hero", "hexes": {"r3": [0, -1]}})
    assert caught.value.code == "too_close_to_enemy"
    state, _ = act(state, 0, {"type": "deploy", "unit": "hero", "hexes": {"r3": [3, -3]}})
    assert state.model("r3").hex == (3, -3)


def test_a_default_game_reaches_its_first_turn_with_a_seat_to_act():
    t = SYSTEM.setup({}, 2, Rng("first"))
    state, rng = t.state, t.rng
    while state.phase in ("setup", "deployment"):
        seat = SYSTEM.to_act(state)[0]
        step = SYSTEM.apply(state, seat, SYSTEM.legal_moves(state, seat)[0], rng)
        state, rng = step.state, step.rng
    assert state.phase == "initiative" and SYSTEM.to_act(state)
