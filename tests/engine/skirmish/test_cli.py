"""`python -m games.engine.skirmish apply POSITION.json MOVES.json --dice …` (skirmish.md
§14.1, S5): complete position out, exit 2 on an illegal move, 3 on dice, 4 on a bad position."""

import json

from games.engine.skirmish.cli import main

POSITION = {
    "schema": 1,
    "board": "standard",
    "phase": "aimed_fire",
    "models": {
        "r1": {"seat": "red", "hex": [0, 4], "move": 9, "melee": 2, "shoot": 3, "armour": 2},
        "b1": {"seat": "blue", "hex": [0, -2], "move": 9, "melee": 2, "shoot": 3, "armour": 2},
    },
}
ORDERS = [
    {
        "seat": "red",
        "move": {"type": "aimed_orders", "orders": [{"model": "r1", "targets": ["b1"]}]},
    },
    {"seat": "blue", "move": {"type": "aimed_orders", "orders": []}},
]


def run(tmp_path, capsys, position, moves, *extra):
    (tmp_path / "p.json").write_text(json.dumps(position))
    (tmp_path / "m.json").write_text(json.dumps(moves))
    code = main(["apply", str(tmp_path / "p.json"), str(tmp_path / "m.json"), *extra])
    return code, json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_apply_prints_the_complete_resulting_position(tmp_path, capsys):
    code, out = run(tmp_path, capsys, POSITION, ORDERS, "--dice", "1,6")
    assert code == 0
    assert out["models"]["b1"]["alive"] is False and out["phase"] == "turn_start"
    assert out["turn"] == 2 and out["schema"] == 1 and "scenario_state" in out


def test_apply_reports_an_illegal_move_with_its_index(tmp_path, capsys):
    bad = [ORDERS[0], {"seat": "blue", "move": {"type": "end_movement"}}]
    code, out = run(tmp_path, capsys, POSITION, bad)
    assert code == 2
    assert out == {
        "error": {"code": "wrong_phase", "message": out["error"]["message"], "move_index": 1}
    }


def test_apply_without_dice_refuses_to_roll_and_reports_left_over_dice(tmp_path, capsys):
    code, out = run(tmp_path, capsys, POSITION, ORDERS)
    assert code == 3 and out["error"] == {"code": "dice_exhausted", "move_index": 1}
    code, out = run(tmp_path, capsys, POSITION, ORDERS, "--dice", "1,6,4")
    assert code == 3 and out["error"] == {"code": "dice_unused", "unused": 1}


def test_apply_refuses_an_unreadable_position(tmp_path, capsys):
    code, out = run(tmp_path, capsys, {"schema": 1}, ORDERS)
    assert code == 4 and out["error"]["code"] == "bad_position"


def test_apply_view_hides_the_other_seats_orders(tmp_path, capsys):
    code, out = run(tmp_path, capsys, POSITION, ORDERS[:1], "--view", "blue")
    assert code == 0 and out["position"]["orders"] == {} and out["position"]["submitted"]["red"]


def test_begin_turn_is_the_systems_move(tmp_path, capsys):
    start = {**POSITION, "phase": "turn_start"}
    code, out = run(
        tmp_path, capsys, start, [{"seat": None, "move": {"type": "begin_turn"}}], "--dice", "3,5"
    )
    assert code == 0 and out["pending"] == {
        "seat": "blue",
        "kind": "choose_first",
        "options": ["red", "blue"],
    }
