"""The win estimate the generic computer opponent reads (evaluate.py): it prefers what the rules
reward, with no die rolled."""

from pbh import fig, position

from games.engine.paintball.evaluate import evaluate
from games.engine.paintball.state import evolve

NEAR = {"m1": {"hex": [0, -1]}, "m2": {"hex": [-2, 4]}}
DOWN = {"state": "disabled", "disabled_by": "suppressed"}


def _duel(**fields):
    figures = {
        "r1": fig("red", (0, 1)),
        "r2": fig("red", (-2, 4)),
        "b1": fig("blue", (0, -1)),
        "b2": fig("blue", (1, -3)),
    }
    figures.update(fields.pop("figures", {}))
    return position(figures, marshals=NEAR, **fields)


def test_a_gun_that_may_still_fire_this_phase_threatens_more_than_one_firing_next_turn():
    red_to_play = _duel(active="red", first="red")
    blue_to_play = _duel(active="blue", first="blue")
    assert evaluate(red_to_play, "red") > evaluate(blue_to_play, "red")


def test_pinning_down_a_figure_whose_phase_is_over_is_worth_nothing():
    # Blue played first; red pins b1 down (out of any charger's reach): b1 gets up at the end
    # of the turn, before it may act again.
    pinned = {"b1": fig("blue", (0, -2), **DOWN)}
    standing = {"b1": fig("blue", (0, -2))}
    after_its_phase = _duel(active="red", first="blue", figures=pinned)
    unpinned = _duel(active="red", first="blue", figures=standing)
    assert abs(evaluate(after_its_phase, "red") - evaluate(unpinned, "red")) < 1e-9
    # Pinned before its phase, it loses that phase: worth something to red.
    before_its_phase = _duel(active="red", first="red", figures=pinned)
    assert evaluate(before_its_phase, "red") > evaluate(
        _duel(active="red", first="red", figures=standing), "red"
    )


def test_a_figure_lying_down_within_reach_of_chargers_is_almost_lost():
    far = _duel(active="red", figures={"b1": fig("blue", (0, -3), **DOWN)})
    in_reach = _duel(active="red", figures={"b1": fig("blue", (0, -1), **DOWN)})
    assert evaluate(in_reach, "red") > evaluate(far, "red")


def test_an_attacker_who_can_reach_the_empty_home_this_phase_is_nearly_winning():
    figures = {
        "r1": fig("red", (0, -3)),
        "b1": fig("blue", (2, 3)),
    }
    state = position(
        figures,
        board="field_5",
        scenario="base_assault",
        marshals={"m1": {"hex": [-2, 1]}, "m2": {"hex": [2, -1]}},
        turn=8,
    )
    near = evaluate(state, "red")
    far = evaluate(state.update("r1", hex=(0, 3)), "red")
    inside = evaluate(state.update("r1", hex=(0, -5)), "red")
    assert far < 0.5 < near < inside


def test_the_estimate_of_a_finished_game_is_its_result():
    state = evolve(_duel(), phase="over", winner="blue")
    assert (evaluate(state, "red"), evaluate(state, "blue")) == (0.0, 1.0)


def test_a_gun_with_a_target_counts_the_risk_of_running_out_of_gas_when_it_fires():
    from games.engine.paintball import evaluate as module

    # Two red guns have a target, one blue gun (the other is jammed): red risks more gas.
    state = _duel(figures={"b2": fig("blue", (1, -3), state="neutral")})
    try:
        module.MISFIRES = 0.0
        careless = evaluate(state, "red")
        module.MISFIRES = 1.0
        careful = evaluate(state, "red")
    finally:
        module.MISFIRES = 1.0
    assert careful < careless


def test_in_an_elimination_advancing_is_worth_something_and_gives_the_enemy_nothing():
    # Far out of each other's range: only the advance differs. (The old "closeness to the
    # nearest enemy" gave every enemy figure a bonus for each hex one of ours came nearer.)
    figures = {
        "r1": fig("red", (0, 5)),
        "r2": fig("red", (-1, 5)),
        "b1": fig("blue", (0, -5)),
        "b2": fig("blue", (1, -5)),
        "b3": fig("blue", (-1, -4)),
    }
    state = position(
        figures,
        board="field_5",
        scenario="elimination",
        marshals={"m1": {"hex": [-2, 1]}, "m2": {"hex": [2, -1]}},
    )
    advanced = state.update("r1", hex=(0, 3))
    assert evaluate(advanced, "red") > evaluate(state, "red")
    assert evaluate(advanced, "blue") < evaluate(state, "blue")


def test_an_attacker_of_a_base_assault_gains_for_every_hex_nearer_the_home():
    figures = {"r1": fig("red", (0, 3)), "r2": fig("red", (1, 3)), "b1": fig("blue", (0, -5))}
    state = position(
        figures,
        board="field_5",
        scenario="base_assault",
        marshals={"m1": {"hex": [-2, 1]}, "m2": {"hex": [2, -1]}},
        turn=2,
    )
    # r1 is not the runner nearest the home: its own progress still counts.
    runner = state.update("r2", hex=(1, -1))
    follower = runner.update("r1", hex=(0, 1))
    assert evaluate(follower, "red") > evaluate(runner, "red") > evaluate(state, "red")


def test_a_pinned_figure_counts_almost_whole_its_lost_shots_are_the_threat_it_no_longer_poses():
    pinned = {"b1": fig("blue", (0, -3), **DOWN)}
    standing = {"b1": fig("blue", (0, -3))}
    before_its_phase = _duel(active="red", first="red", figures=pinned)
    unpinned = _duel(active="red", first="red", figures=standing)
    gain = evaluate(before_its_phase, "red") - evaluate(unpinned, "red")
    assert 0 < gain < 0.1


def _flag_run(carrier_hex=(0, -1), carried=True, turn=2):
    """Capture the flag: red's r1 with the blue flag (or beside it), blue's only figure jammed
    (no gun threatens anyone: only the flag's way counts)."""
    flag = {"hex": [0, -3], "carrier": "r1" if carried else None}
    return position(
        {"r1": fig("red", carrier_hex), "b1": fig("blue", (1, 2), state="neutral")},
        scenario="capture_the_flag",
        marshals={"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, 4]}},
        flags={"blue": flag, "red": {"hex": [0, 3], "carrier": None}},
        turn=turn,
        active="red",
        first="red",
    )


def test_a_flag_that_can_no_longer_reach_home_before_the_turn_limit_is_worth_nothing():
    # Four hexes from home with one phase left (two hexes at most): carrying the flag is worth
    # no more than leaving it in the enemy's home; early in the game it is worth much.
    def carrying_gain(turn: int) -> float:
        return evaluate(_flag_run(turn=turn), "red") - evaluate(
            _flag_run(carried=False, turn=turn), "red"
        )

    assert abs(carrying_gain(12)) < 0.01 < 0.03 < carrying_gain(2)


def test_with_the_flag_a_hex_nearer_home_is_worth_more_the_fewer_turns_are_left():
    def step_gain(turn: int) -> float:
        return evaluate(_flag_run((0, 0), turn=turn), "red") - evaluate(
            _flag_run((0, -1), turn=turn), "red"
        )

    assert step_gain(9) > 1.5 * step_gain(3) > 0
