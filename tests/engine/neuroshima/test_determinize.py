"""determinize(view, seat, rng): a whole state dealt from one seat's view, which that seat cannot
tell from the true one, and which depends on nothing the seat cannot see."""

from __future__ import annotations

from collections import Counter

import pytest
from test_bot import CONFIGS, _rearranged, random_states

from games.engine.neuroshima import legal
from games.engine.neuroshima.state import State
from games.engine.neuroshima.system import SYSTEM, apply_move
from games.engine.neuroshima.tiles import deck_of
from games.engine.rng import Rng


@pytest.fixture(autouse=True)
def _fast_password_hashing():
    """No Django here (see test_bot.py)."""


def _finished(state: State) -> State:
    rng = Rng("finish")
    while state.phase != "over":
        seat = legal.to_act(state)[0]
        move, rng = legal.random_move(state, seat, rng)
        state = apply_move(state, seat, move, rng).state
    return state


def _states() -> list[State]:
    """States of random games in every phase, a battle waiting for a decision and a game over
    among them."""
    out = []
    for n, (config, seats) in enumerate(CONFIGS):
        out.extend(random_states(config, seats, f"det-{n}", every=11))
    out.append(_finished(out[-1]))
    for i in range(40):
        config, seats = CONFIGS[i % len(CONFIGS)]
        battles = list(random_states(config, seats, f"dec-{i}", every=10**6))
        out.extend(s for s in battles if s.phase == "battle")
        if any(s.phase == "battle" for s in out):
            break
    return out


def test_the_dealt_state_shows_every_seat_exactly_its_own_view():
    states = _states()
    assert {s.phase for s in states} >= {"hq", "play", "push", "battle", "over"}
    for n, state in enumerate(states):
        for seat in range(state.config.seats):
            view = SYSTEM.view(state, seat)
            dealt = SYSTEM.determinize(view, seat, Rng(f"deal-{n}"))
            assert SYSTEM.view(dealt, seat) == view, (state.phase, seat)


def test_the_dealt_piles_and_hands_hold_the_tiles_the_true_ones_hold():
    for n, state in enumerate(_states()[::3]):
        seat = legal.to_act(state)[0] if legal.to_act(state) else 0
        dealt = SYSTEM.determinize(SYSTEM.view(state, seat), seat, Rng(f"c{n}"))
        for real, fake in zip(state.seats, dealt.seats, strict=True):
            assert Counter(real.hand + real.deck) == Counter(fake.hand + fake.deck)
            assert len(fake.deck) == len(real.deck) and fake.shown == real.shown


def test_two_true_states_the_seat_cannot_tell_apart_give_the_same_dealt_state():
    differed = 0
    for n, state in enumerate(_states()[::2]):
        seat = legal.to_act(state)[0] if legal.to_act(state) else 0
        other = _rearranged(state, seat, Rng(f"other-{n}"))
        differed += other != state
        rng = Rng(f"same-{n}")
        first = SYSTEM.determinize(SYSTEM.view(state, seat), seat, rng)
        assert SYSTEM.determinize(SYSTEM.view(other, seat), seat, rng) == first
    assert differed > 10


def test_the_deal_follows_the_rng():
    state = random_states({"armies": ["moloch", "borgo"]}, 2, "rng", every=10)[3]
    view = SYSTEM.view(state, 0)
    decks = {SYSTEM.determinize(view, 0, Rng(str(i))).seats[1].deck for i in range(5)}
    assert len(decks) == 5


def test_tiles_killed_on_the_board_are_public_and_never_dealt_again():
    state = next(
        s
        for s in random_states({"armies": ["moloch", "borgo"]}, 2, "killed", every=1)
        if any(SYSTEM.view(s, None)["public"]["lost"])
    )
    lost = SYSTEM.view(state, None)["public"]["lost"]
    dealt = SYSTEM.determinize(SYSTEM.view(state, 0), 0, Rng("k"))
    for i, army in enumerate(state.config.armies):
        left = Counter(deck_of(army)) - Counter(lost[i])
        assert not Counter(dealt.seats[i].deck + dealt.seats[i].hand) - left


def test_a_view_of_another_seat_is_refused():
    state = random_states({"armies": ["moloch", "borgo"]}, 2, "other", every=10)[2]
    with pytest.raises(ValueError):
        SYSTEM.determinize(SYSTEM.view(state, 1), 0, Rng("x"))
