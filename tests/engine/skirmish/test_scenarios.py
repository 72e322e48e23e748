"""The six scenarios on hexes (skirmish.md §10; rulebook 004 "Scénarios"): six turns each."""

from dataclasses import replace

import pytest

from games.engine.protocol import IllegalMove
from games.engine.skirmish import scenarios
from games.engine.skirmish.system import SYSTEM
from tests.engine.skirmish.sk import fire, kinds, model, play, position

HILL = [[0, 0], [0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]]


def last_movement(models, scenario, **fields):
    """Turn 6, red's movement with blue already done: red's end_movement ends the game."""
    state = position(
        models,
        scenario=scenario,
        turn=6,
        phase="movement",
        initiative_order=["blue", "red"],
        active="red",
        **fields,
    )
    return state


def end(state):
    state, events = play(state, "red", {"type": "end_movement"})
    assert state.phase == "over" and "GameOver" in kinds(events)
    return state


def silent(seat, hex, **fields):
    return model(seat, hex, shoot=0, **fields)


def test_every_scenario_lasts_six_turns_and_is_exposed_on_the_system():
    assert SYSTEM.scenarios == scenarios.SCENARIOS and len(SYSTEM.scenarios) == 6
    state = position({"r1": silent("red", (0, 8))}, scenario="looting")
    assert state.turn_limit == 6


def test_pitched_battle_counts_killed_points_and_100_more_per_hero():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -2), shoot=0, hero=True)},
        scenario="pitched_battle",
        phase="aimed_fire",
        submitted={"blue": True},
    )
    state, _ = play(state, "red", fire("aimed_orders", ("r1", "b1")), dice=[1, 6])
    assert state.scen.killed_points == (state.model("b1").cost + 100, 0)
    assert scenarios.winner(state) == "red"


def test_hold_the_ground_gives_each_piece_to_the_side_with_more_models_on_it():
    terrain = [
        {"id": "hill", "type": "hill", "hexes": HILL},
        {"id": "w", "type": "woods", "hexes": [[5, -1], [4, 0]]},
        {"id": "h", "type": "building", "hexes": [[6, 6]]},
    ]
    models = {
        "r1": silent("red", (0, 1)),
        "r2": silent("red", (-1, 1)),
        "b1": silent("blue", (1, -1)),
        "b2": silent("blue", (5, -1)),
    }
    state = end(last_movement(models, "hold_the_ground", terrain=terrain))
    assert scenarios.scores(state) == (1.0, 1.0) and state.winner == "draw"


def test_king_of_the_hill_goes_to_the_side_with_more_models_on_the_hill():
    terrain = [{"id": "hill", "type": "hill", "hexes": HILL}]
    models = {"r1": silent("red", (0, 0)), "b1": silent("blue", (0, -6))}
    state = end(last_movement(models, "king_of_the_hill", terrain=terrain))
    assert state.winner == "red" and SYSTEM.outcome(state).winners == (0,)


def test_looting_credits_dice_follow_the_victims_armour_and_heroes_add_3d6():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, 3), armour=3, hero=True)},
        scenario="looting",
        phase="melee_attack",
        submitted={"blue": True},
    )
    state, events = play(
        state, "red", fire("melee_orders", ("r1", "b1")), dice=[1, 6, 1, 2, 3, 4, 5]
    )
    assert state.scen.credits == (15, 0)  # 2d6 for Armour 3, then 3d6 for a Hero
    assert "CreditsRolled" in kinds(events)


def rescue(**fields):
    models = {
        "r1": silent("red", (2, 0)),
        "r9": {**silent("red", (0, 0), hero=True, prisoner="held"), "hex": None},
        "b1": silent("blue", (6, -8)),
    }
    return position(
        models,
        scenario="rescue",
        scenario_state={
            "roles": {"attacker": "red", "defender": "blue"},
            "prison": [0, 0],
            "prisoner": "r9",
        },
        terrain=[{"id": "prison", "type": "building", "hexes": [[0, 0]]}],
        phase="movement",
        **fields,
    )


def test_rescue_a_model_ending_its_move_next_to_the_prison_frees_the_prisoner():
    state, events = play(
        rescue(), "red", {"type": "move", "model": "r1", "path": [[1, 0]], "release_hex": [0, 1]}
    )
    prisoner = state.model("r9")
    assert prisoner.prisoner == "free" and prisoner.hex == (0, 1) and prisoner.moved
    assert "PrisonerFreed" in kinds(events)
    assert scenarios.winner(state) == "red"


