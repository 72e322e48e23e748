"""B.5's two privileges (infinity.md B.5, N2 details L: « the winner chooses to take the first
turn or to deploy first »): the roll-off's winner takes the Initiative (`initiative` {choice}) or
the Deployment (`initiative` {deploy}), and the loser decides the other (pending `deployment`,
answered by `deployment` {choice}; pending `turn_order`, answered by `initiative` {choice}).
Games set up before (`setup_version` 1) keep the winner deciding both: test_infinity_game_flow.py
and test_infinity_old_logs.py."""

import pytest
from infh import run

from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.system import SYSTEM
from games.engine.protocol import IllegalMove, MalformedMove
from games.engine.rng import Rng
from games.engine.search import bot_move


def new_game(seed="privileges", **config):
    start = SYSTEM.setup(SYSTEM.validate_config(config, 2), 2, Rng(seed))
    return start.state, start.state.turn.pending.seat


def deploy_everyone(state):
    """Each seat in turn deploys by its first legal moves; the seats in the order they did."""
    order = []
    while state.turn.pending.kind == "deploy":
        seat = state.turn.pending.seat
        if not order or order[-1] != seat:
            order.append(seat)
        state, _ = run(state, [SYSTEM.legal_moves(state, seat)[0]])
    return state, order


def test_the_winner_chooses_one_privilege_among_four_moves():
    state, winner = new_game()
    assert state.split_privileges and state.turn.pending.kind == "initiative"
    assert SYSTEM.legal_moves(state, winner) == [
        {"type": "initiative", "seat": winner, "choice": "first"},
        {"type": "initiative", "seat": winner, "choice": "second"},
        {"type": "initiative", "seat": winner, "deploy": "first"},
        {"type": "initiative", "seat": winner, "deploy": "second"},
    ]


def test_the_winner_taking_the_initiative_leaves_the_deployment_order_to_the_loser():
    state, winner = new_game()
    loser = 1 - winner
    state, events = run(state, [{"type": "initiative", "seat": winner, "choice": "first"}])
    assert [e["kind"] for e in events] == ["InitiativeChosen"]
    assert state.turn.first_seat == winner and state.turn.first_deployer is None
    assert (state.turn.pending.seat, state.turn.pending.kind) == (loser, "deployment")
    assert SYSTEM.legal_moves(state, loser) == [
        {"type": "deployment", "seat": loser, "choice": "first"},
        {"type": "deployment", "seat": loser, "choice": "second"},
    ]
    state, events = run(state, [{"type": "deployment", "seat": loser, "choice": "second"}])
    assert events[0]["kind"] == "DeploymentChosen"
    assert events[0]["seat"] == loser and events[0]["first"] == winner
    state, order = deploy_everyone(state)
    assert order == [winner, loser]  # the loser deploys seeing the first player's army
    assert state.turn.phase == "active" and state.turn.pending.seat == winner


def test_the_winner_taking_the_deployment_leaves_the_turn_order_to_the_loser():
    state, winner = new_game()
    loser = 1 - winner
    state, events = run(state, [{"type": "initiative", "seat": winner, "deploy": "second"}])
    assert events[0]["kind"] == "DeploymentChosen" and events[0]["first"] == loser
    assert state.turn.first_deployer == loser
    assert (state.turn.pending.seat, state.turn.pending.kind) == (loser, "turn_order")
    assert SYSTEM.legal_moves(state, loser) == [
        {"type": "initiative", "seat": loser, "choice": "first"},
        {"type": "initiative", "seat": loser, "choice": "second"},
    ]
    state, events = run(state, [{"type": "initiative", "seat": loser, "choice": "first"}])
    assert events[0]["kind"] == "InitiativeChosen" and events[0]["first"] == loser
    state, order = deploy_everyone(state)
    assert order == [loser, winner]
    # the first player deployed first here, by the winner's choice, not by the turn order
    assert state.turn.first_seat == loser and state.turn.pending.seat == loser


def test_the_first_player_may_deploy_second():
    state, winner = new_game(seed="privileges-2")
    state, _ = run(state, [{"type": "initiative", "seat": winner, "choice": "first"}])
    state, _ = run(state, [{"type": "deployment", "seat": 1 - winner, "choice": "first"}])
    state, order = deploy_everyone(state)
    assert order == [1 - winner, winner]
    assert state.turn.game_turn == 1 and state.turn.active_seat == winner


