"""Deadline defaults (spec §12, "Defaults and deadlines"): a passed deadline plays the documented
default of the decision the seat owes (`SYSTEM.timeout_move`), the game goes on, and a team's
own activations have no default (a loss on time, README "Deadlines")."""

from pbh import fig, play, position

from games.engine.paintball.position import state_to_json
from games.engine.paintball.setup import initial_state
from games.engine.paintball.system import SYSTEM
from games.engine.rng import Rng

FAR = {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, -2]}}
DOWN = {"state": "disabled", "disabled_by": "suppressed"}
RED, BLUE = 0, 1


def _apply_default(state, seat):
    move = SYSTEM.timeout_move(state, seat)
    assert move is not None, "the deadline should play a default"
    return move, SYSTEM.apply(state, seat, move, Rng("deadline"))


def test_an_asking_sentry_whose_owner_is_away_fires_a_normal_shot_and_the_mover_plays_on():
    figures = {
        "r1": fig("red", (0, 2), state="sentry", sentry_policy="ask"),
        "b1": fig("blue", (0, -2)),
    }
    state = position(figures, active="blue", first="blue", marshals=FAR)
    asked = play(state, "blue", {"type": "move", "figure": "b1", "to": [0, -1]}).state
    assert SYSTEM.to_act(asked) == (RED,)
    move, step = _apply_default(asked, RED)
    assert move == {"type": "sentry_fire", "figure": "r1", "fire": True, "mode": "normal"}
    after = step.state
    assert after.pending is None and SYSTEM.to_act(after) == (BLUE,)
    assert "ShotDiceRolled" in [e.kind for e in step.events]  # the shot was taken


def test_equal_command_dice_with_nobody_answering_play_first():
    state = position(
        {"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -2))},
        phase="turn_start",
        turn=2,
        second_last_turn="red",
    )
    asked = play(state, None, {"type": "begin_turn"}, [3, 3]).state
    assert asked.pending.kind == "choose_order"
    chooser = 0 if asked.pending.seat == "red" else 1
    move, step = _apply_default(asked, chooser)
    assert move == {"type": "choose_order", "play": "first"}
    assert step.state.active == asked.pending.seat and step.state.pending is None


def test_split_hits_left_unallocated_fall_in_the_declared_order():
    figures = {"r1": fig("red", (0, 1)), "b1": fig("blue", (0, -1)), "b2": fig("blue", (0, -1))}
    shoot = {"type": "shoot", "figure": "r1", "targets": ["b2", "b1"]}
    asked = play(position(figures, marshals=FAR), "red", shoot, [6, 2]).state
    assert asked.pending.kind == "allocate_hits"
    move, _ = _apply_default(asked, BLUE)
    assert move == {"type": "allocate_hits", "hits": ["b2"]}


def test_an_unchosen_charge_victim_is_the_enemy_whose_die_comes_next():
    figures = {
        "r1": fig("red", (0, 1)),
        "r2": fig("red", (1, 0)),
        "b1": fig("blue", (0, 0), **DOWN),
        "b2": fig("blue", (0, 0), **DOWN),
    }
    charge = {"type": "charge", "hex": [0, 0], "figures": ["r1", "r2"], "kill_order": ["b2", "b1"]}
    asked = play(position(figures, marshals=FAR), "red", charge, [5, 2, 3, 5]).state
    assert asked.pending.kind == "charge_victim"
    move = SYSTEM.timeout_move(asked, BLUE)
    assert move == {"type": "charge_victim", "victim": "r2"}


def test_a_stray_grenade_nobody_places_lands_on_the_first_neighbour_in_direction_order():
    figures = {"r1": fig("red", (0, 2), grenades=["smoke"]), "b1": fig("blue", (0, -2))}
    state = position(figures, advanced={"grenades": True}, marshals=FAR)
    throw = {"type": "grenade", "figure": "r1", "kind": "smoke", "hex": [0, 0]}
    asked = play(state, "red", throw, [6]).state
    move, step = _apply_default(asked, BLUE)
    assert move == {"type": "grenade_scatter", "hex": [0, -1]}  # d0, north
    assert (0, -1) in step.state.smoke and SYSTEM.to_act(step.state) == (RED,)


def test_a_team_away_at_setup_gets_the_documented_experts_and_grenades_and_its_rival_waits():
    config = {"scenario": "capture_the_flag", "experts": True, "grenades": True}
    state = SYSTEM.setup(config, 2, Rng("away")).state
    assert state.phase == "setup"
    red_own = SYSTEM.legal_moves(state, RED)[-1]
    state = SYSTEM.apply(state, RED, red_own, Rng("away")).state
    assert SYSTEM.timeout_move(state, RED) is None  # red has answered: nothing to default
    move, step = _apply_default(state, BLUE)
    ids = [f.id for f in state.figures if f.team == "blue"]
    experts, grenades = state.setup_counts[1]
    assert move["experts"] == ids[:experts]
    assert move["grenades"] == {fid: ["paint"] for fid in ids[:grenades]}
    assert step.state.phase == "deploy"


def test_a_team_away_at_deployment_is_deployed_home_first():
    state = initial_state({"scenario": "elimination"})
    move, step = _apply_default(state, BLUE)
    assert move["type"] == "deploy"
    home = list(state.board.home("blue"))
    first = sorted(fid for fid in move["hexes"])[0]
    assert move["hexes"][first] == home
    assert SYSTEM.to_act(step.state) == (RED,)


def test_a_team_that_does_not_play_its_activations_loses_on_time():
    state = position({"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -2))}, marshals=FAR)
    assert SYSTEM.to_act(state) == (RED,)
    assert SYSTEM.timeout_move(state, RED) is None
    midway = play(state, "red", {"type": "move", "figure": "r1", "to": [0, 1]}).state
    assert SYSTEM.timeout_move(midway, RED) is None


def test_only_the_seat_that_owes_the_decision_gets_a_default():
    figures = {
        "r1": fig("red", (0, 2), state="sentry", sentry_policy="ask"),
        "b1": fig("blue", (0, -2)),
    }
    state = position(figures, active="blue", first="blue", marshals=FAR)
    asked = play(state, "blue", {"type": "move", "figure": "b1", "to": [0, -1]}).state
    assert SYSTEM.timeout_move(asked, BLUE) is None
    over = SYSTEM.forfeit(asked, BLUE, "resign").state
    assert SYSTEM.timeout_move(over, RED) is None


def test_a_deadline_default_changes_nothing_it_was_given():
    state = initial_state({"scenario": "elimination"})
    before = state_to_json(state)
    SYSTEM.timeout_move(state, RED)
    assert state_to_json(state) == before
