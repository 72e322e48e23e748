"""Decisions of skirmish.md §3 not covered by the topic files, each with its rule: D3 (Powerful
and the bionic body), D5 (Heroes present), D8 (flyers never land on buildings), D13 (two models
in woods), D17 (the protection field is not cumulative), D18 (a Vehicle with Melee 0, a flying
Vehicle with a damaged drive), S1, S3, §11 (ties, menus, takebacks) and §14.2 (seats resolve in
initiative order)."""

import pytest

from games.engine.protocol import IllegalMove
from games.engine.rng import Rng
from games.engine.skirmish import deploy, legal
from games.engine.skirmish.system import SYSTEM
from tests.engine.skirmish.sk import fire, kinds, model, play, position


def test_d3_powerful_does_not_lower_the_bionic_bodys_second_roll():
    state = position(
        {
            "r1": model("red", (0, 4), powerful=True),
            "b1": model("blue", (0, -2), shoot=0, armour=1, hero=True, item="bionic_body"),
        },
        phase="aimed_fire",
        submitted={"blue": True},
    )
    # hit on 1; Armour 1 - 1 (Powerful) = 0: no armour die; the bionic die saves on 2.
    state, events = play(state, "red", fire("aimed_orders", ("r1", "b1")), dice=[1, 2])
    assert state.model("b1").alive
    assert [e.data.get("bionic") for e in events if e.kind == "ArmourRolled"] == [True]


def test_d5_a_dead_hero_adds_nothing_to_initiative():
    state = position(
        {
            "r1": model("red", (0, 4), hero=True, alive=False),
            "r2": model("red", (1, 4)),
            "b1": model("blue", (0, -4)),
        }
    )
    state, events = play(state, None, {"type": "begin_turn"}, dice=[5, 4])
    assert [e.data["bonus"] for e in events if e.kind == "InitiativeRolled"] == [0, 0]
    assert state.pending.seat == 0


def test_d8_a_flyer_may_fly_over_a_building_but_not_land_on_it():
    state = position(
        {"r1": model("red", (0, 4), fly=True, move=18), "b1": model("blue", (0, -8), moved=True)},
        phase="movement",
        terrain=[{"id": "h", "type": "building", "hexes": [[0, 3]]}],
    )
    over, _ = play(state, "red", {"type": "move", "model": "r1", "path": [[0, 3], [0, 2]]})
    assert over.model("r1").hex == (0, 2)
    with pytest.raises(IllegalMove) as caught:
        play(state, "red", {"type": "move", "model": "r1", "path": [[0, 3]]})
    assert caught.value.code == "impassable"


def test_d13_two_models_standing_in_woods_cannot_shoot_each_other():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, 1), shoot=0)},
        phase="aimed_fire",
        terrain=[{"id": "w", "type": "woods", "hexes": [[0, 4], [0, 1]]}],
    )
    with pytest.raises(IllegalMove) as caught:
        play(state, "red", fire("aimed_orders", ("r1", "b1")))
    assert caught.value.code == "no_line_of_sight"


def test_d17_two_protection_fields_still_give_plus_one_armour():
    bearer = {"hero": True, "item": "protection_field", "shoot": 0}
    state = position(
        {
            "r1": model("red", (0, 4)),
            "b1": model("blue", (0, -2), shoot=0, armour=1),
            "b2": model("blue", (1, -3), **bearer),
            "b3": model("blue", (-1, -2), **bearer),
        },
        phase="aimed_fire",
        submitted={"blue": True},
    )
    state, events = play(state, "red", fire("aimed_orders", ("r1", "b1")), dice=[1, 3])
    assert [e.data["armour"] for e in events if e.kind == "ArmourRolled"] == [2]
    assert not state.model("b1").alive  # 3 > 1 + 1


def test_d18_a_vehicle_whose_melee_fell_to_zero_cannot_strike():
    state = position(
        {
            "r1": model("red", (0, 4), vehicle=True, melee=0),
            "b1": model("blue", (0, 3)),
        },
        phase="melee_attack",
        submitted={"blue": True},
    )
    with pytest.raises(IllegalMove) as caught:
        play(state, "red", fire("melee_orders", ("r1", "b1")))
    assert caught.value.code == "no_melee_attack"


