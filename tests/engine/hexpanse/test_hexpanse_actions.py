"""The action phase (§5.5 «2. Phase d'Action»; spec R60-R79, R41-R47, R64-R66)."""

from hxp import play, position, refused


def test_a_normal_unit_is_placed_on_an_empty_hex_from_the_reserve_R69():
    after = play(position(), {"seat": 0, "do": "place", "unit": "normal", "hex": "1,0"})
    assert after.at("1,0") == {"owner": 0, "kind": "normal"}
    assert after.seat(0)["reserve"]["normal"] == 8
    assert after.json["turn"]["actions_left"] == 1


def test_placing_on_a_hexilum_hex_pays_one_R37_R38():
    after = play(position(), {"seat": 0, "do": "place", "unit": "normal", "hex": "2,0"})
    assert after.seat(0)["hexilum"] == 1


def test_an_occupied_or_unplayable_hex_is_refused_R40_R36():
    pos = position(units={"1,0": (1, "normal")})
    assert refused(pos, {"seat": 0, "do": "place", "unit": "normal", "hex": "1,0"}).code == (
        "hex_occupied"
    )
    # Two players use only the 37 inner hexes of the small board (R36).
    assert refused(pos, {"seat": 0, "do": "place", "unit": "normal", "hex": "4,0"}).code == (
        "hex_not_playable"
    )
    three = position(seats=3)
    assert play(three, {"seat": 0, "do": "place", "unit": "normal", "hex": "4,0"}).at("4,0")


def test_a_minor_unit_waits_for_its_warlord_R56():
    pos = position()
    move = {"seat": 0, "do": "place", "unit": "minor", "minor": "M06", "hex": "1,0"}
    assert refused(pos, move).code == "warlord_not_on_board"
    after = play(
        pos,
        {"seat": 0, "do": "place", "unit": "warlord", "hex": "0,1"},
        {"seat": 0, "do": "place", "unit": "minor", "minor": "M06", "hex": "-2,1"},
    )
    assert after.at("-2,1") == {"owner": 0, "kind": "minor", "minor": "M06"}


def test_the_warlord_is_placed_once_anywhere_and_collects_hexilum_R60():
    after = play(position(), {"seat": 0, "do": "place", "unit": "warlord", "hex": "0,0"})
    assert after.at("0,0") == {"owner": 0, "kind": "warlord"}
    assert after.seat(0)["hexilum"] == 1
    again = {"seat": 0, "do": "place", "unit": "warlord", "hex": "1,0"}
    assert refused(after.state, again).code == "warlord_already_on_board"


def test_an_empty_reserve_refuses_a_placement():
    pos = position(healing=[{"normal": 9}, {}])
    move = {"seat": 0, "do": "place", "unit": "normal", "hex": "1,0"}
    assert refused(pos, move).code == "no_unit_in_reserve"


def test_only_own_normal_and_elite_units_return_to_the_reserve_R70():
    pos = position(
        elite=1,
        units={"1,0": (0, "elite"), "0,1": (0, "warlord"), "-1,0": (0, "minor", "M06")},
    )
    after = play(pos, {"seat": 0, "do": "return", "hex": "1,0"})
    assert after.at("1,0") is None and after.seat(0)["reserve"]["elite"] == 1
    for h in ("0,1", "-1,0"):
        assert refused(pos, {"seat": 0, "do": "return", "hex": h}).code == "cannot_return_unit"
    assert refused(pos, {"seat": 0, "do": "return", "hex": "0,-1"}).code == "hex_empty"


def test_a_unit_comes_back_from_the_healing_ship_to_the_reserve_R72():
    after = play(
        position(healing=[{"normal": 2}, {}]), {"seat": 0, "do": "recover", "unit": "normal"}
    )
    assert after.seat(0)["healing"]["normal"] == 1 and after.seat(0)["reserve"]["normal"] == 8
    assert refused(position(), {"seat": 0, "do": "recover", "unit": "normal"}).code == (
        "no_unit_in_healing"
    )


