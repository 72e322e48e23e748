"""The skirmish command lines exactly as skirmish.md §5.2 and §12-§14 write them, run in a fresh
process: `python -m games.engine.skirmish apply POSITION.json MOVES.json [--dice …] [--seed N]
[--view SEAT] [--events]` and `army-cost ARMY.json`. Rules cases kept outside the repository
run through them."""

import pytest
from engine_cli import run_cli, spec_move_answer

from games.engine.skirmish import moves as mv
from games.engine.skirmish.cli import main

TROOPER = {"move": 9, "melee": 2, "shoot": 3, "armour": 2}
# §12: only the required fields.
POSITION = {
    "schema": 1,
    "board": "standard",
    "phase": "aimed_fire",
    "models": {
        "r1": {"seat": "red", "hex": [0, 4], **TROOPER},
        "b1": {"seat": "blue", "hex": [0, -2], **TROOPER},
    },
}
POSITION_FIELDS = {
    "schema",
    "board",
    "terrain",
    "scenario",
    "scenario_state",
    "seats",
    "edges",
    "turn",
    "turn_limit",
    "phase",
    "initiative_order",
    "active",
    "submitted",
    "orders",
    "fled",
    "models",
    "pending",
    "winner",
}
MODEL_FIELDS = {
    "seat",
    "hex",
    "move",
    "fly",
    "melee",
    "shoot",
    "armour",
    "melee_attacks",
    "shoot_attacks",
    "powerful",
    "vehicle",
    "hero",
    "item",
    "cost",
    "unit",
    "alive",
    "mp_spent",
    "snap_fired",
    "moved",
    "unsaved_hits",
    "prisoner",
}
RED_FIRES = {
    "seat": "red",
    "move": {"type": "aimed_orders", "orders": [{"model": "r1", "targets": ["b1"]}]},
}
BLUE_HOLDS = {"seat": "blue", "move": {"type": "aimed_orders", "orders": []}}
# §5.2's example list, as printed.
KESSEL_RAIDERS = {
    "schema": 1,
    "system": "skirmish",
    "name": "Kessel Raiders",
    "points_limit": 500,
    "units": [
        {
            "id": "troopers",
            "name": "Troopers",
            "count": 10,
            "move": 9,
            "fly": False,
            "melee": 2,
            "melee_attacks": 1,
            "shoot": 3,
            "shoot_attacks": 1,
            "armour": 2,
            "powerful": False,
            "vehicle": False,
            "hero": False,
        },
        {
            "id": "captain",
            "name": "Captain Vos",
            "count": 1,
            "move": 12,
            "melee": 5,
            "melee_attacks": 2,
            "shoot": 4,
            "armour": 3,
            "hero": True,
        },
    ],
}


def apply(tmp_path, position, moves, *options):
    files = {"POSITION.json": position, "MOVES.json": moves}
    return run_cli(
        "skirmish", tmp_path, "apply", "POSITION.json", "MOVES.json", *options, files=files
    )


def test_apply_prints_one_complete_position_with_keys_sorted_and_exits_0(tmp_path):
    done = apply(tmp_path, POSITION, [RED_FIRES, BLUE_HOLDS], "--dice", "1,6")
    assert done.code == 0, done.out
    out = done.json()
    assert set(out) >= POSITION_FIELDS and list(out) == sorted(out)
    assert all(set(m) >= MODEL_FIELDS for m in out["models"].values())
    # §14.2: the to-hit die (1 hits Shoot 3), then the armour die (6 fails Armour 2).
    assert out["models"]["b1"]["alive"] is False
    assert (out["phase"], out["turn"]) == ("turn_start", 2)  # S3: on to the next stop


def test_begin_turn_rolls_one_die_a_seat_and_ties_roll_again_in_seat_order(tmp_path):
    start = {**POSITION, "phase": "turn_start"}
    begin = [{"seat": None, "move": {"type": "begin_turn"}}]
    done = apply(tmp_path, start, begin, "--dice", "4,4,2,5", "--events")
    assert done.code == 0
    assert done.json()["pending"] == {
        "seat": "blue",
        "kind": "choose_first",
        "options": ["red", "blue"],
    }
    rolled = [(e["seat"], e["die"]) for e in done.event_lines() if e["kind"] == "InitiativeRolled"]
    assert rolled == [("red", 4), ("blue", 4), ("red", 2), ("blue", 5)]


def test_a_hero_adds_two_to_its_sides_initiative_roll(tmp_path):
    models = {**POSITION["models"], "r2": {"seat": "red", "hex": [1, 4], **TROOPER, "hero": True}}
    start = {**POSITION, "phase": "turn_start", "models": models}
    begin = [{"seat": None, "move": {"type": "begin_turn"}}]
    done = apply(tmp_path, start, begin, "--dice", "3,4")
    assert done.json()["pending"]["seat"] == "red"  # 3 + 2 beats 4 («Initiative»)


def test_an_illegal_move_exits_2_printing_only_the_error(tmp_path):
    start = {**POSITION, "phase": "turn_start"}
    moves = [
        {"seat": None, "move": {"type": "begin_turn"}},
        {"seat": "red", "move": {"type": "choose_first", "first": "red"}},
    ]
    done = apply(tmp_path, start, moves, "--dice", "3,5", "--events")
    assert done.code == 2
    error = done.json()["error"]
    assert set(error) == {"code", "message", "move_index"} and error["move_index"] == 1
    assert done.err == ""  # nothing printed but the error (paintball.md §15)


