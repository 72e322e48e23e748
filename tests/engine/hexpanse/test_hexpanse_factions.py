"""Faction abilities (§7.2 «Capacités des factions et tactiques»; spec R79, R86-R91): one action,
the warlord on the board, once a turn, then the warlord takes 1 wound (after the effect,
R126)."""

import pytest
from hxp import play, position, refused


def faction_game(faction, units=None, **kw):
    units = {"0,0": (0, "warlord"), "-3,3": (1, "warlord"), **(units or {})}
    return position(factions=[faction, "union"], units=units, **kw)


def test_terran_replaces_an_adjacent_enemy_unit_R86():
    pos = faction_game("terran", {"1,0": (1, "normal")})
    done = play(pos, {"seat": 0, "do": "ability", "hex": "1,0", "unit": "normal"})
    assert done.at("1,0") == {"owner": 0, "kind": "normal"}
    assert done.seat(1)["healing"]["normal"] == 1 and done.seat(0)["life"] == 5


def test_terran_cannot_replace_its_own_units_or_a_warlord_or_a_far_unit():
    pos = faction_game(
        "terran", {"1,0": (0, "normal"), "0,1": (1, "warlord"), "2,-1": (1, "normal")}
    )
    pos["units"].pop("-3,3")
    for h, code in (("1,0", "illegal_target"), ("0,1", "illegal_target"), ("2,-1", "not_adjacent")):
        move = {"seat": 0, "do": "ability", "hex": h, "unit": "normal"}
        assert refused(pos, move).code == code


def test_terran_replacing_with_a_mercenary_starts_its_ability_and_a_replaced_mercenary_leaves():
    pos = faction_game("terran", {"1,0": (1, "merc", "C03")}, mercs=[{"C05": 1}, {"C03": 0}])
    done = play(pos, {"seat": 0, "do": "ability", "hex": "1,0", "unit": "merc", "card": "C05"})
    assert "C03" in done.json["out_of_game"]
    assert done.json["pending"] == [{"seat": 0, "kind": "ability", "source": "1,0", "card": "C05"}]
    assert done.seat(0)["life"] == 5  # the ability's own wound comes first (README)


def test_cyberian_places_two_touching_units_next_to_the_warlord_R87():
    pos = faction_game("cyberian")
    place = [{"hex": "0,-1", "unit": "normal"}, {"hex": "1,-1", "unit": "normal"}]
    done = play(pos, {"seat": 0, "do": "ability", "rotation": 0, "place": place})
    assert done.at("0,-1") and done.at("1,-1") and done.seat(0)["life"] == 5
    turned = play(
        pos,
        {"seat": 0, "do": "ability", "rotation": 2, "place": [{"hex": "0,1", "unit": "normal"}]},
    )
    assert turned.at("0,1")["owner"] == 0


def test_nomads_swap_any_two_units_or_move_their_own_anywhere_R88():
    pos = faction_game(
        "nomads", {"2,1": (1, "normal"), "-2,-1": (1, "normal"), "1,1": (0, "normal")}
    )
    swapped = play(pos, {"seat": 0, "do": "ability", "swap": ["2,1", "1,1"]})
    assert swapped.at("2,1")["owner"] == 0 and swapped.at("1,1")["owner"] == 1
    moved = play(pos, {"seat": 0, "do": "ability", "move": ["1,1", "-2,0"]})
    assert moved.at("-2,0")["owner"] == 0 and moved.seat(0)["hexilum"] == 1
    assert moved.seat(0)["life"] == 5


def test_union_gains_two_hexilum_R89():
    done = play(faction_game("union"), {"seat": 0, "do": "ability"})
    assert done.seat(0)["hexilum"] == 2 and done.seat(0)["life"] == 5


def test_ox_recovers_three_units_at_once_R90():
    done = play(faction_game("ox", healing=[{"normal": 4}, {}]), {"seat": 0, "do": "ability"})
    assert done.seat(0)["healing"]["normal"] == 1


def test_mantacle_sends_two_reserve_units_of_an_opponent_to_its_healing_ship_R91():
    done = play(faction_game("mantacle"), {"seat": 0, "do": "ability", "player": 1})
    assert done.seat(1)["healing"]["normal"] == 2


@pytest.mark.parametrize("faction", ["union", "ox"])
def test_the_ability_is_once_a_turn_and_needs_the_warlord_on_the_board_R64(faction):
    done = play(faction_game(faction), {"seat": 0, "do": "ability"})
    assert refused(done.state, {"seat": 0, "do": "ability"}).code == "warlord_action_used"
    off = position(factions=[faction, "union"])
    assert refused(off, {"seat": 0, "do": "ability"}).code == "warlord_not_on_board"


def test_an_ability_used_on_the_skull_eliminates_its_warlord_after_the_effect_R126():
    done = play(faction_game("union", life=[1, 6]), {"seat": 0, "do": "ability"})
    assert done.seat(0)["alive"] is False
    assert done.json["result"] == {"winner": [1], "how": "last_warlord", "mission": None}
