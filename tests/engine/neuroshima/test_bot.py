"""The computer opponent: legal, deterministic, blind to what its seat cannot see, and stronger
than chance."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from games.engine.neuroshima import bot, bot_bench, legal
from games.engine.neuroshima.moves import encode
from games.engine.neuroshima.state import State
from games.engine.neuroshima.system import SYSTEM, apply_move
from games.engine.neuroshima.tiles import ARMIES
from games.engine.rng import Rng

CONFIGS = [
    ({"armies": ["moloch", "borgo"]}, 2),
    ({"armies": ["posterunek", "hegemonia"], "board": "king_of_the_hill"}, 2),
    ({"armies": ["hegemonia", "moloch", "posterunek"]}, 3),
    ({"armies": ["borgo", "posterunek", "moloch"], "points_variant": True}, 3),
    ({"armies": list(ARMIES), "mode": "alliance"}, 4),
    ({"armies": list(reversed(ARMIES))}, 4),
]


@pytest.fixture(autouse=True)
def _fast_password_hashing():
    """No Django here: overrides tests/conftest.py's fixture of the same name, which needs
    pytest-django's `settings` (engine tests also run with `-p no:django`)."""


def _key(move: object) -> str:
    return json.dumps(move, sort_keys=True)


def random_states(config: dict, seats: int, seed: str, every: int = 5) -> list[State]:
    """States met along one random game (every `every`-th, plus every pending decision)."""
    rng = Rng(seed)
    step = SYSTEM.setup(config, seats, rng)
    state, rng = step.state, step.rng
    out = []
    n = 0
    while state.phase != "over":
        if n % every == 0 or state.phase in ("push", "battle"):
            out.append(state)
        seat = legal.to_act(state)[0]
        move, rng = legal.random_move(state, seat, rng)
        state = apply_move(state, seat, move, rng).state
        n += 1
    return out


def _legal_json(state: State, seat: int) -> set[str]:
    return {_key(m) for m in SYSTEM.legal_moves(state, seat)}


@pytest.mark.parametrize(("config", "seats"), CONFIGS)
def test_every_level_returns_a_legal_move_in_states_of_random_games(config, seats):
    states = random_states(config, seats, f"legal-{seats}-{config['armies'][0]}", every=9)
    for n, state in enumerate(states):
        seat = legal.to_act(state)[0]
        level = 1 + n % 3
        move = bot.choose_move(state, seat, Rng(f"pick-{n}"), level)
        assert _key(move) in _legal_json(state, seat), (state.phase, move)
        SYSTEM.apply(state, seat, move, Rng("x"))


def test_pending_decisions_are_answered_with_offered_options():
    decisions = []
    for i in range(30):
        config, seats = CONFIGS[i % len(CONFIGS)]
        states = random_states(config, seats, f"dec-{i}", every=10**6)
        decisions.extend(s for s in states if s.phase in ("push", "battle"))
    assert {s.phase for s in decisions} == {"push", "battle"}
    for n, state in enumerate(decisions):
        seat = legal.to_act(state)[0]
        for level in (1, 2, 3):
            move = bot.choose_move(state, seat, Rng(f"d{n}"), level)
            assert _key(move) in _legal_json(state, seat)


def test_the_same_rng_gives_the_same_move_and_the_state_is_untouched():
    states = random_states({"armies": ["borgo", "moloch"]}, 2, "same", every=7)
    for n, state in enumerate(states[:12]):
        seat = legal.to_act(state)[0]
        before = SYSTEM.state_to_json(state)
        first = bot.choose_move(state, seat, Rng(f"s{n}"), 3)
        assert bot.choose_move(state, seat, Rng(f"s{n}"), 3) == first
        assert SYSTEM.state_to_json(state) == before


def _rearranged(state: State, seat: int, rng: Rng) -> State:
    """Another state the seat cannot tell apart: the others' unseen hand tiles and every pile
    dealt again (its own pile too)."""
    seats = []
    for i, s in enumerate(state.seats):
        hidden = [] if i == seat else [k for k, shown in enumerate(s.shown) if not shown]
        pool = [s.hand[k] for k in hidden] + list(s.deck)
        dealt, rng = rng.shuffled(pool)
        hand = list(s.hand)
        for n, k in enumerate(hidden):
            hand[k] = dealt[n]
        seats.append(replace(s, hand=tuple(hand), deck=tuple(dealt[len(hidden) :])))
    return replace(state, seats=tuple(seats))


def test_the_choice_does_not_depend_on_anything_the_seat_cannot_see():
    checked = hidden_hands = 0
    for config, seats in CONFIGS[:3] + CONFIGS[4:5]:
        for n, state in enumerate(random_states(config, seats, f"blind-{seats}", every=6)[:14]):
            seat = legal.to_act(state)[0]
            other = _rearranged(state, seat, Rng(f"deal-{n}"))
            assert SYSTEM.view(other, seat) == SYSTEM.view(state, seat)
            hidden_hands += any(
                not shown for i, s in enumerate(state.seats) if i != seat for shown in s.shown
            )
            for level in (1, 3):
                rng = Rng(f"blind-{n}")
                assert bot.choose_move(other, seat, rng, level) == bot.choose_move(
                    state, seat, rng, level
                )
            checked += 1
    assert checked > 20 and hidden_hands > 0


@pytest.mark.parametrize(
    ("config", "seats", "levels"),
    [
        ({"armies": ["hegemonia", "moloch"]}, 2, (3, 1)),
        ({"armies": ["borgo", "posterunek", "moloch"]}, 3, (2, 1, 3)),
    ],
)
def test_bots_finish_games(config, seats, levels):
    rng = Rng("finish")
    state = SYSTEM.setup(config, seats, rng).state
    for step in range(3000):
        if state.phase == "over":
            break
        seat = legal.to_act(state)[0]
        move = bot.choose_move(state, seat, Rng(f"f{step}"), levels[seat])
        state = SYSTEM.apply(state, seat, move, rng).state
    assert state.result is not None


def test_level_names_and_numbers_are_accepted_and_others_refused():
    state = random_states({"armies": ["moloch", "borgo"]}, 2, "lv", every=10)[2]
    seat = legal.to_act(state)[0]
    assert bot.choose_move(state, seat, Rng("l"), "hard") == bot.choose_move(
        state, seat, Rng("l"), 3
    )
    with pytest.raises(ValueError):
        bot.choose_move(state, seat, Rng("l"), 7)
    with pytest.raises(ValueError):
        bot.choose_move(state, 1 - seat, Rng("l"), 2)


def test_the_hard_bot_beats_a_random_player_in_at_least_8_of_10_games():
    scores = [bot_bench._match((i, "random", 3, 1))[0] for i in range(10)]
    assert sum(scores) >= 8, scores


def test_the_encoded_move_decodes_to_the_move_the_bot_chose():
    state = random_states({"armies": ["posterunek", "borgo"]}, 2, "enc", every=10)[3]
    seat = legal.to_act(state)[0]
    assert bot.choose_move(state, seat, Rng("e"), 2) == encode(bot.choose(state, seat, Rng("e"), 2))
