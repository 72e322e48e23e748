"""Flags and victory (§Prendre le drapeau, §Gagner la partie; our scenarios, spec §5, D21)."""

from pbh import fig, play, position

FAR = {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, 4]}}


def _ctf(figures, flags, **fields):
    fields.setdefault("marshals", FAR)
    return position(figures, scenario="capture_the_flag", flags=flags, terrain=[], **fields)


def test_entering_the_enemy_flags_hex_picks_it_up_for_free():
    state = _ctf(
        {"b1": fig("blue", (0, 1)), "r1": fig("red", (-2, 4))},
        {"red": {"hex": [0, 2], "carrier": None}},
        active="blue",
    )
    after = play(state, "blue", {"type": "move", "figure": "b1", "to": [0, 2]}).state
    assert after.flags[0].carrier == "b1" and after.figure("b1").ap == 1


def test_a_team_never_picks_up_its_own_flag():
    state = _ctf(
        {"r1": fig("red", (0, 1)), "b1": fig("blue", (-2, -2))},
        {"red": {"hex": [0, 2], "carrier": None}},
    )
    after = play(state, "red", {"type": "move", "figure": "r1", "to": [0, 2]}).state
    assert after.flags[0].carrier is None


def test_bringing_the_enemy_flag_home_wins_capture_the_flag():
    state = _ctf(
        {"b1": fig("blue", (0, -2)), "r1": fig("red", (-2, 4))},
        {"red": {"hex": [0, -2], "carrier": "b1"}},
        active="blue",
    )
    played = play(state, "blue", {"type": "move", "figure": "b1", "to": [0, -3]})
    assert (played.state.winner, played.state.win_reason) == ("blue", "flag_captured")
    assert played.state.flags[0].hex == (0, -3)


def test_a_carrier_put_out_leaves_the_flag_where_it_stood():
    state = _ctf(
        {"b1": fig("blue", (0, -1)), "b2": fig("blue", (1, -3)), "r1": fig("red", (0, 2))},
        {"red": {"hex": [0, -1], "carrier": "b1"}},
        marshals={"m1": {"hex": [-1, -1]}, "m2": {"hex": [-2, 4]}},
    )
    shot = {"type": "shoot", "figure": "r1", "targets": ["b1"]}
    played = play(state, "red", shot, [6, 3, 6])
    assert played.state.figure("b1").state == "out"
    assert (played.state.flags[0].hex, played.state.flags[0].carrier) == ((0, -1), None)


def test_hanging_the_centre_flag_in_the_enemy_home_wins():
    state = position(
        {"r1": fig("red", (0, -2)), "b1": fig("blue", (-2, 4))},
        scenario="centre_flag",
        flags={"centre": {"hex": [0, -2], "carrier": "r1"}},
        marshals=FAR,
        terrain=[],
    )
    played = play(state, "red", {"type": "move", "figure": "r1", "to": [0, -3]})
    assert (played.state.winner, played.state.win_reason) == ("red", "flag_hung")


def test_a_team_with_no_figure_left_in_play_loses_at_once():
    state = position(
        {"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -1))},
        scenario="elimination",
        board="hexon_basic",
        marshals={"m1": {"hex": [-1, -1]}, "m2": {"hex": [-2, 4]}},
        terrain=[],
    )
    played = play(state, "red", {"type": "shoot", "figure": "r1", "targets": ["b1"]}, [6, 3, 6])
    assert (played.state.winner, played.state.phase) == ("red", "over")


def _end_turn(state):
    state = play(state, state.active, {"type": "end_phase"}).state
    return play(state, state.active, {"type": "end_phase"})


def test_at_the_turn_limit_more_figures_in_play_wins_and_equal_numbers_draw():
    figures = {"r1": fig("red", (0, 2)), "r2": fig("red", (1, 2)), "b1": fig("blue", (0, -2))}
    state = position(figures, scenario="elimination", turn=10, marshals=FAR, terrain=[])
    assert _end_turn(state).state.winner == "red"
    figures["r2"] = fig("red", (1, 2), state="out")
    state = position(figures, scenario="elimination", turn=10, marshals=FAR, terrain=[])
    assert _end_turn(state).state.winner == "draw"


def test_base_assault_is_won_by_an_attacker_in_the_defenders_home_at_the_end_of_a_turn():
    figures = {"r1": fig("red", (0, -5)), "b1": fig("blue", (0, -4))}
    state = position(figures, board="field_5", scenario="base_assault", turn=3)
    played = _end_turn(state)
    assert (played.state.winner, played.state.win_reason) == ("red", "home_taken")


def test_base_assault_is_won_by_the_defender_at_the_turn_limit():
    figures = {"r1": fig("red", (0, 4)), "b1": fig("blue", (0, -4))}
    state = position(figures, board="field_5", scenario="base_assault", turn=8)
    assert _end_turn(state).state.winner == "blue"


def test_free_play_has_no_victory_checks():
    figures = {"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -2), state="out")}
    state = position(figures, turn=30, marshals=FAR)
    assert _end_turn(state).state.phase == "turn_start"
