"""Victory, elimination and teams (§6 «Conditions de victoire», §5.1 «Jeu en Équipes»; spec
R118-R131)."""

from hxp import play, position

from games.engine.hexpanse.patterns import rotate
from games.engine.hexpanse.system import SYSTEM

RHOMBUS = [f"{q},{r}" for q in (-1, 0, 1) for r in (-1, 0, 1)]  # MS03 on the inner hexes


def units_of(owner, hexes, kind="normal"):
    return dict.fromkeys(hexes, (owner, kind))


def test_the_ninth_unit_of_the_common_mission_ends_the_game_at_once_R118():
    pos = position(units=units_of(0, RHOMBUS[:8]), common="MS03")
    done = play(pos, {"seat": 0, "do": "place", "unit": "normal", "hex": RHOMBUS[8]})
    assert done.json["result"] == {"winner": [0], "how": "mission", "mission": "MS03"}
    assert done.json["turn"]["phase"] == "over"
    assert SYSTEM.outcome(done.state).winners == (0,)


def test_a_turned_pattern_counts_and_the_warlord_is_part_of_it_R119_R42():
    turned = [rotate((int(h.split(",")[0]), int(h.split(",")[1])), 2) for h in RHOMBUS]
    hexes = [f"{q},{r}" for q, r in turned]
    units = {**units_of(0, hexes[1:8]), hexes[0]: (0, "warlord")}
    done = play(
        position(units=units), {"seat": 0, "do": "place", "unit": "normal", "hex": hexes[8]}
    )
    assert done.json["result"]["how"] == "mission"


def test_a_mirrored_chiral_pattern_does_not_count_R119():
    lightning = [(0, 0), (1, 0), (2, 0), (1, 1), (0, 2), (-1, 3), (-2, 4), (-1, 4), (0, 4)]
    mirrored = [f"{r},{q}" for q, r in lightning]  # swapping q and r reflects the grid
    shifted = [f"{int(h.split(',')[0]) - 2},{int(h.split(',')[1]) - 1}" for h in mirrored]
    pos = position(units=units_of(0, shifted[:8]), common="MS08")
    done = play(pos, {"seat": 0, "do": "place", "unit": "normal", "hex": shifted[8]})
    assert done.json["result"] is None


def test_an_enemy_unit_on_the_pattern_blocks_it():
    units = {**units_of(0, RHOMBUS[:7]), RHOMBUS[7]: (1, "normal")}
    done = play(
        position(units=units), {"seat": 0, "do": "place", "unit": "normal", "hex": RHOMBUS[8]}
    )
    assert done.json["result"] is None


def test_a_mission_completed_in_the_middle_of_a_chain_ends_it_there_R126():
    units = units_of(0, [h for h in RHOMBUS if h not in ("1,1", "0,1")])
    pos = position(units=units, mercs=[{"C09": 1, "C05": 1}, {}])
    entered = play(pos, {"seat": 0, "do": "place", "unit": "merc", "card": "C09", "hex": "1,1"})
    # Turned four steps, The Baron attacks 0,2 and may place on 1,2 and 0,1.
    place = [{"hex": "0,1", "unit": "merc", "card": "C05"}]
    done = play(entered.state, {"seat": 0, "do": "resolve", "rotation": 4, "place": place})
    assert done.json["result"]["how"] == "mission" and done.json["pending"] == []


def test_completing_an_opponents_pattern_makes_it_win_R127():
    units = {**units_of(1, [*RHOMBUS[:8], "-3,2"]), RHOMBUS[8]: (0, "normal")}
    pos = position(units=units, hands=[["A01"], []])
    swap = {"seat": 0, "do": "play", "card": "A01", "option": 1, "swap": ["-3,2", RHOMBUS[8]]}
    assert play(pos, swap).json["result"] == {"winner": [1], "how": "mission", "mission": "MS03"}


def test_several_missions_completed_at_once_go_to_the_active_player_first_R127():
    first = [f"{q},{r}" for q in (-2, -1, 0) for r in (0, 1, 2)]
    second = [f"{q},{r}" for q in (1, 2, 3) for r in (-3, -2, -1)]
    units = {
        **units_of(1, [*first[:8], second[8]]),
        **units_of(0, [*second[:8], first[8]]),
    }
    pos = position(units=units, hands=[["A01"], []])
    swap = {"seat": 0, "do": "play", "card": "A01", "option": 1, "swap": [second[8], first[8]]}
    assert play(pos, swap).json["result"]["winner"] == [0]


