"""The benches' shared part (games/engine/bench.py), on the toy race to 21: the same seed plays
the same game, a computer seat is played by the search, and a game is scored from a seat."""

from __future__ import annotations

from games.engine import bench
from games.engine.protocol import Outcome
from games.engine.search import BUDGETS
from tests.engine.toys import Race21


def test_a_seed_plays_the_same_random_game_to_its_end():
    system = Race21()
    state, moves = bench.play(system, {}, 2, "seed-1")
    again, same_moves = bench.play(system, {}, 2, "seed-1")
    assert system.outcome(state) is not None
    assert (system.state_to_json(state), moves) == (system.state_to_json(again), same_moves)


def test_max_moves_stops_a_game_before_its_end():
    system = Race21()
    state, moves = bench.play(system, {}, 2, "seed-1", max_moves=1)
    assert moves == 1 and system.outcome(state) is None


def test_the_computer_plays_its_seat_and_the_game_still_ends():
    system = Race21()
    state, moves = bench.play(system, {}, 2, "seed-2", bot_seat=0, level="easy")
    assert moves > 0 and system.outcome(state) is not None


def test_a_game_scores_a_win_a_draw_a_loss_and_an_unfinished_game():
    win = Outcome(ranks=(0, 1))
    assert [bench.score(win, 0), bench.score(win, 1)] == [1.0, 0.0]
    assert bench.score(Outcome(ranks=(0, 0)), 1) == 0.5
    assert bench.score(None, 0) == 0.0


def test_a_batch_is_timed_in_cpu_seconds_and_rated_per_second():
    results, seconds = bench.cpu_timed(3, lambda i: i * 2)
    assert results == [0, 2, 4] and seconds >= 0
    assert bench.rate(10, 4.0) == 2.5
    assert bench.rate(10, 0.0) is None
    assert bench.mean([1.0, 0.5]) == 0.75 and bench.mean([]) is None


def test_a_duel_gives_each_seat_its_budget_and_times_each_decision():
    system = Race21()
    game = bench.duel(system, {}, "seed-3", (BUDGETS[1], BUDGETS[3]), "easy")
    assert game.outcome is not None
    assert len(game.seconds[0]) + len(game.seconds[1]) == game.moves
    assert all(s >= 0 for s in game.seconds[0] + game.seconds[1])


def test_the_90th_percentile():
    assert bench.p90([float(n) for n in range(11)]) == 9.0
    assert bench.p90([2.0]) == 2.0 and bench.p90([]) is None
