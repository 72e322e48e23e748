"""The Hexpanse command line exactly as hexpanse.md §14 writes it, run in a fresh process:
`apply POSITION.json MOVES.json [--seed N]`, `view POSITION.json --seat S`, `new CONFIG.json
--seed N`. Rules cases kept outside the repository run through it."""

import pytest
from engine_cli import run_cli

CARDS = [f"A{n:02}" for n in range(1, 26)] + [f"C{n:02}" for n in range(1, 26)]
PLACED = {"A14", "C06", "A03", "C25", "A22", "A17", "C09", "C15"}


def seat(faction, **fields):
    empty = {"normal": 0, "elite": 0, "minor": {}}
    return {
        "faction": faction,
        "alive": True,
        "life": 6,
        "income": 1,
        "hexilum": 0,
        "reserve": empty,
        "healing": empty,
        "hand": [],
        "mercs": {},
        "minors": [],
        "secret_mission": None,
        "protector_policy": "ask",
        **fields,
    }


# §14.1's example position as printed, its "..." filled in so that it holds (Capitaine kits:
# 9 normal + 3 minor; the 50 cards each in one place).
EXAMPLE = {
    "game": "hexpanse",
    "schema": 1,
    "board": "small",
    "mode": "capitaine",
    "variants": {"elite": 0, "expert": False},
    "teams": None,
    "seats": [
        seat(
            "terran",
            reserve={"normal": 7, "elite": 0, "minor": {"M06": 3}},
            healing={"normal": 1, "elite": 0, "minor": {"M06": 0}},
            hand=["A17"],
            mercs={"C09": 1, "C15": 0},
            minors=["M06"],
        ),
        seat("cyberian", reserve={"normal": 9, "elite": 0, "minor": {"M09": 2}}, minors=["M09"]),
        seat("nomads", alive=False, life=0),
    ],
    "units": {
        "0,0": {"owner": 0, "kind": "warlord"},
        "1,-1": {"owner": 0, "kind": "normal"},
        "0,1": {"owner": 0, "kind": "merc", "card": "C15"},
        "-3,2": {"owner": 1, "kind": "warlord"},
        "-1,1": {"owner": 1, "kind": "minor", "minor": "M09"},
        "2,1": {"owner": None, "kind": "normal", "was": 2},
    },
    "market": ["A14", "C06", "A03", "C25", "A22"],
    "deck": [card for card in CARDS if card not in PLACED],
    "discard": [],
    "out_of_game": [],
    "missions": {"common": "MS03"},
    "turn": {
        "number": 5,
        "seat": 0,
        "phase": "actions",
        "actions_left": 2,
        "warlord_actions_used": [],
        "activated": [],
        "extra_market": 0,
    },
    "pending": [],
    "result": None,
}
GAIN_AND_PLACE = [
    {"seat": 0, "do": "gain"},
    {"seat": 0, "do": "place", "unit": "normal", "hex": "1,0"},
]


def apply(tmp_path, position, moves, *options):
    files = {"POSITION.json": position, "MOVES.json": moves}
    return run_cli(
        "hexpanse", tmp_path, "apply", "POSITION.json", "MOVES.json", *options, files=files
    )


def test_the_specs_example_position_plays_and_prints_in_full_with_keys_sorted(tmp_path):
    done = apply(tmp_path, EXAMPLE, GAIN_AND_PLACE)
    assert done.code == 0, done.out
    out = done.json()
    assert list(out) == sorted(out) and set(out) >= set(EXAMPLE)
    assert out["seats"][0]["hexilum"] == 1  # R75: one action gains the income
    assert out["units"]["1,0"] == {"owner": 0, "kind": "normal"}  # H5: only keys that apply
    assert out["units"]["2,1"] == {"owner": None, "kind": "normal", "was": 2}
    assert out["seats"][0]["reserve"]["normal"] == 6
    # Both actions used, nothing pending: the engine goes on to the market phase by itself.
    assert (out["turn"]["phase"], out["turn"]["actions_left"]) == ("market", 0)
    assert out["deck"] == EXAMPLE["deck"]  # --seed defaults to 0; no draw, no reshuffle


