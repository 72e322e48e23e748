"""What the computer opponent may read: views, determinized states and the win estimate
(spec §12; protocol `determinize`, `evaluate`)."""

import pytest
from pbh import fig, play, position

from games.engine.paintball import moves as mv
from games.engine.paintball.setup import default_deploy, initial_state
from games.engine.paintball.system import SYSTEM
from games.engine.rng import Rng

FAR = {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, 4]}}


def test_a_determinized_state_matches_the_view_it_came_from_and_guesses_policies():
    state = position(
        {
            "r1": fig("red", (0, 2), state="sentry", sentry_policy="ask"),
            "b1": fig("blue", (0, -2), state="sentry", sentry_policy="suppress"),
        },
        marshals=FAR,
    )
    seen = SYSTEM.view(state, 1)
    guess = SYSTEM.determinize(seen, 1, Rng("g"))
    assert SYSTEM.view(guess, 1) == seen
    assert guess.figure("b1").sentry_policy == "suppress"
    assert guess.figure("r1").sentry_policy in ("fire", "suppress", "ask")


def test_a_hidden_deployment_is_replaced_by_a_legal_one():
    state = initial_state({"scenario": "capture_the_flag"})
    state = play(state, "red", mv.encode(default_deploy(state, "red"))).state
    seen = SYSTEM.view(state, 1)
    assert seen["submissions"]["red"] == "hidden"
    guess = SYSTEM.determinize(seen, 1, Rng("g"))
    assert SYSTEM.view(guess, 1) == seen
    after = SYSTEM.apply(guess, 1, SYSTEM.legal_moves(guess, 1)[0], Rng("x")).state
    assert (after.phase, after.turn) == ("activation", 1)  # deployed: turn 1 has begun


@pytest.mark.parametrize("scenario", SYSTEM.scenarios)
def test_the_estimate_is_in_zero_one_and_the_two_teams_estimates_sum_to_one(scenario):
    state = SYSTEM.setup({"scenario": scenario}, 2, Rng(scenario)).state
    for _ in range(2):
        seat = SYSTEM.to_act(state)[0]
        state = SYSTEM.apply(state, seat, SYSTEM.legal_moves(state, seat)[0], Rng("d")).state
    red, blue = SYSTEM.evaluate(state, 0), SYSTEM.evaluate(state, 1)
    assert 0.0 <= red <= 1.0 and red + blue == pytest.approx(1.0)


def test_the_estimate_prefers_more_figures_in_play_and_knows_a_finished_game():
    figures = {"r1": fig("red", (0, 2)), "r2": fig("red", (1, 2)), "b1": fig("blue", (0, -2))}
    state = position(figures, marshals=FAR, scenario="elimination", terrain=[])
    assert SYSTEM.evaluate(state, 0) > 0.5
    over = SYSTEM.forfeit(state, 0, "resigned").state
    assert (SYSTEM.evaluate(over, 0), SYSTEM.evaluate(over, 1)) == (0.0, 1.0)


def test_the_computer_plays_the_same_move_whatever_policy_the_enemy_sentries_hide():
    # Red to play, its way forward watched by two blue sentries whose policies it cannot see:
    # the same rng gives the same move at every level, whether they fire, suppress or ask.
    from games.engine import search

    def watched(policy: str):
        return position(
            {
                "r1": fig("red", (0, 2)),
                "r2": fig("red", (1, 2)),
                "b1": fig("blue", (0, -2), state="sentry", sentry_policy=policy, facing=0),
                "b2": fig("blue", (1, -3), state="sentry", sentry_policy=policy, facing=0),
            },
            marshals=FAR,
            active="red",
            first="red",
        )

    states = [watched(policy) for policy in ("fire", "suppress", "ask")]
    assert len({SYSTEM.view(s, 0)["figures"]["b1"]["sentry_policy"] for s in states}) == 1
    for level in (1, 2, 3):
        moves = [search.bot_move(SYSTEM, s, 0, Rng(f"blind-{level}"), level) for s in states]
        assert moves[0] in SYSTEM.legal_moves(states[0], 0)
        assert moves[1:] == moves[:-1], moves
