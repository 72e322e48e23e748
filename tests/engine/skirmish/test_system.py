"""The GameSystem face of the skirmish: registration, outcome, forfeit, evaluate and the §11
deadline defaults."""

from games.engine.registry import get_system
from games.engine.rng import Rng
from games.engine.skirmish.system import SYSTEM
from tests.engine.skirmish.sk import model, position


def test_the_system_is_registered_with_its_scenarios_and_draws():
    system = get_system("skirmish")
    assert system is SYSTEM and system.allows_draw
    assert system.scenarios[0] == "pitched_battle" and (system.min_seats, system.max_seats) == (
        2,
        2,
    )


def test_forfeit_gives_the_game_to_the_other_seat():
    state = SYSTEM.setup({"scenario": "looting"}, 2, Rng("f")).state
    over = SYSTEM.forfeit(state, 0, "time").state
    assert SYSTEM.outcome(over).winners == (1,) and SYSTEM.outcome(state) is None


def test_a_draw_ranks_both_seats_first():
    state = position({"r1": model("red", (0, 4))}, scenario="looting", phase="over", winner="draw")
    assert SYSTEM.outcome(state).is_draw


def test_evaluate_stays_between_0_and_1_and_prefers_the_stronger_side():
    strong = position(
        {"r1": model("red", (0, 4)), "r2": model("red", (1, 4)), "b1": model("blue", (0, -4))},
        scenario="pitched_battle",
    )
    assert 0.5 < SYSTEM.evaluate(strong, 0) <= 1 and 0 <= SYSTEM.evaluate(strong, 1) < 0.5


def test_every_deadline_default_is_a_legal_move_through_a_whole_game():
    t = SYSTEM.setup({"scenario": "rescue", "board": "small"}, 2, Rng("defaults"))
    state, rng = t.state, t.rng
    while SYSTEM.outcome(state) is None:
        seat = SYSTEM.to_act(state)[0]
        step = SYSTEM.apply(state, seat, SYSTEM.choose_default(state, seat), rng)
        state, rng = step.state, step.rng
    assert state.turn == 6
