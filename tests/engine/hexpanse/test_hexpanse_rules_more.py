"""Rules not covered elsewhere, each by its number (spec R22-R131)."""

from hxp import load, play, position, refused

from games.engine.hexpanse.system import SYSTEM
from games.engine.hexpanse.view import view
from games.engine.rng import Rng


def test_a_new_seat_starts_at_income_1_with_no_hexilum_and_its_warlord_off_the_board_R27():
    state = SYSTEM.setup({"mode": "marin", "first_player": 0}, 2, Rng("r27")).state
    s = state.seats[0]
    assert (s.income, s.hexilum, s.life) == (1, 0, 6) and state.units == ()


def test_cards_never_place_a_minor_unit_before_the_warlord_nor_the_warlord_itself_R110():
    pos = position(hands=[["A17"], []])
    minor = {"seat": 0, "do": "play", "card": "A17", "option": 1, "at": "0,0", "rotation": 0,
             "place": [{"hex": "0,0", "unit": "minor", "minor": "M06"}]}  # fmt: skip
    assert refused(pos, minor).code == "warlord_not_on_board"
    warlord = {**minor, "place": [{"hex": "0,0", "unit": "warlord"}]}
    assert refused(pos, warlord).code == "illegal_target"


def test_swaps_pay_only_the_acting_player_and_only_from_a_plain_hex_R94():
    units = {"0,0": (0, "normal"), "2,0": (0, "normal"), "1,1": (1, "normal"), "1,0": (0, "normal")}
    pos = position(hands=[["A01"], []], units=units)
    hex_to_hex = play(
        pos, {"seat": 0, "do": "play", "card": "A01", "option": 1, "swap": ["0,0", "2,0"]}
    )
    assert hex_to_hex.seat(0)["hexilum"] == 0  # hexilum hex to hexilum hex
    theirs = play(
        pos, {"seat": 0, "do": "play", "card": "A01", "option": 1, "swap": ["1,1", "2,0"]}
    )
    assert theirs.seat(0)["hexilum"] == 0 and theirs.seat(1)["hexilum"] == 0
    mine = play(pos, {"seat": 0, "do": "play", "card": "A01", "option": 1, "swap": ["1,0", "1,1"]})
    assert mine.seat(0)["hexilum"] == 0  # plain to plain
    onto = play(pos, {"seat": 0, "do": "play", "card": "A01", "option": 1, "move": ["1,0", "-2,0"]})
    assert onto.seat(0)["hexilum"] == 1


def test_bought_cards_lie_face_up_for_everybody_R81():
    state = load(position(hands=[["A14"], ["A05"]], mercs=[{"C03": 1}, {}]))
    seen = view(state, 1)["seats"][0]
    assert seen["hand"] == ["A14"] and seen["mercs"] == {"C03": 1}


def test_teammates_see_each_others_secret_missions_R131():
    pos = position(seats=4, teams=[[0, 2], [1, 3]], mode="amiral", board="small",
                   secret=["MS01", "MS02", "MS04", "MS05"])  # fmt: skip
    state = load(pos)
    mine = view(state, 0)["seats"]
    assert mine[2]["secret_mission"] == "MS04" and mine[1]["secret_mission"] == "hidden"


def test_every_secret_is_shown_once_the_game_is_over_R124():
    pos = position(seats=3, mode="amiral", secret=["MS01", "MS02", "MS04"], hands=[["A19"], [], []],
                   life=[6, 3, 6], alive=[True, True, False])  # fmt: skip
    done = play(pos, {"seat": 0, "do": "play", "card": "A19", "option": 2, "player": 1})
    assert done.json["result"] is not None
    assert [s["secret_mission"] for s in view(done.state, None)["seats"]] == [
        "MS01",
        "MS02",
        "MS04",
    ]


def test_an_eliminated_teammates_units_stop_counting_for_the_team_R129():
    rhombus = [f"{q},{r}" for q in (-1, 0, 1) for r in (-1, 0, 1)]
    units = {
        **dict.fromkeys(rhombus[:4], (0, "normal")),
        **dict.fromkeys(rhombus[4:8], (None, "normal", 2)),
    }
    pos = position(seats=4, teams=[[0, 2], [1, 3]], board="small", units=units,
                   alive=[True, True, False, True])  # fmt: skip
    done = play(pos, {"seat": 0, "do": "place", "unit": "normal", "hex": rhombus[8]})
    assert done.json["result"] is None


def test_the_income_phase_pays_when_a_turn_begins_and_the_actions_reset_R68_R64():
    pos = position(units={"0,0": (0, "warlord")}, income=[2, 3])
    after = play(pos, {"seat": 0, "do": "heal"}, {"seat": 0, "do": "end_actions"}, {"seat": 0, "do": "end_turn"},
                 {"seat": 1, "do": "end_actions"}, {"seat": 1, "do": "end_turn"})  # fmt: skip
    assert after.seat(0)["hexilum"] == 2 and after.seat(1)["hexilum"] == 3
    assert after.json["turn"]["warlord_actions_used"] == []
    assert play(after.state, {"seat": 0, "do": "heal"}).seat(0)["life"] == 8  # 6, +1, +1


def test_the_draft_passes_packs_to_the_left_R22():
    state = SYSTEM.setup({"variants": {"expert": True}, "first_player": 0}, 2, Rng("left")).state
    for faction in ("terran", "union"):
        seat = SYSTEM.to_act(state)[0]
        state = SYSTEM.apply(
            state, seat, {"seat": seat, "do": "choose_faction", "faction": faction}, Rng("x")
        ).state
    pack0, pack1 = state.setup.packs
    keep0, keep1 = pack0[0], pack1[0]
    state = SYSTEM.apply(state, 0, {"seat": 0, "do": "draft_keep", "minor": keep0}, Rng("x")).state
    state = SYSTEM.apply(state, 1, {"seat": 1, "do": "draft_keep", "minor": keep1}, Rng("x")).state
    assert set(state.setup.packs[1]) == set(pack0) - {keep0}  # seat 0's rest went to seat 1
    assert set(state.setup.packs[0]) == set(pack1) - {keep1}
