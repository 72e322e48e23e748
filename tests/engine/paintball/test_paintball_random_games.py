"""Property tests (hypothesis, modest counts): random games of every scenario and option end,
never raise, replay identically, and no view shows another team's secrets (spec §12, §17)."""

import json
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.paintball.board import SEATS
from games.engine.paintball.legal import random_move
from games.engine.paintball.moves import encode
from games.engine.paintball.state import SCENARIOS
from games.engine.paintball.system import SYSTEM
from games.engine.paintball.view import view
from games.engine.replay import verify
from games.engine.rng import Rng

CONFIGS = st.fixed_dictionaries(
    {
        "scenario": st.sampled_from(SCENARIOS),
        "experts": st.booleans(),
        "grenades": st.booleans(),
        "blind_spots": st.booleans(),
        "heavy_cover": st.booleans(),
    }
)
RUN = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _flip_secrets(state, seat):
    """The same state with everything `seat` may not see changed."""
    figures = tuple(
        f
        if f.team == seat
        else replace(f, sentry_policy="ask" if f.sentry_policy != "ask" else "fire")
        for f in state.figures
    )
    subs = tuple(
        s if SEATS[i] == seat or s is None else json.dumps({"x": 1})
        for i, s in enumerate(state.submissions)
    )
    return replace(state, figures=figures, submissions=subs)


def _play(config, seed):
    start = SYSTEM.setup(config, 2, Rng(seed))
    state, rng, chooser = start.state, start.rng, Rng(f"chooser:{seed}")
    log = []
    for _ in range(3000):
        if SYSTEM.outcome(state) is not None:
            return start, state, log
        for seat in (0, 1):
            seen = view(state, SEATS[seat])
            assert view(_flip_secrets(state, SEATS[seat]), SEATS[seat]) == seen
            guess = SYSTEM.determinize(seen, seat, Rng(f"det:{len(log)}"))
            assert view(guess, SEATS[seat]) == seen
        seat = SYSTEM.to_act(state)[0]
        move, chooser = chooser.choice(SYSTEM.legal_moves(state, seat))
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        log.append((seat, move))
    raise AssertionError("the game did not end")


@RUN
@given(config=CONFIGS, seed=st.integers(0, 10_000))
def test_random_games_end_replay_identically_and_keep_secrets(config, seed):
    _start, final, log = _play(config, str(seed))
    outcome = SYSTEM.outcome(final)
    assert outcome is not None and len(outcome.ranks) == 2
    snapshot = SYSTEM.state_to_json(final)
    assert SYSTEM.state_from_json(json.loads(json.dumps(snapshot))) == final
    assert verify(SYSTEM, snapshot=snapshot, seed=str(seed), config=config, seats=2, moves=log)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_a_forfeit_ends_the_game_for_the_other_team(seed):
    state = SYSTEM.setup({}, 2, Rng(str(seed))).state
    over = SYSTEM.forfeit(state, seed % 2, "timeout").state
    assert SYSTEM.outcome(over).winners == ((seed + 1) % 2,)


@settings(max_examples=8, deadline=None)
@given(config=CONFIGS, seed=st.integers(0, 10_000))
def test_the_cheap_random_mover_only_draws_legal_moves_and_games_end(config, seed):
    start = SYSTEM.setup(config, 2, Rng(str(seed)))
    state, rng, chooser = start.state, start.rng, Rng(f"cheap:{seed}")
    for _ in range(3000):
        if SYSTEM.outcome(state) is not None:
            return
        seat = SYSTEM.to_act(state)[0]
        move, chooser = random_move(state, SEATS[seat], chooser)
        state, rng = _step(state, seat, move, rng)
    raise AssertionError("the game did not end")


def _step(state, seat, move, rng):
    step = SYSTEM.apply(state, seat, encode(move), rng)
    return step.state, step.rng