def test_each_seat_answers_only_its_own_choice():
    state, winner = new_game()
    loser = 1 - winner
    with pytest.raises(IllegalMove) as refused:
        run(state, [{"type": "deployment", "seat": winner, "choice": "first"}])
    assert refused.value.code == "no_pending_decision"
    taken, _ = run(state, [{"type": "initiative", "seat": winner, "deploy": "first"}])
    with pytest.raises(IllegalMove) as refused:  # the deployment order is already chosen
        run(taken, [{"type": "initiative", "seat": loser, "deploy": "second"}])
    assert refused.value.code == "no_pending_decision"
    with pytest.raises(IllegalMove):
        run(taken, [{"type": "initiative", "seat": winner, "choice": "first"}])
    taken, _ = run(state, [{"type": "initiative", "seat": winner, "choice": "second"}])
    with pytest.raises(IllegalMove):  # the turn order is already chosen
        run(taken, [{"type": "initiative", "seat": loser, "choice": "first"}])


@pytest.mark.parametrize(
    "move",
    [
        {"type": "initiative", "seat": 0, "choice": "first", "deploy": "second"},
        {"type": "initiative", "seat": 0, "deploy": "third"},
        {"type": "deployment", "seat": 0},
        {"type": "deployment", "seat": 0, "choice": "last"},
    ],
)
def test_a_malformed_choice_is_refused_with_a_sentence(move):
    state, _ = new_game()
    with pytest.raises(MalformedMove):
        SYSTEM.apply(state, 0, move, Rng("x"))


def test_the_losers_deadline_deploys_second_or_plays_first():
    state, winner = new_game()
    loser = 1 - winner
    assert SYSTEM.timeout_move(state, winner) is None  # the winner's choice has no default
    took_turn, _ = run(state, [{"type": "initiative", "seat": winner, "choice": "first"}])
    assert SYSTEM.timeout_move(took_turn, loser) == {
        "type": "deployment",
        "seat": loser,
        "choice": "second",
    }
    took_deploy, _ = run(state, [{"type": "initiative", "seat": winner, "deploy": "first"}])
    assert SYSTEM.timeout_move(took_deploy, loser) == {
        "type": "initiative",
        "seat": loser,
        "choice": "first",
    }


def test_a_position_keeps_the_privileges_and_who_deploys_first():
    state, winner = new_game()
    state, _ = run(state, [{"type": "initiative", "seat": winner, "deploy": "first"}])
    data = state_to_json(state)
    assert data["options"]["privileges"] == "split"
    assert data["turn"]["first_deployer"] == winner
    assert data["turn"]["pending"] == {"seat": 1 - winner, "kind": "turn_order"}
    assert state_from_json(data) == state
    assert SYSTEM.view(state, 1 - winner)["turn"]["first_deployer"] == winner  # public
    old = state_to_json(SYSTEM.setup({}, 2, Rng("old")).state)
    assert "privileges" not in old["options"] and "first_deployer" not in old["turn"]
    with pytest.raises(ValueError):
        state_from_json({**data, "turn": {**data["turn"], "first_deployer": 2}})


def test_a_config_names_a_known_setup_version():
    assert SYSTEM.validate_config({}, 2)["setup_version"] == 4
    assert SYSTEM.validate_config({"setup_version": 1}, 2)["setup_version"] == 1
    assert SYSTEM.validate_config({"setup_version": 2}, 2)["setup_version"] == 2
    assert SYSTEM.validate_config({"setup_version": 3}, 2)["setup_version"] == 3
    for bad in (5, "2", True):
        with pytest.raises(ValueError):
            SYSTEM.validate_config({"setup_version": bad}, 2)


def test_the_computer_winning_the_roll_off_deploys_second():
    state, winner = new_game()
    move = bot_move(SYSTEM, state, winner, Rng("bot"), "medium")
    assert move == {"type": "initiative", "seat": winner, "deploy": "second"}
    state, _ = run(state, [{"type": "initiative", "seat": winner, "choice": "first"}])
    move = bot_move(SYSTEM, state, 1 - winner, Rng("bot"), "medium")
    assert move == {"type": "deployment", "seat": 1 - winner, "choice": "second"}
