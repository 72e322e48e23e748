"""The Neuroshima command line as its README ("Command line") and `cli.py` write it, run in a
fresh process: Neuroshima has no spec file, so that page is the contract the rules cases kept
outside the repository run through."""

import json
import re
from pathlib import Path

import pytest
from engine_cli import ROOT, run_cli

README = ROOT / "games" / "engine" / "neuroshima" / "README.md"
ILLUSTRATED = Path(__file__).parent / "positions" / "illustrated_battle.json"


def readme_example() -> str:
    """The JSON block of the README's "Command line" section, exactly as printed."""
    section = README.read_text(encoding="utf-8").split("## Command line", 1)[1]
    return re.search(r"```json\n(.*?)```", section, re.S).group(1)


def test_the_readmes_example_runs_as_printed(tmp_path):
    done = run_cli("neuroshima", tmp_path, "battle", "P.json", files={"P.json": readme_example()})
    assert done.code == 0, done.err
    after = done.json()
    assert {t["tile"] for t in after["tiles"]} == {"posterunek.hq", "hegemonia.hq"}
    assert all(t["wounds"] == 0 for t in after["tiles"])  # the HQs did not strike each other
    assert (after["board"], after["seats"]) == ("standard", ["posterunek", "hegemonia"])


def test_events_come_first_one_json_object_a_line_then_the_position(tmp_path):
    files = {"P.json": readme_example()}
    done = run_cli("neuroshima", tmp_path, "battle", "P.json", "--events", files=files)
    assert done.code == 0
    lines = done.out.splitlines()
    events = [json.loads(line) for line in lines if line.startswith('{"kind"')]
    assert events[0]["kind"] == "BattleStarted" and events[-1]["kind"] == "BattleEnded"
    assert events[-1]["hq_points"] == [20, 20]
    destroyed = [e for e in events if e["kind"] == "TileDestroyed"]
    assert destroyed == [
        {"kind": "TileDestroyed", "hex": [1, -1], "tile": "hegemonia.gangman", "seat": 1}
    ]
    position = json.loads("\n".join(lines[len(events) :]))
    assert len(position["tiles"]) == 2


def test_a_position_read_from_stdin_gives_the_same_battle(tmp_path):
    from_file = run_cli("neuroshima", tmp_path, "battle", str(ILLUSTRATED))
    from_stdin = run_cli("neuroshima", tmp_path, "battle", "-", stdin=ILLUSTRATED.read_text())
    assert from_stdin.code == from_file.code == 0
    assert from_stdin.out == from_file.out
    hqs = {
        t["tile"]: 20 - t["wounds"] for t in from_file.json()["tiles"] if t["tile"].endswith(".hq")
    }
    assert hqs == {"hegemonia.hq": 14, "posterunek.hq": 18}  # EXEMPLE ILLUSTRÉ D'UNE PARTIE


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[]",
        '{"board": "standard", "seats": ["moloch", "borgo"]}',
        '{"board": "moon", "seats": ["moloch", "borgo"], "tiles": []}',
        '{"board": "standard", "seats": ["moloch", "elves"], "tiles": []}',
        '{"board": "standard", "seats": ["moloch", "borgo"], '
        '"tiles": [{"hex": [9, 9], "tile": "moloch.hq", "seat": 0}]}',
        '{"board": "standard", "seats": ["moloch", "borgo"], '
        '"tiles": [{"hex": [0, 0], "tile": "moloch.hq", "seat": 5}]}',
    ],
    ids=["not-json", "not-an-object", "no-tiles", "board", "army", "off-board", "seat"],
)
def test_a_position_that_cannot_be_read_exits_2_with_one_error_line(tmp_path, text):
    done = run_cli("neuroshima", tmp_path, "battle", "P.json", files={"P.json": text})
    assert done.code == 2
    assert done.out == ""
    assert done.err.startswith("error: ") and done.err.count("\n") == 1


def test_a_missing_file_is_an_error_line_not_a_traceback(tmp_path):
    done = run_cli("neuroshima", tmp_path, "battle", "nowhere.json")
    assert done.code == 2 and done.err.startswith("error: ")


def test_golden_replays_every_recorded_playthrough(tmp_path):
    folder = Path(__file__).parent / "golden"
    done = run_cli("neuroshima", tmp_path, "golden", str(folder))
    assert done.code == 0, done.err
    assert done.out.strip().endswith("0 problem(s)")
