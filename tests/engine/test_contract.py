"""One contract test over every registered engine (ARCHITECTURE.md, "Tests"): seeded random
playouts to the end, every legal move applies, inputs unchanged, JSON round trips, replay
verifies, views are JSON and show each seat only its own events, no view holds a secret, and a
state dealt from a view shows that view again.

Hidden information, generically: each system's test package (tests/engine/<key>/hidden.py)
provides `secrets(state, seat) -> list[str]`, the strings `seat` (None: a spectator) must not
find in `json.dumps(view(state, seat))` (other hands' tiles, pile orders...). The toy "leaky21"
(toys.py) shows every hand, and the check must catch it.
"""

import copy
import importlib.util
import json
import pathlib

import pytest
from toys import LEAKY21, RACE21
from toys import secrets as toy_secrets

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
    kwargs = {"seed": seed, "config": {}, "seats": seats, "moves": log}
    assert verify(system, snapshot=snapshot, **kwargs)
    assert replay(system, **kwargs).events  # the log explains the game


@pytest.mark.parametrize("key", system_keys())
def test_views_are_json_and_spectators_have_no_moves(key):
    """(What each view may hold is checked by test_no_view_holds_what_its_seat_must_not_see.)"""
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


def system_secrets(key):
    """tests/engine/<key>/hidden.py's `secrets`: every system must say what its seats must not
    see."""
    path = pathlib.Path(__file__).parent / key / "hidden.py"
    assert path.exists(), f"{key} has no tests/engine/{key}/hidden.py with secrets(state, seat)"
    spec = importlib.util.spec_from_file_location(f"contract_hidden_{key}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.secrets


def _random_states(system, seats, seed, moves):
    """The states of a random game, `moves` at most."""
    start = system.setup({}, seats, Rng(seed))
    state, rng, chooser = start.state, start.rng, Rng(f"chooser:{seed}")
    out = [state]
    for _ in range(moves):
        if system.outcome(state) is not None:
            break
        seat = system.to_act(state)[0]
        move, chooser = chooser.choice(system.legal_moves(state, seat))
        step = system.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        out.append(state)
    return out


def hidden_leaks(system, secrets, seats, seed, moves=150):
    """(leaks, secrets checked) along a random game: every secret found in the JSON of the view
    of a seat (or the spectator) that must not see it."""
    leaks, checked = [], 0
    for n, state in enumerate(_random_states(system, seats, seed, moves)):
        for seat in [None, *range(seats)]:
            text = json.dumps(system.view(state, seat))
            for secret in secrets(state, seat):
                checked += 1
                if secret in text:
                    leaks.append(f"move {n}: seat {seat} sees {secret}")
    return leaks, checked


@pytest.mark.parametrize("key", system_keys())
def test_no_view_holds_what_its_seat_must_not_see(key):
    system = get_system(key)
    secrets = system_secrets(key)
    for seats in sorted({system.min_seats, system.max_seats}):
        leaks, checked = [], 0
        for game in range(8):  # games where secrets are short-lived need a few of them
            found, n = hidden_leaks(system, secrets, seats, f"hidden-{seats}-{game}")
            leaks, checked = leaks + found, checked + n
            if checked > 100:
                break
        assert checked > 100, "the system's secrets() found nothing to hide"
        assert not leaks, leaks[:5]


def test_the_hidden_information_check_catches_a_leaking_system():
    leaks, _ = hidden_leaks(LEAKY21, toy_secrets, 2, "leaky")
    assert leaks and "sees" in leaks[0]
    leaks, checked = hidden_leaks(RACE21, toy_secrets, 2, "leaky")
    assert checked > 20 and not leaks


def _deals(system):
    """Whether the system can deal a state from a view (SystemDefaults' raises)."""
    state = system.setup({}, system.min_seats, Rng("deals")).state
    seat = system.to_act(state)[0] if system.to_act(state) else 0
    try:
        system.determinize(system.view(state, seat), seat, Rng("deals"))
    except NotImplementedError:
        return False
    return True


def determinize_mismatches(system, seats, seed, moves=150):
    """The (move, seat) where a state dealt from the seat's view shows another view, or where
    dealing changed the view it was given (the site reuses a view after its previews)."""
    bad = []
    for n, state in enumerate(_random_states(system, seats, seed, moves)):
        for seat in range(seats):
            view = system.view(state, seat)
            untouched = copy.deepcopy(view)
            dealt = system.determinize(view, seat, Rng(f"deal:{seed}:{n}:{seat}"))
            if system.view(dealt, seat) != view or view != untouched:
                bad.append((n, seat))
    return bad


@pytest.mark.parametrize("key", system_keys())
def test_a_state_dealt_from_a_view_shows_that_view_again(key):
    system = get_system(key)
    if not _deals(system):
        pytest.skip(f"{key} cannot determinize yet")
    for seats in sorted({system.min_seats, system.max_seats}):
        assert not determinize_mismatches(system, seats, f"deal-{seats}")


def test_the_toy_race_deals_consistent_states_and_the_check_would_see_a_bad_deal():
    assert not determinize_mismatches(RACE21, 2, "race")

    class BadDeal(type(RACE21)):
        def determinize(self, view, seat, rng):
            state = super().determinize(view, seat, rng)
            return state.__class__(**{**state.__dict__, "total": state.total + 1})

    assert determinize_mismatches(BadDeal(), 2, "race")


@pytest.mark.parametrize(
    "key", [k for k in system_keys() if hasattr(get_system(k), "timeout_move")]
)
def test_a_deadline_default_is_a_legal_move_of_a_seat_that_owes_it(key):
    """`timeout_move` (optional): the platform plays it as the seat's move when its deadline
    passes, so it must apply, and only a seat `to_act` names may get one."""
    system = get_system(key)
    default = system.timeout_move
    seats = system.min_seats
    played = 0
    for state in _random_states(system, seats, "deadlines", 400):
        if system.outcome(state) is not None:
            break
        acting = system.to_act(state)
        for seat in range(seats):
            move = default(state, seat)
            if move is None:
                continue
            assert seat in acting, f"a default for seat {seat}, who owes nothing"
            json.dumps(move)
            system.apply(state, seat, move, Rng("deadline"))  # raises if illegal
            played += 1
    assert played, "no deadline default was offered in a whole random game"
