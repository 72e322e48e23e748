"""Golden playthroughs (ARCHITECTURE.md, Tests): each recorded game replays to the same events
and the same final state. A failure here is a change of the rules: if it is meant, bump
NeuroshimaSystem.version and regenerate with
`python -m games.engine.neuroshima golden tests/engine/neuroshima/golden --write`."""

import json
from pathlib import Path

import pytest

from games.engine.neuroshima import golden
from games.engine.neuroshima.state import event_is_plain
from games.engine.neuroshima.system import SYSTEM
from games.engine.replay import replay

FOLDER = Path(__file__).parent / "golden"


def load(name):
    return json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))


def test_every_case_has_a_record_and_every_record_a_case():
    assert sorted(p.stem for p in FOLDER.glob("*.json")) == sorted(c.name for c in golden.CASES)


@pytest.mark.parametrize("name", [c.name for c in golden.CASES])
def test_the_recorded_game_replays_to_the_same_events_and_final_state(name):
    assert golden.differences(load(name)) == []


def test_the_records_cover_the_endings_and_the_variants():
    records = [load(c.name) for c in golden.CASES]
    reasons = {r["outcome"]["reason"] for r in records}
    assert {"final_battle", "hq_destroyed"} <= reasons
    kinds = {k for r in records for step in r["events"] for k in step.split()}
    for kind in ("PlayerEliminated", "PointsScored", "UnitPushed", "StrikeResolved", "NetHeld"):
        assert kind in kinds
    assert {r["seats"] for r in records} == {2, 3, 4}


def test_a_changed_move_is_caught():
    data = load("2p_moloch_borgo")
    data["digest"] = "0" * 64
    assert golden.differences(data)
    data = load("2p_moloch_borgo")
    data["version"] = SYSTEM.version + 1
    assert "regenerate" in golden.differences(data)[0]


@pytest.mark.parametrize("name", ["3p_points_eager", "4p_alliance_eager"])
def test_every_event_is_plain_json_so_the_state_round_trips(name):
    data = load(name)
    done = replay(
        SYSTEM,
        seed=data["seed"],
        config=data["config"],
        seats=data["seats"],
        moves=[(seat, move) for seat, move in data["moves"]],
    )
    assert all(event_is_plain(e) for e in done.events)
    snapshot = json.loads(json.dumps(SYSTEM.state_to_json(done.state)))
    assert SYSTEM.state_from_json(snapshot) == done.state