def test_d18_a_flying_vehicle_with_a_damaged_drive_still_flies():
    state = position(
        {
            "r1": model("red", (0, 4)),
            "b1": model("blue", (0, -2), vehicle=True, fly=True, move=18, shoot=0, armour=0),
        },
        phase="aimed_fire",
        submitted={"blue": True},
    )
    state, _ = play(state, "red", fire("aimed_orders", ("r1", "b1")), dice=[1, 3])
    flyer = state.model("b1")
    assert flyer.fly and flyer.move == 15 and flyer.full_mp == 10


def test_s1_an_empty_list_of_aimed_orders_is_no_fire():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -2), shoot=0)},
        phase="aimed_fire",
        submitted={"blue": True},
    )
    state, events = play(state, "red", fire("aimed_orders"))
    assert "ShotRolled" not in kinds(events) and state.model("b1").alive


def test_s3_the_last_step_of_a_turn_runs_on_to_the_next_turn_start_without_a_die():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -2), shoot=0)},
        phase="aimed_fire",
        submitted={"blue": True},
    )
    state, events = play(state, "red", fire("aimed_orders"))
    assert state.phase == "turn_start" and state.turn == 2 and "TurnEnded" in kinds(events)


def test_dice_order_seats_resolve_in_initiative_order():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -2))},
        phase="aimed_fire",
        initiative_order=["blue", "red"],
    )
    state, _ = play(state, "red", fire("aimed_orders", ("r1", "b1")))
    # blue's shot first (a miss on 6), then red's (a miss on 5): both alive, two dice.
    state, events = play(state, "blue", fire("aimed_orders", ("b1", "r1")), dice=[6, 5])
    shots = [(e.data["model"], e.data["die"]) for e in events if e.kind == "ShotRolled"]
    assert shots == [("b1", 6), ("r1", 5)]


def test_the_deadline_default_fires_at_the_nearest_target_and_ties_go_to_the_lowest_id():
    state = position(
        {
            "r1": model("red", (0, 4)),
            "b10": model("blue", (1, 1), shoot=0),
            "b2": model("blue", (-1, 2), shoot=0),
        },
        phase="aimed_fire",
    )
    default = SYSTEM.choose_default(state, 0)
    assert default["orders"] == [{"model": "r1", "targets": ["b2"]}]


def test_unrevealed_orders_may_be_taken_back_but_a_reveal_may_not():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -2))},
        phase="aimed_fire",
    )
    first = SYSTEM.apply(state, 0, fire("aimed_orders"), Rng("t"))
    assert not first.ends_turn and not first.reveals
    second = SYSTEM.apply(first.state, 1, fire("aimed_orders"), Rng("t"))
    assert second.reveals and second.ends_turn


def test_the_deployment_menu_gathers_each_unit_around_every_front_hex_of_its_zone():
    state = SYSTEM.setup({"scenario": "pitched_battle", "board": "small"}, 2, Rng("d")).state
    while state.phase == "setup":
        seat = legal.to_act(state)[0]
        state = SYSTEM.apply(state, seat, SYSTEM.legal_moves(state, seat)[0], Rng("d")).state
    seat = state.active
    menu = [m for m in SYSTEM.legal_moves(state, seat) if m["unit"] == "troopers"]
    anchors = deploy.anchors(state, seat, "troopers")
    assert len(anchors) == 13  # one per column of the small board
    firsts = {tuple(m["hexes"]["r1" if seat == 0 else "b1"]) for m in menu}
    assert len(firsts) >= 10 and all(SYSTEM.apply(state, seat, m, Rng("d")) for m in menu[:5])
    assert menu[0] == SYSTEM.choose_default(state, seat)


def test_the_prison_may_go_on_any_free_hex_with_a_free_neighbour():
    state = SYSTEM.setup({"scenario": "rescue", "board": "small"}, 2, Rng("p")).state
    while state.pending is None or state.pending.kind != "place_prison":
        seat = legal.to_act(state)[0]
        state = SYSTEM.apply(state, seat, SYSTEM.legal_moves(state, seat)[0], Rng("p")).state
    spots = SYSTEM.legal_moves(state, state.pending.seat)
    assert len(spots) == len(deploy.prison_spots(state)) > 100
    assert spots[0] == SYSTEM.choose_default(state, state.pending.seat)
