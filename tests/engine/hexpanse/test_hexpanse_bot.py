"""The computer opponent: the generic search with Hexpanse's evaluation (mission progress,
warlord safety); it reads only its seat's view."""

import pytest
from hxp import load, position

from games.engine.hexpanse.evaluate import evaluate, mission_progress
from games.engine.hexpanse.system import SYSTEM
from games.engine.rng import Rng
from games.engine.search import bot_move

RHOMBUS = [f"{q},{r}" for q in (-1, 0, 1) for r in (-1, 0, 1)]


def test_progress_counts_the_best_unblocked_placement():
    state = load(position(units=dict.fromkeys(RHOMBUS[:5], (0, "normal"))))
    assert mission_progress(state, 0) == 5 and mission_progress(state, 1) == 0


def test_the_evaluation_likes_mission_progress_and_fears_for_a_warlord_on_its_skull():
    few = load(position(units=dict.fromkeys(RHOMBUS[:3], (0, "normal"))))
    many = load(position(units=dict.fromkeys(RHOMBUS[:7], (0, "normal"))))
    assert 0 < evaluate(few, 0) < evaluate(many, 0) < 1
    assert evaluate(many, 1) < evaluate(few, 1)
    safe = load(position(units={"0,0": (0, "warlord"), "3,0": (1, "normal")}, life=[1, 6]))
    exposed = load(position(units={"0,0": (0, "warlord"), "1,0": (1, "normal")}, life=[1, 6]))
    assert evaluate(exposed, 0) < evaluate(safe, 0)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_plays_a_legal_move(level):
    state = load(position(units=dict.fromkeys(RHOMBUS[:4], (0, "normal")), hands=[["A17"], []]))
    move = bot_move(SYSTEM, state, 0, Rng("bot"), level)
    assert move in SYSTEM.legal_moves(state, 0)


def test_the_computer_completes_a_mission_it_can_finish_now():
    state = load(position(units=dict.fromkeys(RHOMBUS[:8], (0, "normal"))))
    move = bot_move(SYSTEM, state, 0, Rng("finish"), "medium")
    after = SYSTEM.apply(state, 0, move, Rng("x")).state
    assert after.result is not None and after.result.winner == (0,)


def test_the_computer_decides_from_its_view_alone():
    base = position(units=dict.fromkeys(RHOMBUS[:3], (0, "normal")))
    other = dict(base, deck=list(reversed(base["deck"])))
    a, b = load(base), load(other)
    assert SYSTEM.view(a, 0) == SYSTEM.view(b, 0)
    assert bot_move(SYSTEM, a, 0, Rng("same"), "medium") == bot_move(
        SYSTEM, b, 0, Rng("same"), "medium"
    )
