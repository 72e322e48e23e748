"""Every market card, one test named after its code (§7.3 «La liste des cartes»; spec section
8.2; patterns of section 13.4). Mercenaries enter by the Place action and their entry ability
waits for a `resolve` move (H3); reusable ones are activated for an action later (R50-R51).
"""

import json

import pytest
from hxp import play, position, refused

from games.engine.hexpanse.data import cards
from games.engine.hexpanse.view import view

SPEC_COSTS = {
    "C01": 3, "C02": 4, "C03": 4, "C04": 4, "C05": 5, "C06": 2, "C07": 3, "C08": 4, "C09": 4,
    "C10": 4, "C11": 3, "C12": 4, "C13": 6, "C14": 4, "C15": 3, "C16": 3, "C17": 3, "C18": 3,
    "C19": 4, "C20": 4, "C21": 7, "C22": 5, "C23": 3, "C24": 4, "C25": 2,
    "A01": 2, "A02": 3, "A03": 2, "A04": 2, "A05": 4, "A06": 4, "A07": 5, "A08": 1, "A09": 3,
    "A10": 1, "A11": 2, "A12": 3, "A13": 1, "A14": 1, "A15": 1, "A16": 3, "A17": 3, "A18": 3,
    "A19": 4, "A20": 4, "A21": 4, "A22": 2, "A23": 2, "A24": 5, "A25": 5,
}  # fmt: skip


def test_the_fifty_cards_cost_what_the_spec_designs_and_nine_mercenaries_are_reusable():
    assert {code: c.cost for code, c in cards().items()} == SPEC_COSTS
    reusable = sorted(code for code, c in cards().items() if c.reusable)
    assert reusable == ["C01", "C02", "C05", "C18", "C19", "C20", "C21", "C22", "C25"]


def enter(code, hex_="0,0", **kw):
    """Seat 0 places mercenary `code` on `hex_` (its card bought earlier)."""
    pos = position(mercs=[{code: cards()[code].tokens}, {}], **kw)
    return play(pos, {"seat": 0, "do": "place", "unit": "merc", "card": code, "hex": hex_})


def resolve(after, **params):
    return play(after.state, {"seat": 0, "do": "resolve", **params})


def test_C01_lowry_moves_itself_on_entry_and_swaps_itself_later():
    after = enter("C01", "1,0")
    assert after.json["pending"] == [{"seat": 0, "kind": "ability", "source": "1,0", "card": "C01"}]
    moved = resolve(after, move=["1,0", "2,0"])
    assert moved.at("2,0")["card"] == "C01" and moved.seat(0)["hexilum"] == 1  # R94
    pos = position(units={"1,0": (0, "merc", "C01"), "1,1": (1, "normal")}, mercs=[{"C01": 0}, {}])
    swapped = play(pos, {"seat": 0, "do": "activate", "card": "C01", "swap": ["1,0", "1,1"]})
    assert swapped.at("1,1")["card"] == "C01" and swapped.at("1,0")["owner"] == 1
    again = {"seat": 0, "do": "activate", "card": "C01", "swap": ["1,1", "1,0"]}
    assert refused(swapped.state, again).code == "ability_already_used"  # R51


def test_C02_lorenzo_kroisos_pays_two_on_entry_and_for_an_action():
    after = enter("C02", "1,0")
    assert after.seat(0)["hexilum"] == 2 and after.json["pending"] == []
    again = play(after.state, {"seat": 0, "do": "activate", "card": "C02"})
    assert again.seat(0)["hexilum"] == 4 and again.json["turn"]["phase"] == "market"


@pytest.mark.parametrize(
    ("code", "cells"),
    [
        ("C03", ["0,-1", "0,-2", "0,-3"]),
        ("C04", ["0,-1", "1,0", "-1,1"]),
        ("C06", ["0,-2"]),
        ("C07", ["0,-1", "0,-2"]),
        ("C08", ["-1,0", "0,-1", "1,-1"]),
        ("C11", ["-1,0", "1,-1"]),
    ],
)
def test_C03_C04_C06_C07_C08_C11_place_units_by_their_patterns(code, cells):
    after = enter(code)
    place = [{"hex": h, "unit": "normal"} for h in cells]
    done = resolve(after, rotation=0, place=place)
    assert all(done.at(h) == {"owner": 0, "kind": "normal"} for h in cells)
    # Placements are optional (R95), and only on the pattern's cells.
    assert resolve(after, skip=True).seat(0)["reserve"]["normal"] == 9
    off = {"seat": 0, "do": "resolve", "rotation": 0, "place": [{"hex": "2,1", "unit": "normal"}]}
    assert refused(after.state, off).code == "illegal_target"


