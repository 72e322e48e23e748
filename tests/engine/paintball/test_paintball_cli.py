"""The command line of spec §15: apply with forced dice, exit codes 0/2/3/4, the error JSON."""

import json

from pbh import CHARGE_EXAMPLE

from games.engine.paintball.cli import main

FIGURES = {"r1": {"team": "red", "hex": [0, 2]}, "b1": {"team": "blue", "hex": [0, -1]}}
POSITION = {
    "schema": 1,
    "board": "hexon_basic",
    "terrain": [],
    "figures": FIGURES,
    "marshals": {"m1": {"hex": [-1, -1]}, "m2": {"hex": [-2, 4]}},
}
SHOT = [{"seat": "red", "move": {"type": "shoot", "figure": "r1", "targets": ["b1"]}}]


def _run(tmp_path, capsys, position, moves, *extra):
    (tmp_path / "p.json").write_text(json.dumps(position))
    (tmp_path / "m.json").write_text(json.dumps(moves))
    code = main(["apply", str(tmp_path / "p.json"), str(tmp_path / "m.json"), *extra])
    out, err = capsys.readouterr()
    return code, json.loads(out.strip().splitlines()[-1]), err


def test_apply_prints_the_complete_resulting_position(tmp_path, capsys):
    code, out, _ = _run(tmp_path, capsys, POSITION, SHOT, "--dice", "4,2,5")
    assert code == 0
    assert out["figures"]["b1"]["state"] == "out"
    assert out["figures"]["b1"]["out_reason"] == "eliminated"
    assert out["marshals"]["m1"] == {"hex": [0, -1], "busy": None}
    assert {"schema", "phase", "activations", "pending", "winner", "smoke"} <= set(out)


def test_an_illegal_move_exits_2_with_its_code_and_index(tmp_path, capsys):
    moves = [*SHOT, {"seat": "red", "move": {"type": "move", "figure": "r1", "to": [0, 5]}}]
    code, out, _ = _run(tmp_path, capsys, POSITION, moves, "--dice", "3")
    assert code == 2
    # [0, 5] is three hexes away and off the field: not_adjacent comes first (spec §7)
    assert out["error"]["code"] == "not_adjacent" and out["error"]["move_index"] == 1
    assert out["error"]["message"]


def test_running_out_of_forced_dice_exits_3(tmp_path, capsys):
    code, out, _ = _run(tmp_path, capsys, POSITION, SHOT, "--dice", "4")
    assert (code, out) == (3, {"error": {"code": "dice_exhausted", "move_index": 0}})


def test_dice_left_over_exit_3(tmp_path, capsys):
    code, out, _ = _run(tmp_path, capsys, POSITION, SHOT, "--dice", "3,3,3")
    assert (code, out) == (3, {"error": {"code": "dice_unused", "unused": 2}})


def test_forced_dice_are_whole_numbers_from_one_to_six(tmp_path, capsys):
    for dice in ("4,7,5", "4,x"):
        code, out, _ = _run(tmp_path, capsys, POSITION, SHOT, "--dice", dice)
        assert code == 3 and out["error"]["code"] == "bad_dice"


def test_without_dice_nothing_may_be_rolled_but_a_seed_rolls_them(tmp_path, capsys):
    code, out, _ = _run(tmp_path, capsys, POSITION, SHOT)
    assert code == 3 and out["error"]["code"] == "dice_exhausted"
    code, out, _ = _run(tmp_path, capsys, POSITION, SHOT, "--seed", "7")
    assert code == 0


def test_a_bad_position_exits_4(tmp_path, capsys):
    code, out, _ = _run(tmp_path, capsys, {"schema": 1, "board": "moon"}, SHOT)
    assert code == 4 and out["error"]["code"] == "bad_position"


def test_system_moves_have_a_null_seat_and_events_go_to_stderr(tmp_path, capsys):
    position = {**POSITION, "phase": "turn_start", "turn": 2}
    moves = [{"seat": None, "move": {"type": "begin_turn"}}]
    code, out, err = _run(tmp_path, capsys, position, moves, "--dice", "2,5", "--events")
    assert code == 0 and out["first"] == "blue" and out["activations"] == {"red": 2, "blue": 5}
    kinds = [json.loads(line)["kind"] for line in err.splitlines()]
    assert kinds == ["TurnStarted", "CommandDiceRolled"]


def test_view_prints_a_teams_view_without_the_other_teams_policies(tmp_path, capsys):
    figures = {**FIGURES, "b1": {**FIGURES["b1"], "state": "sentry", "sentry_policy": "ask"}}
    code, out, _ = _run(tmp_path, capsys, {**POSITION, "figures": figures}, [], "--view", "red")
    assert code == 0 and out["figures"]["b1"]["sentry_policy"] is None


def test_the_charge_example_runs_through_the_command_line(tmp_path, capsys):
    position = CHARGE_EXAMPLE
    charge = {"type": "charge", "hex": [0, 0], "figures": ["r1", "r2"], "kill_order": ["b2"]}
    moves = [
        {"seat": "red", "move": charge},
        {"seat": "blue", "move": {"type": "charge_victim", "victim": "r2"}},
    ]
    code, out, _ = _run(tmp_path, capsys, position, moves, "--dice", "5,2,3,5,4,6")
    assert code == 0
    states = {fid: (f["state"], f["out_reason"]) for fid, f in out["figures"].items()}
    assert states == {
        "r1": ("out", "charged"),
        "r2": ("out", "charged"),
        "b1": ("disabled", None),
        "b2": ("out", "charged"),
    }


def test_the_module_runs_from_the_shell(tmp_path):
    import pathlib
    import subprocess
    import sys

    (tmp_path / "p.json").write_text(json.dumps(POSITION))
    (tmp_path / "m.json").write_text(json.dumps(SHOT))
    root = pathlib.Path(__file__).resolve().parents[3]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "games.engine.paintball",
            "apply",
            "p.json",
            "m.json",
            "--dice",
            "2",
        ],
        cwd=tmp_path,
        env={"PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["figures"]["r1"]["fired"] is True
