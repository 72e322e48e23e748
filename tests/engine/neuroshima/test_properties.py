"""Hypothesis: random legal games for every pairing of armies, 2-4 players and the alliance
always end, never raise, replay identically, and never show a hidden tile to another seat."""

import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.neuroshima.legal import random_move
from games.engine.neuroshima.moves import encode
from games.engine.neuroshima.system import SYSTEM
from games.engine.neuroshima.tiles import ARMIES
from games.engine.replay import verify
from games.engine.rng import Rng

TILE = re.compile(r'"([a-z]+\.[a-z_0-9]+)"')


def hidden_leaks(state, seat):
    """Tiles in other seats' unshown hands that appear in `seat`'s view but nowhere public."""
    view = SYSTEM.view(state, seat)
    public = json.dumps({k: v for k, v in view.items() if k != "seats"})
    shown = set(TILE.findall(public))
    for i, s in enumerate(view["seats"]):
        shown |= set(s["kept"]) | set(s["discard"]) | set(s.get("hand", []) if i == seat else [])
    seen = set(TILE.findall(json.dumps(view)))
    secret = {
        t
        for i, other in enumerate(state.seats)
        if i != seat
        for t, kept in zip(other.hand, other.shown, strict=True)
        if not kept
    } | {t for i, other in enumerate(state.seats) if i != seat for t in other.deck}
    return (seen & secret) - shown - set(TILE.findall(json.dumps(state.position.to_json())))


def playout(config, seats, seed):
    start = SYSTEM.setup(config, seats, Rng(seed))
    state, rng, chooser, log = start.state, start.rng, Rng("c" + seed), []
    for n in range(4000):
        if SYSTEM.outcome(state) is not None:
            return start, state, log
        seat = SYSTEM.to_act(state)[0]
        move, chooser = random_move(state, seat, chooser)
        data = json.loads(json.dumps(encode(move)))
        step = SYSTEM.apply(state, seat, data, rng)
        if n % 40 == 0:
            for other in range(seats):
                assert not hidden_leaks(step.state, other)
        state, rng = step.state, step.rng
        log.append((seat, data))
    raise AssertionError("no end")


PAIRS = [(a, b) for a in ARMIES for b in ARMIES if a != b]


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(pair=st.sampled_from(PAIRS), seed=st.text("abcdef0123", min_size=1, max_size=6))
def test_two_player_games_of_every_pairing_end_and_replay(pair, seed):
    config = {"armies": list(pair)}
    _, final, log = playout(config, 2, seed)
    snapshot = SYSTEM.state_to_json(final)
    assert SYSTEM.state_from_json(json.loads(json.dumps(snapshot))) == final
    assert verify(SYSTEM, snapshot=snapshot, seed=seed, config=config, seats=2, moves=log)


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    seats=st.sampled_from([3, 4]),
    mode=st.sampled_from(["ffa", "alliance"]),
    points=st.booleans(),
    board=st.sampled_from(["standard", "king_of_the_hill"]),
    seed=st.text("abcdef0123", min_size=1, max_size=6),
)
def test_multiplayer_games_end_in_every_mode(seats, mode, points, board, seed):
    if mode == "alliance":
        seats = 4
    config = {"mode": mode, "points_variant": points, "board": board}
    _, final, log = playout(config, seats, seed)
    outcome = SYSTEM.outcome(final)
    assert len(outcome.ranks) == seats and min(outcome.ranks) == 0
    assert verify(
        SYSTEM,
        snapshot=SYSTEM.state_to_json(final),
        seed=seed,
        config=config,
        seats=seats,
        moves=log,
    )
