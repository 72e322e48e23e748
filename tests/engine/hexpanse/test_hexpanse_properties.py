"""Properties over random games: every mode and player count ends, replays identically, and
no view shows another team's secret mission, the deck order, the discard or another seat's
extra cards; a state dealt from a view shows that view again."""

import json

import pytest

from games.engine.hexpanse.system import SYSTEM
from games.engine.replay import replay, verify
from games.engine.rng import Rng

CONFIGS = [
    (2, {"mode": "marin"}),
    (2, {"mode": "capitaine", "variants": {"elite": 2}}),
    (2, {"mode": "amiral", "variants": {"expert": True}}),
    (3, {"mode": "amiral"}),
    (3, {"mode": "capitaine", "variants": {"expert": True, "elite": 1}}),
    (4, {"mode": "capitaine"}),
    (4, {"mode": "amiral", "teams": True, "protector_policy": "always"}),
    (4, {"mode": "marin", "variants": {"expert": False}, "teams": [[0, 2], [1, 3]]}),
    (6, {"mode": "amiral"}),
]


def random_game(seats, config, seed):
    start = SYSTEM.setup(config, seats, Rng(seed))
    state, rng, chooser = start.state, start.rng, Rng(f"chooser:{seed}")
    log, states = [], [state]
    while SYSTEM.outcome(state) is None:
        assert len(log) < 4000, "the game did not end"
        seat = SYSTEM.to_act(state)[0]
        move, chooser = chooser.choice(SYSTEM.legal_moves(state, seat))
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        log.append((seat, move))
        states.append(state)
    return log, states


@pytest.mark.parametrize(("seats", "config"), CONFIGS)
def test_random_games_end_and_replay_identically(seats, config):
    for n in range(2):
        seed = f"prop-{seats}-{n}"
        log, states = random_game(seats, config, seed)
        outcome = SYSTEM.outcome(states[-1])
        assert outcome is not None and 0 in outcome.ranks
        snapshot = SYSTEM.state_to_json(states[-1])
        kwargs = {"seed": seed, "config": config, "seats": seats, "moves": log}
        assert verify(SYSTEM, snapshot=snapshot, **kwargs)
        assert replay(SYSTEM, **kwargs).state == states[-1]


@pytest.mark.parametrize(("seats", "config"), CONFIGS[2:5] + CONFIGS[6:7])
def test_no_view_shows_what_its_seat_may_not_know(seats, config):
    _, states = random_game(seats, config, f"secret-{seats}")
    for state in states:
        teams = state.teams or tuple((i,) for i in range(seats))
        for seat in [None, *range(seats)]:
            v = SYSTEM.view(state, seat)
            text = json.dumps(v)
            assert v["deck"] == {"count": len(state.deck)}
            assert v["discard"] == {"count": len(state.discard)}
            mates = next((t for t in teams if seat in t), ())
            for i, s in enumerate(state.seats):
                if i not in mates and state.result is None and s.secret_mission:
                    assert v["seats"][i]["secret_mission"] == "hidden"
            if state.turn.extra_cards and seat != state.turn.seat:
                assert json.dumps(list(state.turn.extra_cards)) not in text
            if seat is not None:
                dealt = SYSTEM.determinize(v, seat, Rng(f"deal{seat}"))
                assert SYSTEM.view(dealt, seat) == v


def test_the_deadline_default_is_always_the_first_legal_move_and_always_legal():
    log, states = random_game(3, {"mode": "amiral"}, "defaults")
    for state in states[:-1]:
        seat = SYSTEM.to_act(state)[0]
        first = SYSTEM.legal_moves(state, seat)[0]
        SYSTEM.apply(state, seat, first, Rng("default"))
        if state.setup is None and not state.pending:
            assert first["do"] in ("end_actions", "end_turn")