def test_C03_turned_one_step_places_along_the_next_direction():
    done = resolve(enter("C03"), rotation=1, place=[{"hex": "1,-1", "unit": "normal"}])
    assert done.at("1,-1")["kind"] == "normal"


def test_C05_rc_headhunter_wounds_an_enemy_warlord_on_entry_and_for_an_action():
    after = enter("C05", "1,0")
    assert refused(after.state, {"seat": 0, "do": "resolve", "skip": True}).code == "invalid_move"
    hit = resolve(after, player=1)
    assert hit.seat(1)["life"] == 5
    again = play(hit.state, {"seat": 0, "do": "activate", "card": "C05", "player": 1})
    assert again.seat(1)["life"] == 4
    assert refused(hit.state, {"seat": 0, "do": "activate", "card": "C05", "player": 0}).code == (
        "illegal_target"
    )


def test_C09_the_baron_must_attack_one_territory_then_places_two():
    after = enter("C09", units={"0,-1": (1, "normal")})
    done = resolve(
        after,
        rotation=0,
        place=[{"hex": "-1,0", "unit": "normal"}, {"hex": "1,-1", "unit": "normal"}],
    )
    assert done.at("0,-1") is None and done.seat(1)["healing"]["normal"] == 1
    assert done.at("-1,0") and done.at("1,-1")
    assert refused(after.state, {"seat": 0, "do": "resolve", "skip": True}).code == "invalid_move"


def test_C10_maria_murdock_attacks_two_territories_and_places_one():
    after = enter("C10", units={"-1,0": (1, "normal"), "1,-1": (0, "normal")})
    done = resolve(after, rotation=0, place=[{"hex": "0,-1", "unit": "normal"}])
    # Compulsory even against one's own unit (R100).
    assert done.at("-1,0") is None and done.at("1,-1") is None
    assert done.seat(0)["healing"]["normal"] == 1 and done.at("0,-1")["kind"] == "normal"


def test_C12_lilith_attacks_three_territories():
    units = {"0,-1": (1, "normal"), "1,0": (1, "normal"), "-1,1": (1, "warlord")}
    done = resolve(enter("C12", units=units), rotation=0)
    assert done.at("0,-1") is None and done.at("1,0") is None
    assert done.seat(1)["life"] == 5 and done.at("-1,1")["kind"] == "warlord"


def test_C13_smiling_killer_attacks_three_and_places_three_all_round():
    units = {"0,-1": (1, "normal"), "1,0": (1, "normal"), "-1,1": (1, "normal")}
    place = [{"hex": h, "unit": "normal"} for h in ("1,-1", "0,1", "-1,0")]
    done = resolve(enter("C13", units=units), rotation=0, place=place)
    assert done.seat(1)["healing"]["normal"] == 3
    assert all(done.at(h)["owner"] == 0 for h in ("1,-1", "0,1", "-1,0"))


@pytest.mark.parametrize(
    ("code", "cells"),
    [("C14", ["0,-1", "0,-2", "0,-3"]), ("C15", ["0,-1", "0,1"]), ("C16", ["0,-1", "0,-2"])],
)
def test_C14_C15_C16_attack_by_their_patterns(code, cells):
    units = dict.fromkeys(cells, (1, "normal"))
    done = resolve(enter(code, units=units), rotation=0)
    assert all(done.at(h) is None for h in cells)
    assert done.seat(1)["healing"]["normal"] == len(cells)


def test_C17_herbert_strikes_ahead_and_covers_the_back():
    after = enter("C17", units={"0,-1": (1, "normal")})
    done = resolve(after, rotation=0, place=[{"hex": "0,1", "unit": "normal"}])
    assert done.at("0,-1") is None and done.at("0,1")["owner"] == 0


