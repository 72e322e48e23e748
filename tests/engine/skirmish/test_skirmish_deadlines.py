"""Deadline defaults (skirmish.md §11): the platform asks `SYSTEM.timeout_move(state, seat)` when a
seat's deadline passes and plays what comes back as that seat's move. §11 gives every step a
default, so a skirmish goes on whoever is away: orders at the nearest target, nobody flees, the
flight to the farthest hex, movement ended where the models stand, the setup's first choices."""

from games.engine.rng import Rng
from games.engine.skirmish.system import SYSTEM
from tests.engine.skirmish.sk import fire, model, play, position

RED, BLUE = 0, 1


def test_a_seat_away_at_aimed_fire_fires_every_able_model_at_the_nearest_target():
    state = position(
        {
            "r1": model("red", (0, 4)),
            "b10": model("blue", (1, 1), shoot=0),
            "b2": model("blue", (-1, 2), shoot=0),
        },
        phase="aimed_fire",
    )
    move = SYSTEM.timeout_move(state, RED)
    assert move == {"type": "aimed_orders", "orders": [{"model": "r1", "targets": ["b2"]}]}


def test_a_seat_whose_orders_are_in_gets_no_default_while_the_other_is_waited_for():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -2))},
        phase="aimed_fire",
    )
    state, _ = play(state, "red", fire("aimed_orders", ("r1", "b1")))
    assert SYSTEM.timeout_move(state, RED) is None
    move = SYSTEM.timeout_move(state, BLUE)
    assert move == {"type": "aimed_orders", "orders": [{"model": "b1", "targets": ["r1"]}]}
    after = SYSTEM.apply(state, BLUE, move, Rng("deadline"))
    assert "OrdersRevealed" in [e.kind for e in after.events]  # the step resolves and goes on


def test_a_seat_away_in_its_movement_ends_it_and_its_models_stay():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -4))},
        phase="movement",
        initiative_order=["blue", "red"],
    )
    assert SYSTEM.timeout_move(state, RED) is None  # blue moves first
    move = SYSTEM.timeout_move(state, BLUE)
    assert move == {"type": "end_movement"}
    after = SYSTEM.apply(state, BLUE, move, Rng("deadline")).state
    assert after.model("b1").hex == (0, -4) and after.active == RED


def test_nobody_flees_and_a_declared_flight_goes_to_the_farthest_hex():
    models = {"r1": model("red", (0, 4)), "b1": model("blue", (0, 3))}
    state = position(models, phase="melee_flee", initiative_order=["red", "blue"])
    assert SYSTEM.timeout_move(state, RED) == {"type": "flee_declaration", "models": []}
    state, _ = play(state, "red", {"type": "flee_declaration", "models": []})
    state, _ = play(state, "blue", {"type": "flee_declaration", "models": ["b1"]})
    move = SYSTEM.timeout_move(state, BLUE)
    assert move["type"] == "flee_move" and move["model"] == "b1"
    after = SYSTEM.apply(state, BLUE, move, Rng("deadline")).state
    assert after.model("b1").hex != (0, 3)


def test_a_whole_game_played_by_deadlines_alone_ends_after_six_turns():
    start = SYSTEM.setup({"scenario": "looting", "board": "small"}, 2, Rng("away"))
    state, rng = start.state, start.rng
    while SYSTEM.outcome(state) is None:
        seat = SYSTEM.to_act(state)[0]
        move = SYSTEM.timeout_move(state, seat)
        assert move is not None, f"no default in {state.phase}"
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
    assert state.turn == 6
    assert SYSTEM.timeout_move(state, RED) is None and SYSTEM.timeout_move(state, BLUE) is None
