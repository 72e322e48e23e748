"""The battle as a resumable, immutable value: decisions, JSON, defaults."""

from __future__ import annotations

import json

import pytest
from test_battle_helpers import play, position

from games.engine.neuroshima.battle import (
    Battle,
    advance,
    decide,
    pending,
    resolve,
    run_to_end,
    start_battle,
)
from games.engine.neuroshima.battle.bench import random_full_position
from games.engine.neuroshima.position import Position
from games.engine.protocol import IllegalMove
from games.engine.rng import Rng

# A Clown, a Quartermaster and a Medic choice in one battle.
BUSY = position(
    (0, 0, "m.clown", 0, 0),
    (0, -1, "h.gangman", 1, 0),
    (-1, 1, "h.garde", 1, 4),
    (0, 1, "h.hq", 1, 0),
    (-2, 0, "h.gangman", 1, 2),  # blow direction 1: (-1, -1)
    (-2, 1, "h.quartier_maitre", 1, 0),  # link north: (-2, 0)
    (-1, -1, "m.bloqueur", 0, 0),
    (1, 0, "m.bloqueur", 0, 0),
    (1, 1, "m.medecin", 0, 0),  # link north: (1, 0)
    (2, -1, "h.coureur", 1, 4),  # blow direction 4: (1, 0)
    (2, 0, "h.coureur", 1, 5),  # blow direction 5: (1, 0)
    seats=("moloch", "hegemonia"),
)


def test_every_step_of_a_battle_round_trips_through_json() -> None:
    battle, _ = advance(start_battle(BUSY))
    steps = 0
    while not battle.finished:
        data = json.loads(json.dumps(battle.to_json()))
        assert Battle.from_json(data) == battle
        decision = pending(battle)
        assert decision is not None
        battle, _ = decide(Battle.from_json(data), decision.seat, decision.options[-1])
        steps += 1
    assert steps == 3  # quartermaster, clown, medic
    assert Battle.from_json(json.loads(json.dumps(battle.to_json()))) == battle


def test_resolve_takes_the_first_option_of_every_decision() -> None:
    after, events = resolve(BUSY)
    battle, played = play(BUSY)
    assert after == battle.position
    assert [e.kind for e in events] == [e.kind for e in played]


def test_run_to_end_finishes_a_battle_from_any_step_with_the_defaults() -> None:
    battle, _ = advance(start_battle(BUSY))
    assert pending(battle) is not None
    done, _ = run_to_end(battle)
    assert done.finished and done.position == resolve(BUSY)[0]


def test_advancing_a_finished_or_waiting_battle_does_nothing() -> None:
    battle, _ = advance(start_battle(BUSY))
    assert advance(battle) == (battle, ())
    done, _ = run_to_end(battle)
    assert advance(done) == (done, ())
    assert pending(done) is None
    with pytest.raises(IllegalMove):
        decide(done, 0, "attack")


def test_deciding_never_changes_the_battle_it_is_given() -> None:
    battle, _ = advance(start_battle(BUSY))
    before = battle.to_json()
    decision = pending(battle)
    assert decision is not None
    decide(battle, decision.seat, decision.options[0])
    assert battle.to_json() == before


def test_random_full_boards_resolve_and_every_event_is_json() -> None:
    rng = Rng("battle-test")
    for _ in range(100):
        pos, rng = random_full_position(rng)
        assert len(pos.tiles) == 19
        after, events = resolve(pos)
        assert isinstance(after, Position)
        json.dumps([e.for_seat(None) for e in events])
        assert events[-1].kind == "BattleEnded"
        for placed in after.tiles:
            assert placed.wounds < placed.spec.hit_points


def test_random_full_boards_step_by_step_match_resolve() -> None:
    rng = Rng("battle-steps")
    for _ in range(30):
        pos, rng = random_full_position(rng)
        battle, _ = play(pos)
        assert battle.position == resolve(pos)[0]
