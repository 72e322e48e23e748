"""The eleven minor factions (§7.4 «Factions Mineures»; spec section 9, R55-R59, R117), one
test or more named after each code. Seat 0's warlord stands on 3,-3 so that its minor units
may enter (R56)."""

from hxp import legal, play, position, refused

from games.engine.hexpanse.system import SYSTEM
from games.engine.hexpanse.view import view

WARLORDS = {"3,-3": (0, "warlord"), "-3,3": (1, "warlord")}


def pos_with(minors0, minors1=("M07",), units=None, **kw):
    return position(
        minors=[list(minors0), list(minors1)], units={**WARLORDS, **(units or {})}, **kw
    )


def protected(policy="ask"):
    """Seat 1's normal unit on 1,0 stands next to its Protector on 2,0."""
    units = {"0,0": (0, "normal"), "1,0": (1, "normal"), "2,0": (1, "minor", "M01")}
    return pos_with(["M06"], ["M01"], units, policy=["ask", policy])


def test_M01_the_defender_is_asked_mid_turn_and_may_sacrifice_its_protector():
    attack = {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"}
    asked = play(protected(), attack)
    assert SYSTEM.to_act(asked.state) == (1,)
    assert asked.json["pending"][0]["kind"] == "protect"
    assert asked.json["pending"][0]["protectors"] == ["2,0"]
    assert legal(asked.state, 1)[0] == {"seat": 1, "do": "protect", "with": None}  # the default
    saved = play(asked.state, {"seat": 1, "do": "protect", "with": "2,0"})
    assert saved.at("1,0") == {"owner": 1, "kind": "normal"} and saved.at("2,0") is None
    assert saved.seat(1)["healing"]["minor"] == {"M01": 1}
    assert saved.at("0,0") is None  # the attacker is still removed (R71)
    assert SYSTEM.to_act(saved.state) == (0,)


def test_M01_a_defender_that_declines_loses_the_attacked_unit():
    asked = play(protected(), {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"})
    lost = play(asked.state, {"seat": 1, "do": "protect", "with": None})
    assert lost.at("1,0") is None and lost.at("2,0")["minor"] == "M01"


def test_M01_standing_orders_answer_without_waiting_R117():
    attack = {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"}
    always = play(protected("always"), attack)
    assert always.json["pending"] == [] and always.at("1,0") and always.at("2,0") is None
    never = play(protected("never"), attack)
    assert never.json["pending"] == [] and never.at("1,0") is None


def test_M01_the_standing_order_is_hidden_from_other_teams():
    pos = protected("always")
    from hxp import load

    state = load(pos)
    assert view(state, 0)["seats"][1]["protector_policy"] == "hidden"
    assert view(state, 1)["seats"][1]["protector_policy"] == "always"
    changed = play(state, {"seat": 0, "do": "set_policy", "policy": "never"})
    assert changed.seat(0)["protector_policy"] == "never"
    assert changed.json["turn"]["actions_left"] == 2  # not an action


def test_M01_a_card_attack_waits_for_the_answer_then_finishes_R112():
    pos = pos_with(
        ["M06"],
        ["M01"],
        {"0,0": (1, "normal"), "0,1": (1, "normal"), "1,0": (1, "minor", "M01")},
        hands=[["A19"], []],
    )
    asked = play(
        pos, {"seat": 0, "do": "play", "card": "A19", "option": 1, "at": "0,0", "rotation": 0}
    )
    assert asked.json["pending"][0]["target"] == "0,0"
    # Both attacked units stand next to the Protector: it can save one, then the other falls.
    first = play(asked.state, {"seat": 1, "do": "protect", "with": "1,0"})
    assert first.at("0,0") and first.at("1,0") is None and first.at("0,1") is None
    assert first.json["pending"] == []


def test_M01_does_not_answer_a_terran_replacement_R86():
    units = {"0,0": (0, "warlord"), "1,0": (1, "normal"), "2,0": (1, "minor", "M01")}
    pos = position(minors=[["M06"], ["M01"]], units={**units, "-3,3": (1, "warlord")})
    done = play(pos, {"seat": 0, "do": "ability", "hex": "1,0", "unit": "normal"})
    assert done.json["pending"] == [] and done.at("1,0")["owner"] == 0


def test_M02_cauldron_born_goes_straight_back_to_the_reserve():
    pos = pos_with(["M06"], ["M02"], {"0,0": (0, "normal"), "1,0": (1, "minor", "M02")})
    done = play(pos, {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"})
    assert done.seat(1)["reserve"]["minor"] == {"M02": 3}
    assert done.seat(1)["healing"]["minor"] == {"M02": 0}


def test_M03_odins_wolf_destroys_an_adjacent_territory_and_moves_in_once_a_turn():
    pos = pos_with(["M03"], units={"0,0": (0, "minor", "M03"), "1,0": (1, "normal")})
    done = play(pos, {"seat": 0, "do": "activate", "hex": "0,0", "target": "1,0"})
    assert done.at("0,0") is None and done.at("1,0")["minor"] == "M03"
    again = {"seat": 0, "do": "activate", "hex": "1,0", "target": "2,0"}
    assert refused(done.state, again).code == "ability_already_used"
    far = {"seat": 0, "do": "activate", "hex": "0,0", "target": "2,0"}
    assert refused(pos, far).code == "not_adjacent"


def test_M03_a_warlord_target_is_wounded_and_the_wolf_stays():
    pos = pos_with(["M03"], units={"-2,3": (0, "minor", "M03")})
    done = play(pos, {"seat": 0, "do": "activate", "hex": "-2,3", "target": "-3,3"})
    assert done.seat(1)["life"] == 5 and done.at("-2,3")["minor"] == "M03"


def test_M04_duvalls_air_cavalry_swaps_itself_or_moves_anywhere():
    pos = pos_with(["M04"], units={"0,0": (0, "minor", "M04"), "-2,2": (1, "normal")})
    swapped = play(pos, {"seat": 0, "do": "activate", "hex": "0,0", "swap": ["0,0", "-2,2"]})
    assert swapped.at("-2,2")["minor"] == "M04" and swapped.at("0,0")["owner"] == 1
    assert swapped.seat(0)["hexilum"] == 0  # 0,0 to -2,2: hexilum to hexilum pays nothing (R94)
    moved = play(pos, {"seat": 0, "do": "activate", "hex": "0,0", "move": ["0,0", "1,-3"]})
    assert moved.at("1,-3")["minor"] == "M04"


def test_M05_resurrectors_bring_back_a_unit_next_to_them_but_not_another_resurrector():
    pos = pos_with(["M05"], healing=[{"normal": 1, "M05": 1}, {}])
    entered = play(pos, {"seat": 0, "do": "place", "unit": "minor", "minor": "M05", "hex": "0,0"})
    assert entered.json["pending"][0]["minor"] == "M05"
    done = play(
        entered.state, {"seat": 0, "do": "resolve", "place": [{"hex": "1,0", "unit": "normal"}]}
    )
    assert (
        done.at("1,0") == {"owner": 0, "kind": "normal"} and done.seat(0)["healing"]["normal"] == 0
    )
    twin = {"seat": 0, "do": "resolve", "place": [{"hex": "1,0", "unit": "minor", "minor": "M05"}]}
    assert refused(entered.state, twin).code == "illegal_target"


def enter_minor(code, hex_, units, **kw):
    pos = pos_with([code], units=units, **kw)
    return play(pos, {"seat": 0, "do": "place", "unit": "minor", "minor": code, "hex": hex_})


def test_M06_cymurai_must_attack_next_to_it_and_heals_the_warlord():
    entered = enter_minor("M06", "0,0", {"1,0": (1, "normal")}, life=[5, 6])
    assert refused(entered.state, {"seat": 0, "do": "resolve", "skip": True}).code == "invalid_move"
    done = play(entered.state, {"seat": 0, "do": "resolve", "target": "1,0"})
    assert done.at("1,0") is None and done.at("0,0")["minor"] == "M06"
    assert done.seat(0)["life"] == 6


def test_M06_with_nothing_next_to_it_may_skip():
    entered = enter_minor("M06", "0,0", {})
    assert play(entered.state, {"seat": 0, "do": "resolve", "skip": True}).json["pending"] == []


def test_M07_slave_hunters_gain_one_hexilum_when_they_hit():
    entered = enter_minor("M07", "1,0", {"1,1": (1, "normal")})
    done = play(entered.state, {"seat": 0, "do": "resolve", "target": "1,1"})
    assert done.seat(0)["hexilum"] == 1


def test_M08_body_hunters_recover_one_unit_when_they_hit():
    entered = enter_minor("M08", "1,0", {"1,1": (1, "normal")}, healing=[{"normal": 2}, {}])
    done = play(entered.state, {"seat": 0, "do": "resolve", "target": "1,1"})
    assert done.seat(0)["healing"]["normal"] == 1


def test_M09_ox_miners_on_a_hexilum_hex_gain_two_more():
    done = enter_minor("M09", "2,0", {})
    assert done.seat(0)["hexilum"] == 3


def test_M10_lees_platoon_must_attack_two_hexes_by_its_pattern():
    entered = enter_minor("M10", "0,0", {"-1,0": (1, "normal"), "1,-1": (1, "normal")})
    done = play(entered.state, {"seat": 0, "do": "resolve", "rotation": 0})
    assert done.at("-1,0") is None and done.at("1,-1") is None


def test_M11_guardians_of_the_halo_pay_four_when_sent_to_the_healing_ship():
    pos = pos_with(["M06"], ["M11"], {"0,0": (0, "normal"), "1,0": (1, "minor", "M11")})
    pos["units"]["-3,3"] = {"owner": 1, "kind": "warlord"}
    done = play(pos, {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"})
    assert done.seat(1)["hexilum"] == 4
