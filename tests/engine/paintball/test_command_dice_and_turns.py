"""The turn (§Dés de Commandement, §Points d'Action; spec §6, D3, D4, D5, C1)."""

from pbh import fig, play, position, refused

from games.engine.paintball import moves as mv
from games.engine.paintball.legal import legal_moves
from games.engine.paintball.setup import default_deploy, initial_state


def _two_a_side(**fields):
    figures = {
        "r1": fig("red", (0, 2)),
        "r2": fig("red", (1, 2)),
        "b1": fig("blue", (0, -2)),
        "b2": fig("blue", (1, -2)),
    }
    return position(figures, **fields)


def test_the_higher_command_die_plays_first_and_each_team_activates_its_die():
    state = _two_a_side(phase="turn_start", turn=2)
    after = play(state, None, {"type": "begin_turn"}, [2, 5]).state
    assert (after.first, after.active, after.phase) == ("blue", "blue", "activation")
    assert after.activations == (2, 5)  # C1: the die as rolled, not capped by figures


def test_in_the_first_turn_everyone_acts_and_equal_dice_are_rolled_again():
    state = _two_a_side(phase="turn_start", turn=1)
    played = play(state, None, {"type": "begin_turn"}, [3, 3, 4, 1])
    assert played.state.first == "red"
    assert played.state.activations == (2, 2)
    assert len(played.all("CommandDiceRolled")) == 2


def test_equal_dice_after_the_first_turn_let_the_second_team_choose():
    state = _two_a_side(phase="turn_start", turn=3, second_last_turn="blue")
    after = play(state, None, {"type": "begin_turn"}, [4, 4]).state
    assert after.pending.kind == "choose_order" and after.pending.seat == "blue"
    assert after.activations == (4, 4)
    refused(after, "red", {"type": "end_phase"}, "not_your_turn")
    refused(after, "blue", {"type": "end_phase"}, "decision_pending")
    chosen = play(after, "blue", {"type": "choose_order", "play": "second"}).state
    assert (chosen.first, chosen.active, chosen.pending) == ("red", "red", None)


def test_the_start_of_turn_restores_action_points_and_clears_the_turn_marks():
    state = _two_a_side(phase="turn_start", turn=2)
    state = state.update("r1", ap=0, activated=True, moved=2, fired=True, aimed=True)
    after = play(state, None, {"type": "begin_turn"}, [5, 2]).state
    r1 = after.figure("r1")
    assert (r1.ap, r1.activated, r1.moved, r1.fired, r1.aimed) == (2, False, 0, False, False)


def test_a_team_ends_its_phase_then_the_other_plays_then_the_turn_ends():
    state = _two_a_side(turn=2)
    blue = play(state, "red", {"type": "end_phase"}).state
    assert blue.active == "blue" and blue.turn == 2
    refused(blue, "red", {"type": "end_phase"}, "not_your_turn")
    over = play(blue, "blue", {"type": "end_phase"}).state
    assert (over.phase, over.turn, over.second_last_turn) == ("turn_start", 3, "blue")
    refused(over, "blue", {"type": "end_phase"}, "wrong_phase")


def test_a_figure_acts_once_a_turn_and_only_as_many_figures_as_the_die_allow():
    state = _two_a_side(activations={"red": 1, "blue": 1})
    moved = play(state, "red", {"type": "move", "figure": "r1", "to": [0, 1]}).state
    assert moved.current == "r1" and moved.activations == (0, 1)
    refused(moved, "red", {"type": "move", "figure": "r2", "to": [1, 1]}, "no_activations_left")
    done = play(moved, "red", {"type": "end_activation"}).state
    refused(done, "red", {"type": "move", "figure": "r1", "to": [0, 0]}, "already_activated")
    refused(done, "red", {"type": "move", "figure": "b1", "to": [0, -1]}, "not_your_figure")


def test_acting_with_another_figure_closes_the_current_activation():
    state = _two_a_side()
    one = play(state, "red", {"type": "move", "figure": "r1", "to": [0, 1]}).state
    two = play(one, "red", {"type": "move", "figure": "r2", "to": [1, 1]}).state
    assert two.current == "r2" and two.figure("r1").ap == 1
    refused(two, "red", {"type": "move", "figure": "r1", "to": [0, 0]}, "already_activated")


def test_deployment_is_secret_until_both_teams_have_sent_theirs():
    state = initial_state({"scenario": "capture_the_flag"})
    red = default_deploy(state, "red")
    after = play(state, "red", mv.encode(red)).state
    assert after.phase == "deploy" and after.figure("r1").hex == (0, 3)
    refused(after, "red", mv.encode(red), "not_your_turn")
    both = play(after, "blue", mv.encode(default_deploy(after, "blue"))).state
    assert both.phase == "turn_start"
    assert both.figure("r1").hex == (0, 3) and both.figure("r3").hex == (-1, 3)
    assert legal_moves(both, "red") == [mv.BeginTurn()]


def test_deployment_outside_the_start_zone_is_refused():
    state = initial_state({"scenario": "capture_the_flag"})
    hexes = {f"r{i}": [0, 2] for i in range(1, 4)} | {f"r{i}": [0, 0] for i in range(4, 7)}
    refused(state, "red", {"type": "deploy", "hexes": hexes}, "outside_start_zone")
    crowded = {f"r{i}": [0, 3] for i in range(1, 7)}
    refused(state, "red", {"type": "deploy", "hexes": crowded}, "hex_full")


def test_in_a_base_assault_the_defender_deploys_first_and_openly():
    state = initial_state({"scenario": "base_assault"})
    refused(state, "red", mv.encode(default_deploy(state, "red")), "not_your_turn")
    blue = play(state, "blue", mv.encode(default_deploy(state, "blue")))
    assert "Deployed" in blue.kinds()
    assert all(2 * f.hex[1] + f.hex[0] < 0 for f in blue.state.team("blue"))


def test_through_the_platform_the_move_ending_a_turn_also_begins_the_next_one():
    """Spec §6 step 1: the match service applies `begin_turn` at once; the system's adapter
    does it inside the same apply, so no player is ever asked to start a turn."""
    from games.engine.paintball.system import SYSTEM
    from games.engine.rng import Rng

    state = _two_a_side(turn=2, active="blue", first="red")
    step = SYSTEM.apply(state, 1, {"type": "end_phase"}, Rng("next-turn"))
    kinds = [e.kind for e in step.events]
    assert kinds[:3] == ["PhaseEnded", "TurnEnded", "TurnStarted"]
    assert "CommandDiceRolled" in kinds
    assert (step.state.turn, step.state.phase) == (3, "activation")
    assert step.reveals and step.ends_turn  # dice were rolled: nothing before it is taken back