def test_C18_lady_chali_recovers_two_units_on_entry_and_for_an_action():
    after = enter("C18", "1,0", healing=[{"normal": 3}, {}])
    done = resolve(after)
    assert done.seat(0)["healing"]["normal"] == 1
    again = play(
        done.state, {"seat": 0, "do": "activate", "card": "C18", "units": [{"unit": "normal"}]}
    )
    assert again.seat(0)["healing"]["normal"] == 0


def test_C19_tax_1138_heals_two_by_itself_to_twelve_at_most():
    after = enter("C19", "1,0", life=[11, 6])
    assert after.seat(0)["life"] == 12 and after.json["pending"] == []


def test_C20_contessa_carmilla_sends_two_reserve_units_to_the_healing_ship():
    done = resolve(enter("C20", "1,0"), player=1)
    assert done.seat(1)["reserve"]["normal"] == 7 and done.seat(1)["healing"]["normal"] == 2


def test_C21_westwood_attacks_any_unit_on_the_board():
    after = enter("C21", "1,0", units={"-3,3": (1, "normal")})
    assert after.json["pending"][0]["card"] == "C21"
    assert resolve(after, target="-3,3").at("-3,3") is None
    pos = position(
        units={"1,0": (0, "merc", "C21"), "-3,3": (1, "merc", "C03")},
        mercs=[{"C21": 0}, {"C03": 0}],
    )
    done = play(pos, {"seat": 0, "do": "activate", "card": "C21", "target": "-3,3"})
    assert done.at("-3,3") is None and "C03" in done.json["out_of_game"]


def test_C22_master_of_puppets_swaps_any_two_units():
    units = {"2,0": (1, "normal"), "-2,0": (1, "minor", "M07")}
    pos = position(
        units={**units, "1,0": (0, "merc", "C22"), "-3,0": (1, "warlord")}, mercs=[{"C22": 0}, {}]
    )
    done = play(pos, {"seat": 0, "do": "activate", "card": "C22", "swap": ["2,0", "-2,0"]})
    assert done.at("2,0")["kind"] == "minor" and done.at("-2,0")["kind"] == "normal"
    warlord = {"seat": 0, "do": "activate", "card": "C22", "swap": ["2,0", "-3,0"]}
    assert refused(pos, warlord).code == "illegal_target"  # R65


def test_C23_heinleins_squad_gives_three_plain_tokens_and_leaves_with_the_last():
    after = enter("C23", "1,0")
    assert after.seat(0)["mercs"] == {"C23": 2} and after.json["pending"] == []
    pos = position(units={"1,0": (0, "merc", "C23"), "2,0": (1, "normal")}, mercs=[{"C23": 0}, {}])
    done = play(pos, {"seat": 0, "do": "attack", "from": "1,0", "to": "2,0"})
    assert "C23" not in done.seat(0)["mercs"] and "C23" in done.json["out_of_game"]


def test_C24_canaris_carmilla_wounds_an_adjacent_enemy_warlord_three_times():
    done = resolve(enter("C24", "1,0", units={"2,0": (1, "warlord")}), target="2,0")
    assert done.seat(1)["life"] == 3
    lonely = enter("C24", "1,0")
    assert resolve(lonely, skip=True).json["pending"] == []


def test_C25_the_librarian_shows_its_owner_five_extra_cards_in_the_market_phase():
    after = enter("C25", "1,0")
    assert after.json["turn"]["extra_market"] == 1
    market = play(after.state, {"seat": 0, "do": "gain"})
    extra = market.json["turn"]["extra_cards"]
    assert len(extra) == 5
    assert json.dumps(extra) not in json.dumps(view(market.state, 1))
    assert view(market.state, 1)["turn"]["extra_cards"] == {"count": 5}
    ended = play(market.state, {"seat": 0, "do": "end_turn"})
    assert ended.json["discard"] == extra  # unbought extras go face down to the discard (R83)
    assert view(ended.state, 1)["discard"] == {"count": 5}


# --- action cards ---------------------------------------------------------------------------


