"""Snap and aimed fire (skirmish.md §8.1, D6, D10–D13, D17; rulebook 004 "Séquence du tour" 2
and 4, "Objets hi-tech", "Calculs du coût des figurines": Puissante). Dice order §14.2: to-hit,
cover dice until one stops the shot, armour die, bionic die."""

import pytest

from games.engine.protocol import IllegalMove
from tests.engine.skirmish.sk import fire, kinds, model, play, position

BLUE_SILENT = {"shoot": 0}


def shot(
    targets=("b1",), *, red=None, blue=None, extra=None, terrain=(), kind="aimed_orders", dice=()
):
    models = {
        "r1": {**model("red", (0, 4)), **(red or {})},
        "b1": {**model("blue", (0, -2), **BLUE_SILENT), **(blue or {})},
        **(extra or {}),
    }
    state = position(
        models,
        phase="snap_fire" if kind == "snap_orders" else "aimed_fire",
        submitted={"blue": True},  # blue has nothing to decide (§12: as the engine would set)
        terrain=[
            {"id": f"t{i}", "type": t, "hexes": [list(h)]} for i, (t, h) in enumerate(terrain)
        ],
    )
    return play(state, "red", fire(kind, ("r1", *targets)), dice=dice)


ABLE = {"r3": model("red", (3, 3)), "b3": model("blue", (5, -2), shoot=0)}


def refusal(*args, extra=None, **kwargs):
    """The refusal of r1's order while red has another able shooter (so red must decide)."""
    with pytest.raises(IllegalMove) as caught:
        shot(*args, extra={**ABLE, **(extra or {})}, **kwargs)
    return caught.value.code


def test_a_hit_on_shoot_or_less_kills_unless_the_armour_roll_saves():
    state, events = shot(dice=[3, 3])  # hit (3 <= 3), armour 2 fails on 3
    assert not state.model("b1").alive
    assert kinds(events)[2:5] == ["ShotRolled", "ArmourRolled", "ModelHit"]
    state, _ = shot(dice=[3, 2])  # saved on 2 <= 2
    assert state.model("b1").alive
    state, _ = shot(dice=[4])  # miss: no armour die
    assert state.model("b1").alive


def test_snap_fire_misses_above_shoot_minus_one():
    state, _ = shot(kind="snap_orders", dice=[3])  # 3 > 3 - 1: a miss
    assert state.model("b1").alive and state.model("r1").snap_fired


def test_snap_fire_hits_on_shoot_minus_one():
    state, _ = shot(kind="snap_orders", dice=[2, 6])
    assert not state.model("b1").alive and state.model("r1").snap_fired


def test_a_model_that_snap_fired_takes_no_aimed_fire():
    assert refusal(red={"snap_fired": True}) == "snap_fired_this_turn"


def test_a_model_that_moved_more_than_half_its_move_cannot_shoot():
    assert refusal(red={"mp_spent": 4}) == "moved_too_far_to_shoot"
    state, _ = shot(red={"mp_spent": 3}, dice=[6])
    assert state.model("b1").alive


def test_range_is_eight_hexes_or_twelve_with_a_bionic_eye():
    far = {"hex": [0, -5]}  # 9 hexes from (0, 4)
    assert refusal(blue=far) == "out_of_range"
    state, _ = shot(blue=far, red={"item": "bionic_eye", "hero": True}, dice=[6])
    assert state.model("b1").alive


def test_no_shot_into_or_out_of_a_melee():
    assert refusal(extra={"b2": model("blue", (0, 3), shoot=0)}, targets=("b2",)) == "model_engaged"
    assert refusal(extra={"r2": model("red", (0, -1), moved=True)}) == "target_in_melee"