def test_a_refused_move_applies_nothing_and_exits_2_with_code_move_and_reason(tmp_path):
    moves = [GAIN_AND_PLACE[0], {"seat": 0, "do": "place", "unit": "normal", "hex": "0,0"}]
    done = apply(tmp_path, EXAMPLE, moves)
    assert done.code == 2
    error = done.json()["error"]
    assert set(error) == {"code", "move", "reason"}
    assert (error["code"], error["move"]) == ("hex_occupied", 1)
    assert "{" not in done.out.split("\n", 1)[1]  # the error alone: no position after it


def test_a_move_by_the_wrong_seat_is_refused_with_its_code(tmp_path):
    done = apply(tmp_path, EXAMPLE, [{"seat": 1, "do": "gain"}])
    assert (done.code, done.json()["error"]["code"]) == (2, "not_your_turn")


@pytest.mark.parametrize(
    ("position", "moves", "code"),
    [
        ("{not json", [], "invalid_position"),
        ({**EXAMPLE, "deck": EXAMPLE["deck"][1:]}, [], "invalid_position"),  # a card lost
        (
            {**EXAMPLE, "units": {**EXAMPLE["units"], "9,9": {"owner": 0, "kind": "normal"}}},
            [],
            "invalid_position",
        ),
        (EXAMPLE, "{not json", "invalid_move"),
        (EXAMPLE, [{"do": "gain"}], "invalid_move"),
        (EXAMPLE, [{"seat": 0, "do": "dance"}], "invalid_move"),
    ],
    ids=["not-json", "card-missing", "off-board", "moves-not-json", "no-seat", "unknown-do"],
)
def test_a_malformed_file_or_position_exits_2_with_its_code(tmp_path, position, moves, code):
    done = apply(tmp_path, position, moves)
    assert done.code == 2
    assert done.json()["error"]["code"] == code


def test_view_hides_the_deck_the_discard_and_the_other_seats_missions(tmp_path):
    secret = {
        **EXAMPLE,
        "mode": "amiral",
        "seats": [
            {**EXAMPLE["seats"][0], "secret_mission": "MS05"},
            {**EXAMPLE["seats"][1], "secret_mission": "MS07"},
            EXAMPLE["seats"][2],
        ],
    }
    files = {"POSITION.json": secret}
    done = run_cli("hexpanse", tmp_path, "view", "POSITION.json", "--seat", "1", files=files)
    assert done.code == 0, done.out
    out = done.json()
    assert out["deck"] == {"count": len(EXAMPLE["deck"])} and out["discard"] == {"count": 0}
    assert out["seats"][0]["secret_mission"] == "hidden"
    assert out["seats"][1]["secret_mission"] == "MS07"
    assert out["seats"][0]["hand"] == ["A17"]  # R81: hands lie face up
    spectator = run_cli("hexpanse", tmp_path, "view", "POSITION.json", "--seat", "none")
    assert spectator.json()["seats"][1]["secret_mission"] == "hidden"


@pytest.mark.parametrize("seat_arg", ["x", "3", "-1"])
def test_view_of_a_seat_the_position_has_not_is_refused(tmp_path, seat_arg):
    files = {"POSITION.json": EXAMPLE}
    done = run_cli("hexpanse", tmp_path, "view", "POSITION.json", "--seat", seat_arg, files=files)
    assert done.code == 2
    assert done.json()["error"]["code"] == "invalid_move"


CONFIG = {
    "board": "small",
    "mode": "capitaine",
    "variants": {"elite": 0, "expert": False},
    "teams": None,
    "players": 3,
    "first_player": None,
}


def test_new_prints_a_fresh_position_stopped_at_the_first_setup_decision(tmp_path):
    files = {"CONFIG.json": CONFIG}
    done = run_cli("hexpanse", tmp_path, "new", "CONFIG.json", "--seed", "11", files=files)
    assert done.code == 0, done.out
    out = done.json()
    assert (out["game"], out["schema"], out["turn"]["phase"]) == ("hexpanse", 1, "setup")
    assert len(out["seats"]) == 3 and out["setup"]["step"] == "faction"
    assert len(out["deck"]) + len(out["market"]) == 50
    again = run_cli("hexpanse", tmp_path, "new", "CONFIG.json", "--seed", "11")
    assert again.out == done.out  # the seed decides the shuffles and the first player
    other = run_cli("hexpanse", tmp_path, "new", "CONFIG.json", "--seed", "12")
    assert other.json()["deck"] != out["deck"]