def test_the_secret_mission_wins_too_in_amiral_R15():
    pos = position(
        mode="amiral", units=units_of(0, RHOMBUS[:8]), common="MS12", secret=["MS03", "MS01"]
    )
    done = play(pos, {"seat": 0, "do": "place", "unit": "normal", "hex": RHOMBUS[8]})
    assert done.json["result"] == {"winner": [0], "how": "mission", "mission": "MS03"}


def test_teammates_build_the_mission_together_R16_R128():
    units = {**units_of(0, RHOMBUS[:4]), **units_of(2, RHOMBUS[4:8])}
    pos = position(seats=4, units=units, teams=[[0, 2], [1, 3]], board="small")
    done = play(pos, {"seat": 0, "do": "place", "unit": "normal", "hex": RHOMBUS[8]})
    assert done.json["result"] == {"winner": [0, 2], "how": "mission", "mission": "MS03"}


def test_the_last_warlord_wins_even_one_never_placed_R120():
    pos = position(hands=[["A19"], []], life=[6, 3])
    done = play(pos, {"seat": 0, "do": "play", "card": "A19", "option": 2, "player": 1})
    assert done.json["result"] == {"winner": [0], "how": "last_warlord", "mission": None}


def test_an_eliminated_player_leaves_neutral_units_and_loses_its_cards_R122_R124():
    pos = position(
        seats=3,
        units={"1,0": (1, "normal"), "2,0": (1, "merc", "C03"), "0,0": (1, "warlord")},
        hands=[["A19"], ["A14"], []],
        mercs=[{}, {"C03": 0, "C04": 1}, {}],
        life=[6, 3, 6],
        hexilum=[0, 5, 0],
    )
    done = play(pos, {"seat": 0, "do": "play", "card": "A19", "option": 2, "player": 1})
    assert done.json["result"] is None
    assert done.at("1,0") == {"owner": None, "kind": "normal", "was": 1}
    assert done.at("2,0") == {"owner": None, "kind": "merc", "card": "C03", "was": 1}
    assert done.at("0,0") is None
    seat = done.seat(1)
    assert seat["alive"] is False and seat["hand"] == [] and seat["mercs"] == {}
    assert seat["hexilum"] == 0 and seat["reserve"]["normal"] == 0
    assert "A14" in done.json["discard"]
    assert {"C03", "C04"} <= set(done.json["out_of_game"])


def test_neutral_units_can_be_attacked_and_leave_the_game_R123():
    pos = position(
        seats=3,
        units={"0,0": (0, "normal"), "1,0": (None, "normal", 1)},
        alive=[True, False, True],
    )
    done = play(pos, {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"})
    assert done.at("1,0") is None and done.seat(1)["healing"]["normal"] == 0


def test_an_eliminated_seat_is_skipped_in_the_turn_order_R125():
    pos = position(seats=3, alive=[True, False, True])
    done = play(pos, {"seat": 0, "do": "end_actions"}, {"seat": 0, "do": "end_turn"})
    assert done.json["turn"]["seat"] == 2


def test_a_warlord_on_its_skull_that_fells_the_last_enemy_warlord_wins_first_R126():
    pos = position(units={"0,0": (0, "warlord"), "1,0": (1, "warlord")}, life=[1, 1])
    done = play(pos, {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"})
    assert done.json["result"]["winner"] == [0] and done.seat(0)["life"] == 1


def test_a_warlord_on_its_skull_attacking_anything_else_dies_of_its_own_wound_R126():
    pos = position(seats=3, units={"0,0": (0, "warlord"), "1,0": (1, "normal")}, life=[1, 6, 6])
    done = play(pos, {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"})
    assert done.seat(0)["alive"] is False and done.json["result"] is None


def test_a_team_wins_when_every_opposing_warlord_is_destroyed_R129():
    pos = position(
        seats=4,
        teams=[[0, 2], [1, 3]],
        alive=[True, True, True, False],
        life=[6, 2, 6, 6],
        hands=[["A19"], [], [], []],
    )
    done = play(pos, {"seat": 0, "do": "play", "card": "A19", "option": 2, "player": 1})
    assert done.json["result"] == {"winner": [0, 2], "how": "last_warlord", "mission": None}
    assert SYSTEM.outcome(done.state).ranks == (0, 1, 0, 1)


def test_teammates_are_not_opponents_R130():
    from hxp import refused

    pos = position(seats=4, teams=[[0, 2], [1, 3]], hands=[["A19"], [], [], []])
    move = {"seat": 0, "do": "play", "card": "A19", "option": 2, "player": 2}
    assert refused(pos, move).code == "illegal_target"