def test_each_cover_on_the_line_stops_the_shot_on_4_to_6():
    state, events = shot(terrain=[("cover", (0, 1))], dice=[1, 4])
    assert state.model("b1").alive and kinds(events).count("CoverRolled") == 1
    state, events = shot(terrain=[("cover", (0, 1)), ("obstacle", (0, 0))], dice=[1, 3, 2, 6])
    assert not state.model("b1").alive and kinds(events).count("CoverRolled") == 2


def test_the_targets_own_cover_hex_and_a_holo_field_each_add_a_cover_die():
    state, events = shot(
        terrain=[("cover", (0, -2))], blue={"item": "holo_field", "hero": True}, dice=[1, 1, 3, 6]
    )
    assert kinds(events).count("CoverRolled") == 2 and not state.model("b1").alive


def test_woods_between_block_the_line_but_a_model_in_woods_shoots_out():
    assert refusal(terrain=[("woods", (0, 1))]) == "no_line_of_sight"
    assert refusal(terrain=[("building", (0, 1))]) == "no_line_of_sight"
    state, events = shot(terrain=[("woods", (0, 4))], dice=[1, 6])
    assert kinds(events).count("CoverRolled") == 0 and not state.model("b1").alive
    state, events = shot(terrain=[("ruins", (0, -2))], dice=[1, 1, 6])
    assert kinds(events).count("CoverRolled") == 1  # the target's own ruins hex is cover
    assert refusal(terrain=[("woods", (0, 4)), ("ruins", (0, -2))]) == "no_line_of_sight"


def test_a_hero_may_be_shot_only_when_it_is_the_nearest_valid_target():
    extra = {"b2": model("blue", (0, 0), shoot=0)}
    assert refusal(blue={"hero": True}, extra=extra) == "hero_not_nearest"
    state, _ = shot(blue={"hero": True}, dice=[6])
    assert state.model("b1").alive


def test_powerful_lowers_the_targets_armour_unless_it_is_powerful_too():
    state, _ = shot(red={"powerful": True}, dice=[1, 2])  # armour 2 - 1 = 1: a 2 fails
    assert not state.model("b1").alive
    state, _ = shot(red={"powerful": True}, blue={"powerful": True}, dice=[1, 2])
    assert state.model("b1").alive


def test_armour_zero_rolls_no_armour_die():
    state, events = shot(blue={"armour": 0}, dice=[1])
    assert not state.model("b1").alive and "ArmourRolled" not in kinds(events)


def test_a_protection_field_gives_plus_one_armour_to_allies_within_two_hexes():
    field = {"b9": model("blue", (2, -3), shoot=0, hero=True, item="protection_field")}
    state, _ = shot(extra=field, dice=[1, 3])
    assert state.model("b1").alive
    far = {"b9": model("blue", (3, -3), shoot=0, hero=True, item="protection_field")}
    state, _ = shot(extra=far, dice=[1, 3])
    assert not state.model("b1").alive


def test_a_bionic_body_saves_a_failed_armour_roll_on_1_or_2():
    body = {"hero": True, "item": "bionic_body"}
    state, _ = shot(blue=body, dice=[1, 6, 2])
    assert state.model("b1").alive
    state, _ = shot(blue=body, dice=[1, 6, 3])
    assert not state.model("b1").alive


def test_several_ranged_attacks_each_take_a_target():
    extra = {"b2": model("blue", (1, -2), shoot=0)}
    state, _ = shot(targets=("b1", "b2"), red={"shoot_attacks": 2}, extra=extra, dice=[1, 6, 1, 6])
    assert not state.model("b1").alive and not state.model("b2").alive
    assert refusal(targets=("b1", "b1")) == "too_many_attacks"


def test_casualties_still_shoot_in_the_phase_they_fall():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -2))},
        phase="aimed_fire",
        initiative_order=["red", "blue"],
    )
    state, _ = play(state, "blue", fire("aimed_orders", ("b1", "r1")))
    state, _ = play(state, "red", fire("aimed_orders", ("r1", "b1")), dice=[1, 6, 1, 6])
    assert not state.model("b1").alive and not state.model("r1").alive