def card_play(card, option, pos=None, **params):
    pos = pos or position(hands=[[card], []])
    return play(pos, {"seat": 0, "do": "play", "card": card, "option": option, **params})


def test_A01_ancient_sphere_swaps_or_recovers_three():
    pos = position(hands=[["A01"], []], units={"1,0": (0, "normal"), "-1,0": (1, "normal")})
    done = card_play("A01", 1, pos, swap=["1,0", "-1,0"])
    assert done.at("1,0")["owner"] == 1 and "A01" in done.json["discard"]
    pos = position(hands=[["A01"], []], healing=[{"normal": 4}, {}])
    assert card_play("A01", 2, pos).seat(0)["healing"]["normal"] == 1


def test_A02_ancient_monolith_moves_a_unit_or_heals_three():
    pos = position(hands=[["A02"], []], units={"1,0": (0, "normal")})
    done = card_play("A02", 1, pos, move=["1,0", "2,0"])
    assert done.at("2,0")["owner"] == 0 and done.seat(0)["hexilum"] == 1
    enemy = position(hands=[["A02"], []], units={"1,0": (1, "normal")})
    assert refused(
        enemy, {"seat": 0, "do": "play", "card": "A02", "option": 1, "move": ["1,0", "2,0"]}
    ).code == ("illegal_target")
    assert card_play("A02", 2, position(hands=[["A02"], []], life=[4, 6])).seat(0)["life"] == 7


def test_A03_mash_recovers_two_or_heals_two():
    pos = position(hands=[["A03"], []], healing=[{"normal": 3}, {}])
    assert card_play("A03", 1, pos).seat(0)["healing"]["normal"] == 1
    assert card_play("A03", 2).seat(0)["life"] == 8


def test_A04_xalielt_marchand_recovers_three_or_heals_two():
    pos = position(hands=[["A04"], []], healing=[{"normal": 3}, {}])
    assert card_play("A04", 1, pos).seat(0)["healing"]["normal"] == 0
    assert card_play("A04", 2).seat(0)["life"] == 8


def test_A05_semiramis_station_recovers_five_or_heals_five_to_twelve_at_most():
    pos = position(hands=[["A05"], []], healing=[{"normal": 6}, {}])
    assert card_play("A05", 1, pos).seat(0)["healing"]["normal"] == 1
    assert card_play("A05", 2, position(hands=[["A05"], []], life=[9, 6])).seat(0)["life"] == 12


def test_A06_ching_shihs_raiders_gain_six_or_take_an_action_card():
    assert card_play("A06", 1).seat(0)["hexilum"] == 6
    pos = position(hands=[["A06"], ["A14"]])
    done = card_play("A06", 2, pos, player=1, card_target="A14")
    assert done.seat(0)["hand"] == ["A14"] and done.seat(1)["hand"] == []


def test_A07_cyphers_offer_takes_a_mercenary_with_its_token_on_the_board_or_back():
    pos = position(hands=[["A07"], []], units={"1,0": (1, "merc", "C03")}, mercs=[{}, {"C03": 0}])
    kept = card_play("A07", 2, pos, player=1, card_target="C03", keep_on_board=True)
    assert kept.at("1,0")["owner"] == 0 and kept.seat(0)["mercs"] == {"C03": 0}
    back = card_play("A07", 2, pos, player=1, card_target="C03", keep_on_board=False)
    assert back.at("1,0") is None and back.seat(0)["mercs"] == {"C03": 1}
    assert card_play("A07", 1).seat(0)["hexilum"] == 6


def test_A08_space_truckers_extra_cards_or_recover_two():
    assert card_play("A08", 1).json["turn"]["extra_market"] == 1
    pos = position(hands=[["A08"], []], healing=[{"normal": 3}, {}])
    assert card_play("A08", 2, pos).seat(0)["healing"]["normal"] == 1


def test_A09_corona_salvage_shuttle_recovers_two_and_may_place_them_or_heals_two():
    pos = position(hands=[["A09"], []], healing=[{"normal": 3}, {}])
    done = card_play(
        "A09",
        1,
        pos,
        units=[{"unit": "normal"}, {"unit": "normal"}],
        place=[{"hex": "2,0", "unit": "normal"}],
    )
    assert done.seat(0)["healing"]["normal"] == 1 and done.at("2,0")["owner"] == 0
    assert done.seat(0)["hexilum"] == 1  # a placement pays its hexilum
    assert card_play("A09", 2).seat(0)["life"] == 8