def test_new_refuses_a_config_it_cannot_use(tmp_path):
    files = {"CONFIG.json": {**CONFIG, "board": "huge"}}
    done = run_cli("hexpanse", tmp_path, "new", "CONFIG.json", "--seed", "1", files=files)
    assert done.code == 2 and set(done.json()["error"]) == {"code", "move", "reason"}


def test_dice_may_be_passed_empty_but_hexpanse_rolls_none(tmp_path):
    assert apply(tmp_path, EXAMPLE, [], "--dice", "").code == 0
    assert apply(tmp_path, EXAMPLE, [], "--dice", "3").code == 2


def waiting_for_a_protector(**extra):
    """Seat 0's unit on 0,0 attacked seat 1's unit on 1,0, next to seat 1's Protector (M01) on
    2,0: the position waits for seat 1's answer, its `pending` written as spec 14.1 prints it."""
    from hxp import position

    units = {
        "3,-3": (0, "warlord"),
        "-3,3": (1, "warlord"),
        "0,0": (0, "normal"),
        "1,0": (1, "normal"),
        "2,0": (1, "minor", "M01"),
    }
    entry = {"seat": 1, "kind": "protect", "target": "1,0", "protectors": ["2,0"], **extra}
    return position(
        minors=[["M06"], ["M01"]], units=units, turn={"actions_left": 1}, pending=[entry]
    )


def test_a_protect_decision_as_the_spec_prints_it_is_answered(tmp_path):
    """Spec 14.1's pending `{"seat": 1, "kind": "protect", "target", "protectors"}` carries no
    step to resume: the engine resumes a hit on the target by the seat whose turn it is."""
    saved = apply(
        tmp_path, waiting_for_a_protector(), [{"seat": 1, "do": "protect", "with": "2,0"}]
    )
    assert saved.code == 0, saved.out
    out = saved.json()
    assert out["units"]["1,0"] == {"owner": 1, "kind": "normal"} and "2,0" not in out["units"]
    assert out["seats"][1]["healing"]["minor"] == {"M01": 1} and out["pending"] == []
    lost = apply(tmp_path, waiting_for_a_protector(), [{"seat": 1, "do": "protect", "with": None}])
    assert "1,0" not in lost.json()["units"] and "2,0" in lost.json()["units"]
    assert lost.json()["units"]["0,0"] == {"owner": 0, "kind": "normal"}  # no attacker named


def test_a_protect_decision_naming_its_attacker_ends_as_that_units_attack(tmp_path):
    position = waiting_for_a_protector(attacker="0,0")
    done = apply(tmp_path, position, [{"seat": 1, "do": "protect", "with": "2,0"}])
    assert done.code == 0, done.out
    assert "0,0" not in done.json()["units"]  # the attacking unit leaves (R71)
    wrong = apply(tmp_path, position, [{"seat": 1, "do": "protect", "with": "1,0"}])
    assert (wrong.code, wrong.json()["error"]["code"]) == (2, "illegal_target")


@pytest.mark.parametrize(
    "move",
    [
        {"do": "attack", "from": "1,-1", "to": "5,5"},
        {"do": "attack", "from": "5,5", "to": "1,-1"},
        {"do": "return", "hex": "5,5"},
        {"do": "activate", "hex": "5,5"},
        {"do": "move_warlord", "to": "5,5"},
        {"do": "place", "unit": "normal", "hex": "5,5"},
    ],
    ids=lambda m: m["do"],
)
def test_a_hex_out_of_play_is_refused_as_such_before_being_empty_or_far(tmp_path, move):
    """H2: of several refusals, the first in 14.4's code list: `hex_not_playable` comes before
    `hex_empty` and `not_adjacent`."""
    done = apply(tmp_path, EXAMPLE, [{"seat": 0, **move}])
    assert (done.code, done.json()["error"]["code"]) == (2, "hex_not_playable")
