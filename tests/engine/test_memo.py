"""`games.engine.memo`: what is worked out from a state stays with that state only."""

from __future__ import annotations

import copy
import pickle

import pytest

from games.engine.memo import MEMO
from games.engine.registry import get_system, system_keys
from games.engine.rng import Rng


def _playing_state(key: str, moves: int = 12):
    system = get_system(key)
    start = system.setup({}, system.min_seats, Rng(f"memo-{key}"))
    state, rng, chooser = start.state, start.rng, Rng(f"memo-chooser-{key}")
    for _ in range(moves):
        seat = system.to_act(state)[0]
        move, chooser = chooser.choice(system.legal_moves(state, seat))
        after = system.apply(state, seat, move, rng)
        state, rng = after.state, after.rng
    return system, state


@pytest.mark.parametrize("key", system_keys())
def test_the_moves_kept_on_a_state_are_its_own_and_never_travel(key):
    system, state = _playing_state(key)
    seat = system.to_act(state)[0]
    listed = system.legal_moves(state, seat)
    assert MEMO in state.__dict__, "the state keeps the moves it listed"
    assert system.legal_moves(state, seat)[0] is listed[0], "asked again, the same moves"
    for copied in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert MEMO not in copied.__dict__ and copied == state
    move = listed[0]
    after = system.apply(state, seat, move, Rng("memo-next")).state
    assert MEMO not in after.__dict__, "the next state starts with nothing kept"
    for s in system.to_act(after):
        fresh = copy.deepcopy(after)
        assert system.legal_moves(after, s) == system.legal_moves(fresh, s)
