"""Movement and action points (§Points d'Action, §Mouvement; spec §7, D6)."""

from pbh import fig, play, position, refused


def _state(**extra):
    figures = {
        "r1": fig("red", (0, 1)),
        "r2": fig("red", (-1, 1)),
        "b1": fig("blue", (0, -1)),
    }
    figures.update(extra)
    return position(figures)


def test_a_move_costs_one_action_point_a_hex_and_two_hexes_at_most_a_turn():
    state = _state()
    after = play(state, "red", {"type": "move", "figure": "r1", "path": [[0, 0], [1, -1]]}).state
    r1 = after.figure("r1")
    assert (r1.hex, r1.ap, r1.moved) == ((1, -1), 0, 2)
    refused(state, "red", {"type": "move", "figure": "r1", "to": [0, -2]}, "not_adjacent")


def test_an_expert_still_moves_two_hexes_only():
    state = _state(r3=fig("red", (-2, 2), expert=True))
    after = play(state, "red", {"type": "move", "figure": "r3", "to": [-2, 0]}).state
    assert after.figure("r3").ap == 1
    refused(after, "red", {"type": "move", "figure": "r3", "to": [-2, -1]}, "move_limit")


def test_move_refusals_name_the_problem():
    state = _state()
    refused(state, "red", {"type": "move", "figure": "r1", "path": [[1, 2]]}, "not_adjacent")
    refused(state, "red", {"type": "move", "figure": "r2", "path": [[-2, 1], [-3, 1]]}, "off_board")
    refused(
        state, "red", {"type": "move", "figure": "r1", "path": [[0, 0], [0, -1]]}, "enemy_in_hex"
    )
    tired = _state(r1=fig("red", (0, 1), ap=1))
    refused(tired, "red", {"type": "move", "figure": "r1", "to": [0, -1]}, "not_enough_ap")


def test_an_open_hex_holds_three_figures_of_each_team():
    state = _state(r3=fig("red", (0, 0)), r4=fig("red", (0, 0)), r5=fig("red", (0, 0)))
    refused(state, "red", {"type": "move", "figure": "r1", "to": [0, 0]}, "hex_full")


def test_a_base_holds_three_figures_at_most_two_of_a_team():
    # §Bases et tranchées: (1,1) is a bunker in the standard layout.
    terrain = [{"hex": [1, 1], "type": "bunker"}]
    figures = {
        "r1": fig("red", (1, 1)),
        "r2": fig("red", (1, 1)),
        "r3": fig("red", (0, 1)),
        "b1": fig("blue", (0, -2)),
    }
    state = position(figures, terrain=terrain)
    refused(state, "red", {"type": "move", "figure": "r3", "to": [1, 1]}, "hex_full")


def test_figures_pass_through_friends():
    state = _state(r3=fig("red", (0, 0)))
    after = play(state, "red", {"type": "move", "figure": "r1", "path": [[0, 0], [1, -1]]}).state
    assert after.figure("r1").hex == (1, -1)


def test_a_move_to_a_hex_two_away_takes_the_first_shortest_free_path():
    state = _state(b2=fig("blue", (1, 0)))
    played = play(state, "red", {"type": "move", "figure": "r1", "to": [1, -1]})
    assert [m["to"] for m in played.all("FigureMoved")] == [[0, 0], [1, -1]]


def test_moving_loses_the_aim():
    state = _state()
    aimed = play(state, "red", {"type": "aim", "figure": "r1"}).state
    assert aimed.figure("r1").aimed
    moved = play(aimed, "red", {"type": "move", "figure": "r1", "to": [0, 0]}).state
    assert not moved.figure("r1").aimed
