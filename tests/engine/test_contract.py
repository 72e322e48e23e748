"""One contract test over every registered engine (ARCHITECTURE.md, "Tests"): seeded random
playouts to the end, every legal move applies, inputs unchanged, JSON round trips, replay
verifies, views are JSON and show each seat only its own events."""

import json

import pytest

from games.engine.protocol import IllegalMove
from games.engine.registry import get_system, system_keys
from games.engine.replay import replay, verify
from games.engine.rng import Rng

SEEDS = ("alpha", "beta")
MAX_MOVES = 3000


def _playout(system, seed, seats, config=None):
    config = config or {}
    start = system.setup(config, seats, Rng(seed))
    state, rng = start.state, start.rng
    chooser = Rng(f"chooser:{seed}")
    log = []
    for n in range(MAX_MOVES):
        if system.outcome(state) is not None:
            return start, state, log
        seat = system.to_act(state)[0]
        moves = system.legal_moves(state, seat)
        assert moves, "a seat to act must have a legal move"
        move, chooser = chooser.choice(moves)
        before = json.dumps(system.state_to_json(state), sort_keys=True)
        if n % 25 == 0:
            for other in moves[:: max(1, len(moves) // 20)]:
                system.apply(state, seat, other, rng)  # every legal move applies
        step = system.apply(state, seat, move, rng)
        assert json.dumps(system.state_to_json(state), sort_keys=True) == before, "input mutated"
        state, rng = step.state, step.rng
        log.append((seat, move))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("key", system_keys())
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_end_and_replay(key, seed):
    system = get_system(key)
    seats = system.min_seats
    start, final, log = _playout(system, seed, seats)
    outcome = system.outcome(final)
    assert len(outcome.ranks) == seats
    snapshot = system.state_to_json(final)
    assert (
        system.state_to_json(system.state_from_json(json.loads(json.dumps(snapshot)))) == snapshot
    )
    assert system.state_from_json(snapshot) == final
    kwargs = dict(seed=seed, config={}, seats=seats, moves=log)
    assert verify(system, snapshot=snapshot, **kwargs)
    assert replay(system, **kwargs).events  # the log explains the game


@pytest.mark.parametrize("key", system_keys())
def test_views_are_json_and_events_respect_visibility(key):
    system = get_system(key)
    start = system.setup({}, system.max_seats, Rng("views"))
    state, rng, chooser = start.state, start.rng, Rng("views-chooser")
    for _ in range(60):
        if system.outcome(state) is not None:
            break
        for seat in [None, *range(system.max_seats)]:
            view = system.view(state, seat)
            json.dumps(view)
            if seat is None:
                assert view.get("legal_moves") in (None, [])
        seat = system.to_act(state)[0]
        move, chooser = chooser.choice(system.legal_moves(state, seat))
        step = system.apply(state, seat, move, rng)
        for event in step.events:
            if event.visible_to != "all":
                assert event.for_seat(None) in (
                    None,
                    {"kind": event.kind, **(event.redacted or {})},
                )
        state, rng = step.state, step.rng


@pytest.mark.parametrize("key", system_keys())
def test_malformed_and_out_of_turn_moves_are_refused(key):
    system = get_system(key)
    state = system.setup({}, system.min_seats, Rng("refuse")).state
    seat = system.to_act(state)[0]
    other = next(s for s in range(system.min_seats) if s != seat)
    for bad in (None, 3, "x", {"type": "NoSuchMove"}, {}):
        with pytest.raises(IllegalMove):
            system.apply(state, seat, bad, Rng("x"))
    for move in system.legal_moves(state, seat)[:3]:
        with pytest.raises(IllegalMove):
            system.apply(state, other, move, Rng("x"))
