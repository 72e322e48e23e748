"""Property tests (skirmish.md §16): random games of every scenario on both boards end within
six turns, never raise, replay identically, and no view shows another seat's orders before the
reveal. Modest example counts keep the run short."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine.replay import replay
from games.engine.rng import Rng
from games.engine.skirmish.boards import BOARDS
from games.engine.skirmish.scenarios import SCENARIOS
from games.engine.skirmish.state import SEAT_NAMES, SIMULTANEOUS
from games.engine.skirmish.system import SYSTEM


def hidden_orders_leak(state):
    """Every view but the owner's must be free of a submitted seat's orders."""
    if state.phase not in SIMULTANEOUS:
        return []
    leaks = []
    for owner, orders in enumerate(state.orders):
        for order in orders or ():
            needle = json.dumps({"model": order.model, "targets": list(order.targets)})[:-1]
            for seat in (None, *range(state.seats)):
                if seat != owner and needle in json.dumps(SYSTEM.view(state, seat)):
                    leaks.append((SEAT_NAMES[owner], seat))
    return leaks


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    scenario=st.sampled_from(SCENARIOS),
    board=st.sampled_from(BOARDS),
)
def test_random_games_end_replay_and_never_leak_orders(seed, scenario, board):
    config = {"scenario": scenario, "board": board}
    start = SYSTEM.setup(config, 2, Rng(str(seed)))
    state, rng, chooser = start.state, start.rng, Rng(f"chooser:{seed}")
    log = []
    while SYSTEM.outcome(state) is None:
        assert state.turn <= 6
        seat = SYSTEM.to_act(state)[0]
        move, chooser = chooser.choice(SYSTEM.legal_moves(state, seat))
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        log.append((seat, move))
        assert not hidden_orders_leak(state)
        for viewer in range(state.seats) if state.phase in SIMULTANEOUS else ():
            view = SYSTEM.view(state, viewer)
            guess = SYSTEM.determinize(view, viewer, Rng("guess"))
            assert SYSTEM.view(guess, viewer)["position"] == view["position"]
    assert state.turn == 6 and state.winner in ("red", "blue", "draw")
    again = replay(SYSTEM, seed=str(seed), config=config, seats=2, moves=log)
    assert SYSTEM.state_to_json(again.state) == SYSTEM.state_to_json(state)


def test_a_hidden_order_leak_would_be_caught(monkeypatch):
    """The leak check itself can fail: a view that kept the other seat's orders is caught."""
    import games.engine.skirmish.system as system_module
    from games.engine.skirmish.position import state_to_json
    from tests.engine.skirmish.sk import fire, model, play, position

    state = position({"r1": model("red", (0, 4)), "b1": model("blue", (0, -2))}, phase="aimed_fire")
    state, _ = play(state, "red", fire("aimed_orders", ("r1", "b1")))
    assert not hidden_orders_leak(state)
    monkeypatch.setattr(system_module, "view", lambda s, seat: {"position": state_to_json(s)})
    assert hidden_orders_leak(state)