def test_an_attack_sends_both_units_to_their_healing_ships_R71_R45():
    pos = position(units={"0,0": (0, "normal"), "1,0": (1, "normal")})
    after = play(pos, {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"})
    assert after.at("0,0") is None and after.at("1,0") is None
    assert after.seat(0)["healing"]["normal"] == 1 and after.seat(1)["healing"]["normal"] == 1


def test_an_attacking_elite_stays_on_the_board_R20_R47():
    pos = position(elite=1, units={"0,0": (0, "elite"), "1,0": (1, "normal")})
    after = play(pos, {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"})
    assert after.at("0,0") == {"owner": 0, "kind": "elite"} and after.at("1,0") is None


def test_an_attacked_elite_goes_to_the_healing_ship_R20():
    pos = position(elite=1, units={"0,0": (0, "normal"), "1,0": (1, "elite")})
    after = play(pos, {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"})
    assert after.seat(1)["healing"]["elite"] == 1


def test_a_warlord_attack_wounds_the_attacker_after_the_effect_and_may_repeat_R66_R126():
    pos = position(units={"0,0": (0, "warlord"), "1,0": (1, "normal"), "0,1": (1, "normal")})
    after = play(
        pos,
        {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"},
        {"seat": 0, "do": "attack", "from": "0,0", "to": "0,1"},
    )
    assert after.seat(0)["life"] == 4
    assert after.at("0,0") == {"owner": 0, "kind": "warlord"}
    assert after.seat(1)["healing"]["normal"] == 2


def test_a_unit_attacking_a_warlord_wounds_it_by_one_R61():
    pos = position(units={"0,0": (0, "normal"), "1,0": (1, "warlord")}, life=[6, 4])
    after = play(pos, {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"})
    assert after.seat(1)["life"] == 3 and after.at("1,0")["kind"] == "warlord"


def test_attacks_need_adjacent_units_and_an_able_attacker_R71_R58():
    pos = position(
        units={
            "0,0": (0, "normal"),
            "2,0": (1, "normal"),
            "1,0": (0, "minor", "M11"),
            "-3,0": (0, "warlord"),
        },
        minors=[["M11"], ["M07"]],
    )
    assert refused(pos, {"seat": 0, "do": "attack", "from": "0,0", "to": "2,0"}).code == (
        "not_adjacent"
    )
    assert refused(pos, {"seat": 0, "do": "attack", "from": "1,0", "to": "2,0"}).code == (
        "cannot_attack_with_unit"
    )
    assert refused(pos, {"seat": 0, "do": "attack", "from": "2,0", "to": "1,0"}).code == (
        "cannot_attack_with_unit"
    )
    assert refused(pos, {"seat": 0, "do": "attack", "from": "0,0", "to": "-1,0"}).code == (
        "hex_empty"
    )


def test_own_units_may_be_attacked_R71():
    pos = position(units={"0,0": (0, "normal"), "1,0": (0, "normal")})
    after = play(pos, {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"})
    assert after.seat(0)["healing"]["normal"] == 2


def test_a_mercenary_that_attacks_leaves_the_game_with_its_card_R53():
    pos = position(units={"0,0": (0, "merc", "C03"), "1,0": (1, "normal")}, mercs=[{"C03": 0}, {}])
    after = play(pos, {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"})
    assert "C03" not in after.seat(0)["mercs"] and "C03" in after.json["out_of_game"]
    assert after.seat(0)["healing"]["normal"] == 0


def test_gaining_hexilum_and_raising_income_at_the_price_of_the_level_reached_R75_R76():
    pos = position(hexilum=[2, 0])
    after = play(pos, {"seat": 0, "do": "raise_income"}, {"seat": 0, "do": "gain"})
    assert after.seat(0)["income"] == 2 and after.seat(0)["hexilum"] == 1
    assert refused(
        position(hexilum=[2, 0], income=[2, 1]), {"seat": 0, "do": "raise_income"}
    ).code == ("not_enough_hexilum")
    assert refused(
        position(hexilum=[9, 0], income=[4, 1]), {"seat": 0, "do": "raise_income"}
    ).code == ("income_at_max")


def test_the_warlord_heals_one_at_most_to_twelve_once_a_turn_R77_R64():
    pos = position(units={"0,0": (0, "warlord")}, life=[12, 6])
    after = play(pos, {"seat": 0, "do": "heal"})
    assert after.seat(0)["life"] == 12
    assert refused(after.state, {"seat": 0, "do": "heal"}).code == "warlord_action_used"
    assert refused(position(), {"seat": 0, "do": "heal"}).code == "warlord_not_on_board"


def test_the_warlord_moves_to_an_adjacent_empty_hex_and_takes_a_wound_R78():
    pos = position(units={"1,0": (0, "warlord")})
    after = play(pos, {"seat": 0, "do": "move_warlord", "to": "2,0"})
    assert after.at("2,0")["kind"] == "warlord" and after.seat(0)["life"] == 5
    assert after.seat(0)["hexilum"] == 1  # 2,0 gives hexilum (R39)
    again = {"seat": 0, "do": "move_warlord", "to": "2,1"}
    assert refused(after.state, again).code == "warlord_action_used"
    assert refused(pos, {"seat": 0, "do": "move_warlord", "to": "3,0"}).code == "not_adjacent"


def test_two_actions_then_the_market_phase_R68_and_the_same_action_twice():
    after = play(position(), {"seat": 0, "do": "gain"}, {"seat": 0, "do": "gain"})
    assert after.json["turn"]["phase"] == "market"
    assert refused(after.state, {"seat": 0, "do": "gain"}).code == "no_actions_left"


def test_a_player_may_stop_early_and_market_moves_wait_for_the_market_phase():
    pos = position()
    assert refused(pos, {"seat": 0, "do": "end_turn"}).code == "wrong_phase"
    after = play(pos, {"seat": 0, "do": "end_actions"})
    assert after.json["turn"]["phase"] == "market"


def test_moving_out_of_turn_is_refused():
    assert refused(position(), {"seat": 1, "do": "gain"}).code == "not_your_turn"


def test_a_warlord_on_its_skull_that_moves_eliminates_its_player_R63():
    pos = position(seats=3, units={"0,0": (0, "warlord"), "2,2": (0, "normal")}, life=[1, 6, 6])
    after = play(pos, {"seat": 0, "do": "move_warlord", "to": "1,0"})
    assert after.seat(0)["alive"] is False
    assert after.at("2,2") == {"owner": None, "kind": "normal", "was": 0}
    assert after.json["turn"]["seat"] == 1  # R125: the turn ends at once
