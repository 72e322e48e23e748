"""Action points spent in any order, cover and grenades (§Points d'Action, §Mouvement,
§Collines, §Couverts lourds, §Grenade peinture; spec D5, D7, D24, D25, D27, D28)."""

from pbh import fig, play, position, refused

FAR = {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, 4]}}


def _state(terrain=(), **extra):
    figures = {"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -1))}
    figures.update(extra)
    return position(figures, marshals=FAR, terrain=list(terrain))


SHOOT = {"type": "shoot", "figure": "r1", "targets": ["b1"]}


def test_a_figure_may_move_then_shoot():
    moved = play(_state(), "red", {"type": "move", "figure": "r1", "to": [0, 1]}).state
    shot = play(moved, "red", SHOOT, [2])
    assert shot.first("ShotDiceRolled")["need"] == 3 and shot.state.figure("r1").ap == 0


def test_a_figure_may_shoot_then_move_but_not_shoot_again():
    shot = play(_state(), "red", SHOOT, [2]).state
    moved = play(shot, "red", {"type": "move", "figure": "r1", "to": [0, 1]}).state
    refused(
        play(_state(r1=fig("red", (0, 2), expert=True)), "red", SHOOT, [2]).state,
        "red",
        SHOOT,
        "already_fired",
    )
    assert moved.figure("r1").ap == 0


def test_bushes_and_heavy_cover_do_not_slow_movement():
    state = _state([{"hex": [0, 1], "type": "bush"}, {"hex": [0, 0], "type": "heavy"}])
    after = play(state, "red", {"type": "move", "figure": "r1", "path": [[0, 1], [0, 0]]}).state
    assert after.figure("r1").ap == 0 and after.figure("r1").hex == (0, 0)


def test_unspent_action_points_are_lost_at_the_end_of_the_turn():
    figures = {"r1": fig("red", (0, 2), ap=1, activated=True), "b1": fig("blue", (0, -1))}
    state = position(figures, marshals=FAR, phase="turn_start", turn=2)
    after = play(state, None, {"type": "begin_turn"}, [3, 2]).state
    assert after.figure("r1").ap == 2


def test_hills_do_not_stop_grenades():
    figures = {"r1": fig("red", (0, 1), grenades=["smoke"]), "b1": fig("blue", (0, -2))}
    state = position(
        figures,
        marshals=FAR,
        terrain=[{"hex": [0, 0], "type": "hill"}],
        advanced={"grenades": True},
    )
    played = play(
        state, "red", {"type": "grenade", "figure": "r1", "kind": "smoke", "hex": [0, -1]}, [4]
    )
    assert played.state.smoke == ((0, -1),)


def test_paint_grenades_mark_friends_too_and_no_cover_protects():
    figures = {
        "r1": fig("red", (0, 1), grenades=["paint"]),
        "r2": fig("red", (0, -1)),
        "b1": fig("blue", (0, -1)),
    }
    state = position(
        figures,
        marshals={"m1": {"hex": [-1, 3]}, "m2": {"hex": [-2, 4]}},
        terrain=[{"hex": [0, -1], "type": "heavy"}],
        advanced={"grenades": True},
    )
    move = {"type": "grenade", "figure": "r1", "kind": "paint", "hex": [0, -1]}
    played = play(state, "red", move, [3, 2, 2, 1])
    assert [e["figure"] for e in played.all("PaintRolled")] == ["b1", "r2"]
    assert all(e["marked"] for e in played.all("PaintRolled"))
    # The first check sends the marshal walking (b1 wipes it off); it is then near enough to
    # judge r2's mark, which it does not confirm.
    assert played.all("HitWiped") == [{"figure": "b1"}]
    assert played.first("HitChecked") == {"figure": "r2", "die": 1, "confirmed": False}


def test_a_sentry_standing_in_smoke_that_cannot_see_does_not_fire():
    figures = {
        "r1": fig("red", (0, 2), state="sentry"),
        "b1": fig("blue", (1, -2)),
    }
    state = position(figures, marshals=FAR, active="blue", smoke=[[0, 2]])
    played = play(state, "blue", {"type": "move", "figure": "b1", "to": [0, -1]}, [2])
    assert played.first("SmokeBlinded")["sees"] is False
    assert "ShotDiceRolled" not in played.kinds()
    assert played.state.figure("r1").state == "sentry"


def test_a_sentry_needs_a_six_against_an_enemy_entering_a_base():
    figures = {"r1": fig("red", (0, 1), state="sentry"), "b1": fig("blue", (1, 0))}
    move = {"type": "move", "figure": "b1", "to": [1, 1]}
    bunker = [{"hex": [1, 1], "type": "bunker"}]
    into_base = position(figures, marshals=FAR, active="blue", terrain=bunker)
    assert play(into_base, "blue", move, [5]).first("ShotDiceRolled")["need"] == 6
    in_the_open = position(figures, marshals=FAR, active="blue")
    assert play(in_the_open, "blue", move, [5, 1]).first("ShotDiceRolled")["need"] == 2