def test_A10_project_1502_hits_one_reserve_unit_or_destroys_three_hexilum():
    assert card_play("A10", 1, player=1).seat(1)["healing"]["normal"] == 1
    pos = position(hands=[["A10"], []], hexilum=[0, 2])
    assert card_play("A10", 2, pos, player=1).seat(1)["hexilum"] == 0


def test_A11_dark_side_of_the_moon_hits_two_reserve_units_or_steals_two_hexilum():
    assert card_play("A11", 1, player=1).seat(1)["healing"]["normal"] == 2
    pos = position(hands=[["A11"], []], hexilum=[0, 5])
    done = card_play("A11", 2, pos, player=1)
    assert done.seat(0)["hexilum"] == 2 and done.seat(1)["hexilum"] == 3


def test_A12_strike_of_the_valkyrs_hits_two_reserve_units_or_places_three_in_a_line():
    assert card_play("A12", 1, player=1).seat(1)["healing"]["normal"] == 2
    place = [{"hex": h, "unit": "normal"} for h in ("0,0", "0,1", "0,2")]
    done = card_play("A12", 2, at="0,0", rotation=0, place=place)
    assert [done.at(h)["owner"] for h in ("0,0", "0,1", "0,2")] == [0, 0, 0]
    off = {"seat": 0, "do": "play", "card": "A12", "option": 2, "at": "0,2", "rotation": 0}
    assert refused(position(hands=[["A12"], []]), off).code == "pattern_does_not_fit"


def test_A13_merle_extra_cards_or_a_unit_from_the_healing_ship_onto_the_board():
    assert card_play("A13", 1).json["turn"]["extra_market"] == 1
    pos = position(hands=[["A13"], []], healing=[{"normal": 1}, {}])
    done = card_play("A13", 2, pos, place=[{"hex": "1,0", "unit": "normal"}])
    assert done.at("1,0")["owner"] == 0 and done.seat(0)["healing"]["normal"] == 0


def test_A14_odins_eye_gains_two_or_extra_cards():
    assert card_play("A14", 1).seat(0)["hexilum"] == 2
    assert card_play("A14", 2).json["turn"]["extra_market"] == 1


def test_A15_salvagers_gain_two_or_a_unit_from_the_healing_ship_onto_the_board():
    assert card_play("A15", 1).seat(0)["hexilum"] == 2
    pos = position(hands=[["A15"], []], healing=[{"normal": 1}, {}])
    assert card_play("A15", 2, pos, place=[{"hex": "1,0", "unit": "normal"}]).at("1,0")


def test_A16_parasite_destroys_a_territory_and_places_there_or_wounds_two():
    pos = position(hands=[["A16"], []], units={"-3,3": (1, "normal")})
    done = card_play("A16", 1, pos, target="-3,3", place=[{"hex": "-3,3", "unit": "normal"}])
    assert done.at("-3,3")["owner"] == 0 and done.seat(1)["healing"]["normal"] == 1
    warlord = position(hands=[["A16"], []], units={"-3,3": (1, "warlord")})
    stays = card_play("A16", 1, warlord, target="-3,3", place=[{"hex": "-3,3", "unit": "normal"}])
    assert stays.at("-3,3")["kind"] == "warlord" and stays.seat(0)["reserve"]["normal"] == 9
    assert card_play("A16", 2, player=1).seat(1)["life"] == 4


def test_A17_cheyen_places_two_touching_units_or_destroys_and_places():
    place = [{"hex": "0,0", "unit": "normal"}, {"hex": "0,1", "unit": "normal"}]
    done = card_play("A17", 1, at="0,0", rotation=0, place=place)
    assert done.at("0,0") and done.at("0,1")
    pos = position(hands=[["A17"], []], units={"1,1": (1, "normal")})
    assert card_play("A17", 2, pos, target="1,1").at("1,1") is None


