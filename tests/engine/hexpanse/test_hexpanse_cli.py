"""The command line of spec section 14.4: apply (all or nothing, error JSON, exit codes),
view and new."""

import json
import subprocess
import sys

from hxp import position


def run(tmp_path, *args):
    out = subprocess.run(
        [sys.executable, "-m", "games.engine.hexpanse", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    return out.returncode, json.loads(out.stdout.strip().splitlines()[-1])


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_apply_prints_the_position_after_the_moves(tmp_path):
    pos = write(tmp_path, "pos.json", position())
    moves = write(
        tmp_path, "moves.json", [{"seat": 0, "do": "place", "unit": "normal", "hex": "1,0"}]
    )
    code, out = run(tmp_path, "apply", pos, moves)
    assert code == 0
    assert out["units"]["1,0"] == {"owner": 0, "kind": "normal"}
    assert out["deck"][0] == position()["deck"][0]  # the full position, hidden parts included


def test_a_refused_move_applies_nothing_and_says_why(tmp_path):
    pos = write(tmp_path, "pos.json", position())
    moves = write(
        tmp_path,
        "moves.json",
        [{"seat": 0, "do": "gain"}, {"seat": 0, "do": "place", "unit": "normal", "hex": "9,9"}],
    )
    code, out = run(tmp_path, "apply", pos, moves)
    assert code == 2
    assert out["error"]["code"] == "hex_not_playable" and out["error"]["move"] == 1
    assert out["error"]["reason"]


def test_a_broken_position_or_moves_file_is_refused(tmp_path):
    bad = position()
    bad["seats"][0]["reserve"]["normal"] = 3
    code, out = run(
        tmp_path, "apply", write(tmp_path, "p.json", bad), write(tmp_path, "m.json", [])
    )
    assert code == 2 and out["error"]["code"] == "invalid_position"
    good = write(tmp_path, "g.json", position())
    code, out = run(tmp_path, "apply", good, write(tmp_path, "m2.json", {"do": "gain"}))
    assert code == 2 and out["error"]["code"] == "invalid_move"
    code, out = run(tmp_path, "apply", good, write(tmp_path, "m3.json", [{"do": "gain"}]))
    assert code == 2 and out["error"]["code"] == "invalid_move"


def test_a_position_in_its_income_phase_is_paid_before_the_moves(tmp_path):
    pos = position(turn={"phase": "income"}, income=[3, 1])
    code, out = run(
        tmp_path, "apply", write(tmp_path, "p.json", pos), write(tmp_path, "m.json", [])
    )
    assert code == 0 and out["seats"][0]["hexilum"] == 3 and out["turn"]["phase"] == "actions"


def test_view_hides_the_deck_and_new_stops_at_the_first_setup_decision(tmp_path):
    code, out = run(tmp_path, "view", write(tmp_path, "p.json", position()), "--seat", "1")
    assert code == 0 and out["deck"] == {"count": 45}
    config = {"players": 3, "mode": "amiral", "first_player": 2}
    code, out = run(tmp_path, "new", write(tmp_path, "c.json", config), "--seed", "7")
    assert code == 0 and out["setup"]["step"] == "faction" and out["turn"]["seat"] == 2
    assert len(out["missions"]["revealed"]) == 4 and len(out["deck"]) == 45