def test_forced_dice_too_few_or_left_over_exit_3(tmp_path):
    short = apply(tmp_path, POSITION, [RED_FIRES, BLUE_HOLDS], "--dice", "1")
    assert (short.code, short.json()) == (3, {"error": {"code": "dice_exhausted", "move_index": 1}})
    extra = apply(tmp_path, POSITION, [RED_FIRES, BLUE_HOLDS], "--dice", "1,6,6")
    assert (extra.code, extra.json()) == (3, {"error": {"code": "dice_unused", "unused": 1}})
    unforced = apply(tmp_path, POSITION, [RED_FIRES, BLUE_HOLDS])
    assert unforced.code == 3  # S5: no die without --dice
    assert apply(tmp_path, POSITION, [RED_FIRES, BLUE_HOLDS], "--seed", "3").code == 0


def model(**fields):
    return {
        "models": {**POSITION["models"], "r2": {"seat": "red", "hex": [1, 4], **TROOPER, **fields}}
    }


@pytest.mark.parametrize(
    "change",
    [
        {"schema": 2},
        {"board": "huge"},
        {"phase": "lunch"},
        {"scenario": "treasure_hunt"},
        {"terrain": [{"id": "w1", "type": "lava", "hexes": [[0, 0]]}]},
        {"edges": {"red": "east", "blue": "north"}},
        {"winner": "green"},
        model(item="plasma_gun"),
        model(prisoner="lost"),
    ],
    ids=[
        "schema",
        "board",
        "phase",
        "scenario",
        "terrain",
        "edge",
        "winner",
        "item",
        "prisoner",
    ],
)
def test_an_invalid_position_exits_4_with_bad_position(tmp_path, change):
    done = apply(tmp_path, {**POSITION, **change}, [])
    assert done.code == 4, done.out
    assert set(done.json()["error"]) == {"code", "message"}
    assert done.json()["error"]["code"] == "bad_position"


def test_an_unreadable_position_exits_4_and_an_unreadable_moves_file_exits_2(tmp_path):
    assert apply(tmp_path, "{not json", []).code == 4
    done = apply(tmp_path, POSITION, "{not json")
    assert done.code == 2
    assert done.json()["error"]["code"] == "malformed" and done.json()["error"]["move_index"] == 0


def test_view_hides_the_other_seats_orders_in_the_position_and_in_the_events(tmp_path):
    done = apply(tmp_path, POSITION, [RED_FIRES], "--view", "blue", "--events")
    assert done.code == 0
    assert done.json()["position"]["orders"] == {}
    assert "b1" not in done.err.replace('"seat": "blue"', "")  # red's target stays red's
    mine = apply(tmp_path, POSITION, [RED_FIRES], "--view", "red")
    assert mine.json()["position"]["orders"] == {"red": [{"model": "r1", "targets": ["b1"]}]}


def test_army_cost_of_the_specs_example_list(tmp_path):
    done = run_cli(
        "skirmish", tmp_path, "army-cost", "ARMY.json", files={"ARMY.json": KESSEL_RAIDERS}
    )
    assert done.code == 0
    report = done.json()
    assert set(report) == {"total", "units", "heroes", "heroes_allowed", "valid", "errors"}
    assert report["units"] == [
        {"id": "troopers", "per_model": 18, "count": 10, "subtotal": 180},
        {"id": "captain", "per_model": 40, "count": 1, "subtotal": 40},
    ]
    # 220 points allow no Hero («un Héros pour chaque tranche entière de 250 points»).
    assert (report["total"], report["heroes"], report["heroes_allowed"]) == (220, 1, 0)
    assert report["valid"] is False
    assert report["errors"] == [{"code": "too_many_heroes", "unit": None}]


def test_army_cost_of_a_value_outside_the_table_exits_2_naming_unit_and_field(tmp_path):
    army = {**KESSEL_RAIDERS, "units": [{**KESSEL_RAIDERS["units"][0], "move": 10}]}
    done = run_cli("skirmish", tmp_path, "army-cost", "ARMY.json", files={"ARMY.json": army})
    assert done.code == 2
    assert done.json() == {
        "error": {"code": "not_in_cost_table", "unit": "troopers", "field": "move"}
    }


# §13, every move object as the spec prints it.
SPEC_MOVES = [
    {"type": "begin_turn"},
    {"type": "choose_first", "first": "blue"},
    {"type": "snap_orders", "orders": [{"model": "r1", "targets": ["b1"]}]},
    {"type": "move", "model": "r1", "path": [[0, 2], [0, 1]], "release_hex": [0, -2]},
    {"type": "pass_barrel", "from": "r1", "to": "r2"},
    {"type": "end_movement"},
    {"type": "aimed_orders", "orders": [{"model": "r1", "targets": ["b1", "b2"]}]},
    {"type": "flee_declaration", "models": ["b1"]},
    {"type": "flee_move", "model": "b1", "path": [[0, -1]]},
    {"type": "melee_orders", "orders": [{"model": "r1", "targets": ["b1"]}]},
    {"type": "choose_layout", "layout": "outpost", "mirror": False},
    {"type": "choose_edge", "edge": "north"},
    {"type": "place_prison", "hex": [0, -4]},
    {"type": "choose_prisoner", "model": "r7"},
    {"type": "deploy", "unit": "troopers", "hexes": {"r1": [0, 5], "r2": [1, 5]}},
]


@pytest.mark.parametrize("move", SPEC_MOVES, ids=lambda m: m["type"])
def test_every_move_form_of_the_spec_is_read_and_written_back_as_printed(move):
    assert mv.encode(mv.decode(move)) == move


@pytest.mark.parametrize("move", SPEC_MOVES, ids=lambda m: m["type"])
def test_a_spec_move_in_a_moves_file_gets_a_rules_answer_not_a_parse_error(tmp_path, move):
    """Done, or refused with a rule's code, never `malformed`."""
    code, out = spec_move_answer(main, tmp_path, POSITION, move)
    assert code in (0, 2, 3), out
    assert code == 0 or out["error"]["code"] != "malformed", out