def test_rescue_the_freed_prisoner_moves_at_most_4_mp_and_escapes_off_the_attackers_edge():
    free = {"r9": {**silent("red", (0, 7), hero=True, prisoner="free")}}
    state = position(
        {"r1": silent("red", (2, 0)), "b1": silent("blue", (6, -8)), **free},
        scenario="rescue",
        scenario_state={
            "roles": {"attacker": "red", "defender": "blue"},
            "prison": [0, 0],
            "prisoner": "r9",
        },
        phase="movement",
    )
    with pytest.raises(IllegalMove) as caught:
        play(state, "red", {"type": "move", "model": "r9", "path": [[0, 6], [0, 5], [0, 4]]})
    assert caught.value.code == "not_enough_movement"
    state, events = play(state, "red", {"type": "move", "model": "r9", "path": [[0, 8]]})
    assert state.model("r9").prisoner == "escaped" and "PrisonerEscaped" in kinds(events)
    assert scenarios.winner(state) == "red"


def test_rescue_the_defender_wins_while_the_prisoner_is_held():
    assert scenarios.winner(rescue()) == "blue"


def barrel(**scenario_state):
    models = {
        "r1": silent("red", (0, 2)),
        "r2": silent("red", (1, 1)),
        "b1": silent("blue", (6, -8)),
    }
    return position(
        models,
        scenario="radioactive_barrel",
        scenario_state={"barrel": {"hex": [0, 0], **scenario_state}},
        phase="movement",
    )


def test_the_barrel_is_picked_up_by_a_model_ending_its_move_next_to_it():
    state, events = play(barrel(), "red", {"type": "move", "model": "r1", "path": [[0, 1]]})
    assert state.scen.barrel.carrier == "r1" and "BarrelPickedUp" in kinds(events)
    assert state.scen.barrel.moved == 0  # picking up is free (S4)


def test_the_barrel_travels_at_most_two_hexes_a_turn_passes_included():
    state = barrel(carrier="r1")
    state = state.with_models(replace(state.model("r1"), hex=(0, 0)))
    with pytest.raises(IllegalMove) as caught:
        play(state, "red", {"type": "move", "model": "r1", "path": [[0, 1], [0, 2], [0, 3]]})
    assert caught.value.code == "barrel_limit"
    state, _ = play(state, "red", {"type": "move", "model": "r1", "path": [[1, 0]]})
    state, events = play(state, "red", {"type": "pass_barrel", "from": "r1", "to": "r2"})
    assert state.scen.barrel.carrier == "r2" and state.scen.barrel.moved == 2
    with pytest.raises(IllegalMove) as caught:
        play(state, "red", {"type": "pass_barrel", "from": "r2", "to": "r1"})
    assert caught.value.code == "already_passed"


def test_the_barrel_in_the_opponents_half_wins_and_on_the_centre_line_draws():
    red_south = barrel()
    assert scenarios.winner(red_south) == "draw"
    north = position(
        {"r1": silent("red", (0, -2))},
        scenario="radioactive_barrel",
        scenario_state={"barrel": {"hex": [0, -2], "carrier": "r1"}},
    )
    assert scenarios.winner(north) == "red"


def test_a_shot_carrier_drops_the_barrel_where_it_fell():
    state = position(
        {"r1": model("red", (0, 4)), "b1": silent("blue", (0, -2))},
        scenario="radioactive_barrel",
        scenario_state={"barrel": {"hex": [0, -2], "carrier": "b1"}},
        phase="aimed_fire",
        submitted={"blue": True},
    )
    state, events = play(state, "red", fire("aimed_orders", ("r1", "b1")), dice=[1, 6])
    assert state.scen.barrel.carrier is None and state.scen.barrel.hex == (0, -2)
    assert "BarrelDropped" in kinds(events)


def test_a_model_killing_the_carrier_in_melee_takes_the_barrel():
    state = position(
        {"r1": model("red", (0, 1)), "b1": model("blue", (0, 0))},
        scenario="radioactive_barrel",
        scenario_state={"barrel": {"hex": [0, 0], "carrier": "b1"}},
        phase="melee_attack",
        submitted={"blue": True},
    )
    state, events = play(state, "red", fire("melee_orders", ("r1", "b1")), dice=[1, 6])
    assert state.scen.barrel.carrier == "r1" and state.scen.barrel.hex == (0, 1)
    assert "BarrelPickedUp" in kinds(events)


def test_looting_counts_the_armour_a_vehicle_had_when_it_died():
    walker = {"vehicle": True, "armour": 3, "move": 12, "melee": 2, "shoot": 0}
    state = position(
        {"r1": model("red", (0, 4), melee_attacks=2), "b1": {**model("blue", (0, 3)), **walker}},
        scenario="looting",
        phase="melee_attack",
        submitted={"blue": True},
    )
    # two hits through Armour 3 (dice 4, 4); damage 5 (Armour 2) then 6 (Boom);
    # looting: 1d6 for Armour 2, then 3d6 for a Vehicle.
    dice = [1, 4, 1, 4, 5, 6, 2, 2, 2, 2]
    state, _ = play(state, "red", fire("melee_orders", ("r1", "b1", "b1")), dice=dice)
    assert not state.model("b1").alive and state.scen.credits == (8, 0)
