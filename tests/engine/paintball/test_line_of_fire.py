"""Line of sight and obstacles in the line of fire (§Ligne de vue, §En ligne de mire,
§Couverts légers, §Couverts lourds, §Collines; spec D11, D12, D27, D28)."""

from pbh import fig, play, position, refused

from games.engine.hexgrid import line

FAR = {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, -2]}}
SHOOT = {"type": "shoot", "figure": "r1", "targets": ["b1"]}


def _state(terrain=(), marshals=FAR, **extra):
    figures = {"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -1))}
    figures.update(extra)
    return position(figures, marshals=marshals, terrain=list(terrain))


def test_obstacles_are_rolled_from_the_one_nearest_the_shooter():
    # r2 in (0,1) and a bush in (0,0): the friend first, then the bush, then the target's hex.
    state = _state([{"hex": [0, 0], "type": "bush"}], r2=fig("red", (0, 1)))
    played = play(state, "red", SHOOT, [6, 3, 2, 6])
    assert [(o["obstacle"], o["die"]) for o in played.all("ObstacleRolled")] == [
        ("figure", 3),
        ("terrain", 2),
    ]
    assert played.first("SavingRolled")["figure"] == "b1"


def test_a_friend_in_the_line_of_fire_is_hit_like_an_enemy():
    state = _state(r2=fig("red", (0, 1)), marshals={"m1": {"hex": [-1, 1]}, "m2": {"hex": [1, -3]}})
    played = play(state, "red", SHOOT, [6, 5, 3, 4])
    assert played.first("ShotStopped") == {"obstacle": "figure", "name": "r2"}
    assert played.state.figure("r2").out_reason == "eliminated"
    assert played.state.figure("b1").state == "ready"


def test_a_marshal_in_the_line_of_fire_takes_the_shot_and_is_never_eliminated():
    state = _state(marshals={"m1": {"hex": [0, 0]}, "m2": {"hex": [1, -3]}})
    played = play(state, "red", SHOOT, [6, 4])
    assert played.first("ShotStopped") == {"obstacle": "marshal", "name": "m1"}
    assert "SavingRolled" not in played.kinds()


def test_heavy_cover_between_is_an_obstacle_but_not_around_the_target():
    between = _state([{"hex": [0, 1], "type": "heavy"}])
    assert play(between, "red", SHOOT, [6, 5]).first("ShotStopped")["obstacle"] == "terrain"
    around = _state([{"hex": [0, -1], "type": "heavy"}])
    assert "ObstacleRolled" not in play(around, "red", SHOOT, [6, 1]).kinds()


def test_bases_in_the_line_of_fire_are_no_obstacle():
    state = _state([{"hex": [0, 1], "type": "bunker"}])
    assert "ObstacleRolled" not in play(state, "red", SHOOT, [6, 1]).kinds()


def test_a_figure_in_a_bunker_on_the_line_is_hit_only_on_a_six():
    state = _state([{"hex": [0, 1], "type": "bunker"}], r2=fig("red", (0, 1)))
    played = play(state, "red", SHOOT, [6, 5, 1])
    assert played.first("ObstacleRolled")["stopped"] is False


def test_a_hill_between_blocks_the_line_of_sight():
    refused(_state([{"hex": [0, 0], "type": "hill"}]), "red", SHOOT, "no_line_of_sight")


def test_a_line_leaving_the_playing_area_blocks_the_shot():
    board = {"hexes": [[0, 0], [1, 0], [1, 1], [0, 2], [-1, 2]], "homes": {}}
    figures = {"r1": fig("red", (0, 2)), "b1": fig("blue", (0, 0))}
    marshals = {"m1": {"hex": [1, 0]}, "m2": {"hex": [1, 0]}}
    state = position(figures, board=board, marshals=marshals)
    refused(state, "red", SHOOT, "no_line_of_sight")


def test_along_a_hex_edge_the_variant_with_fewer_obstacles_is_used():
    # (0,0) to (1,1) runs between (1,0) and (0,1): the figure in (1,0) is avoided.
    assert line((0, 0), (1, 1), 1)[1] == (1, 0) and line((0, 0), (1, 1), -1)[1] == (0, 1)
    figures = {"r1": fig("red", (0, 0)), "b1": fig("blue", (1, 1)), "r2": fig("red", (1, 0))}
    state = position(figures, marshals=FAR)
    played = play(state, "red", SHOOT, [6, 1])
    assert "ObstacleRolled" not in played.kinds()


def test_along_a_hex_edge_one_open_variant_is_enough():
    board = {"hexes": [[0, 0], [0, 1], [1, 1], [2, 2]], "homes": {}}
    figures = {"r1": fig("red", (0, 0)), "b1": fig("blue", (1, 1))}
    marshals = {"m1": {"hex": [2, 2]}, "m2": {"hex": [2, 2]}}
    state = position(figures, board=board, marshals=marshals)
    assert play(state, "red", SHOOT, [2]).first("ShotDiceRolled")["need"] == 3