def test_A18_attack_of_the_shahs_guard_places_two_apart_or_wounds_two():
    place = [{"hex": "0,0", "unit": "normal"}, {"hex": "0,2", "unit": "normal"}]
    done = card_play("A18", 1, at="0,0", rotation=0, place=place)
    assert done.at("0,0") and done.at("0,2") and done.at("0,1") is None
    assert card_play("A18", 2, player=1).seat(1)["life"] == 4


def test_A19_spidertank_attacks_two_touching_territories_or_wounds_three():
    pos = position(hands=[["A19"], []], units={"0,0": (1, "normal"), "0,1": (0, "normal")})
    done = card_play("A19", 1, pos, at="0,0", rotation=0)
    assert done.at("0,0") is None and done.at("0,1") is None  # own unit too (R100)
    assert card_play("A19", 2, player=1).seat(1)["life"] == 3


def test_A20_apache_dropships_attack_two_apart_or_place_a_triangle():
    pos = position(hands=[["A20"], []], units={"0,0": (1, "normal"), "0,1": (1, "normal")})
    done = card_play("A20", 1, pos, at="0,0", rotation=0)
    assert done.at("0,0") is None and done.at("0,1") is not None
    place = [{"hex": h, "unit": "normal"} for h in ("0,0", "1,0", "0,1")]
    assert card_play("A20", 2, at="0,0", rotation=0, place=place).seat(0)["reserve"]["normal"] == 6


def test_A21_droppods_attack_two_touching_or_place_three_in_a_line():
    pos = position(hands=[["A21"], []], units={"0,0": (1, "normal"), "0,1": (1, "normal")})
    assert card_play("A21", 1, pos, at="0,0", rotation=0).seat(1)["healing"]["normal"] == 2
    place = [{"hex": h, "unit": "normal"} for h in ("0,0", "0,1", "0,2")]
    assert card_play("A21", 2, at="0,0", rotation=0, place=place).at("0,2")


def test_A22_mobile_refinery_gains_four_or_destroys_an_action_card():
    assert card_play("A22", 1).seat(0)["hexilum"] == 4
    pos = position(hands=[["A22"], ["A05"]])
    done = card_play("A22", 2, pos, player=1, card_target="A05")
    assert done.seat(1)["hand"] == [] and "A05" in done.json["out_of_game"]


def test_A23_imam_keith_raises_income_at_its_price_or_gains_three():
    pos = position(hands=[["A23"], []], hexilum=[3, 0])
    done = card_play("A23", 1, pos)
    assert done.seat(0)["income"] == 2 and done.seat(0)["hexilum"] == 1
    broke = {"seat": 0, "do": "play", "card": "A23", "option": 1}
    assert refused(position(hands=[["A23"], []]), broke).code == "not_enough_hexilum"
    assert card_play("A23", 2).seat(0)["hexilum"] == 3


def test_A24_icarus_attack_squadron_hits_four_reserve_units_or_three_in_a_line():
    assert card_play("A24", 1, player=1).seat(1)["healing"]["normal"] == 4
    pos = position(hands=[["A24"], []], units=dict.fromkeys(("0,0", "0,1", "0,2"), (1, "normal")))
    assert card_play("A24", 2, pos, at="0,0", rotation=0).seat(1)["healing"]["normal"] == 3


def test_A25_enolas_fire_hits_four_reserve_units_or_a_triangle():
    assert card_play("A25", 1, player=1).seat(1)["healing"]["normal"] == 4
    pos = position(hands=[["A25"], []], units=dict.fromkeys(("0,0", "1,0", "0,1"), (1, "normal")))
    assert card_play("A25", 2, pos, at="0,0", rotation=0).seat(1)["healing"]["normal"] == 3


def test_reserve_attacks_hit_only_normal_units_R41_R104():
    pos = position(hands=[["A24"], []], elite=2, healing=[{}, {"normal": 6}])
    done = card_play("A24", 1, pos, player=1)
    assert done.seat(1)["reserve"] == {"normal": 0, "elite": 2, "minor": {"M07": 3}}


def test_a_card_the_player_does_not_hold_is_refused():
    move = {"seat": 0, "do": "play", "card": "A14", "option": 1}
    assert refused(position(), move).code == "card_not_owned"
