"""Advanced rules (§Figurines expertes, §Grenade, §Grenade fumigène, §Grenade peinture,
§Les angles morts; spec D22-D26)."""

from dataclasses import replace

from pbh import fig, play, position, refused

from games.engine.paintball import moves as mv
from games.engine.paintball.ctx import Ctx
from games.engine.paintball.dice import Dice
from games.engine.paintball.setup import initial_state, start
from games.engine.paintball.system import SYSTEM
from games.engine.paintball.view import view
from games.engine.rng import Rng

FAR = {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, 4]}}
NEAR = {"m1": {"hex": [0, -2]}, "m2": {"hex": [-2, 4]}}
GRENADES = {"grenades": True}


def _thrower(marshals=FAR, **r1):
    figures = {
        "r1": fig("red", (0, 1), grenades=["smoke", "paint"], **r1),
        "b1": fig("blue", (0, -1)),
        "b2": fig("blue", (0, -1)),
    }
    return position(figures, marshals=marshals, advanced=GRENADES)


def _throw(kind, hex_=(0, -1)):
    return {"type": "grenade", "figure": "r1", "kind": kind, "hex": list(hex_)}


def test_the_number_of_experts_is_a_d6_halved_rounded_up():
    # "Un résultat de 3 veut dire qu'il y a deux figurines expertes."
    assert SYSTEM.setup({"experts": True}, 2, Rng("x")).state.phase == "setup"
    ctx = Ctx(initial_state({"experts": True, "grenades": True}), Dice(forced=[3, 6, 1, 4]))
    start(ctx)
    assert ctx.state.setup_counts == ((2, 1), (3, 2))


def test_experts_and_grenades_stay_secret_until_both_teams_have_chosen():
    state = initial_state({"experts": True, "grenades": True})
    state = replace(state, setup_counts=((1, 1), (1, 1)))
    red = {"type": "setup_team", "experts": ["r2"], "grenades": {"r3": ["smoke"]}}
    after = play(state, "red", red).state
    assert view(after, "blue")["submissions"]["red"] == "hidden"
    assert view(after, "red")["submissions"]["red"]["experts"] == ["r2"]
    refused(after, "blue", {**red, "experts": ["b1", "b2"]}, "bad_setup")
    both = play(
        after, "blue", {"type": "setup_team", "experts": ["b1"], "grenades": {"b1": ["paint"]}}
    )
    assert both.state.phase == "deploy"
    assert both.state.figure("r2").expert and both.state.figure("r2").ap == 3
    assert both.state.figure("r3").grenades == ("smoke",)


def test_a_team_gives_any_figure_its_expertise_and_any_number_of_its_grenades():
    # §Grenade: "Les joueurs choisissent le type de grenade [...] Les grenades doivent être
    # assignées aux figurines" (D23: a figure may carry several); neither ready-made setup
    # (lowest or highest figures) names these: the site's form by hand sends such a move.
    state = replace(initial_state({"experts": True, "grenades": True}), setup_counts=((2, 3),) * 2)
    red = {
        "type": "setup_team",
        "experts": ["r3", "r5"],
        "grenades": {"r3": ["smoke", "paint"], "r4": ["smoke"]},
    }
    assert red not in SYSTEM.legal_moves(state, 0)
    after = play(state, "red", red).state
    blue = {"type": "setup_team", "experts": ["b2", "b4"], "grenades": {"b6": ["paint"] * 3}}
    done = play(after, "blue", blue).state
    assert [f.id for f in done.figures if f.expert] == ["b2", "b4", "r3", "r5"]
    assert done.figure("r3").grenades == ("smoke", "paint")
    assert done.figure("b6").grenades == ("paint", "paint", "paint")


def test_a_smoke_grenade_that_lands_leaves_a_smoke_marker():
    played = play(_thrower(), "red", _throw("smoke"), [3])
    assert played.state.smoke == ((0, -1),)
    assert played.state.figure("r1").grenades == ("paint",)
    assert played.state.figure("r1").ap == 0


def test_a_thrown_grenade_is_named_in_its_event_as_every_seat_sees_it():
    # The event's own `kind` key is its name: the grenade's kind went there and was lost.
    played = play(_thrower(), "red", _throw("smoke"), [3])
    event = next(e for e in played.events if e.kind == "GrenadeThrown")
    for seat in (0, 1, None):
        seen = event.for_seat(seat)
        assert seen["kind"] == "GrenadeThrown" and seen["grenade"] == "smoke"


def test_a_normal_figure_fumbles_on_one_or_six_and_the_opponent_picks_where_it_lands():
    played = play(_thrower(), "red", _throw("smoke"), [6])
    pending = played.state.pending
    assert (pending.seat, pending.kind) == ("blue", "grenade_scatter")
    assert [0, -2] in pending.options_json()
    landed = play(played.state, "blue", {"type": "grenade_scatter", "hex": [0, 0]})
    assert landed.state.smoke == ((0, 0),) and landed.state.pending is None


def test_an_expert_fumbles_only_on_one():
    played = play(_thrower(expert=True, ap=3), "red", _throw("smoke"), [6])
    assert played.state.smoke == ((0, -1),)


def test_grenades_fly_two_hexes_at_most():
    refused(_thrower(), "red", _throw("smoke", (0, -2)), "too_far")
    refused(_thrower(), "red", _throw("paint", (0, 5)), "too_far")


def test_a_paint_grenade_marks_each_figure_of_the_hex_on_two_to_five_then_a_marshal_checks():
    played = play(_thrower(NEAR), "red", _throw("paint"), [2, 4, 5, 6])
    assert [(e["figure"], e["marked"]) for e in played.all("PaintRolled")] == [
        ("b1", True),
        ("b2", False),
    ]
    assert played.state.figure("b1").out_reason == "eliminated"


def test_smoke_clears_on_one_or_six_at_the_start_of_each_turn():
    figures = {"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -2))}
    state = position(figures, phase="turn_start", turn=2, smoke=[[0, 0], [1, 1]], marshals=FAR)
    after = play(state, None, {"type": "begin_turn"}, [6, 3, 5, 2]).state
    assert after.smoke == ((1, 1),)


def test_a_shooter_in_smoke_must_roll_four_or_more_to_see():
    figures = {"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -1))}
    state = position(figures, smoke=[[0, 2]], marshals=FAR)
    blind = play(state, "red", {"type": "shoot", "figure": "r1", "targets": ["b1"]}, [3])
    assert blind.state.figure("r1").ap == 0 and blind.state.current is None
    sees = play(state, "red", {"type": "shoot", "figure": "r1", "targets": ["b1"]}, [4, 2])
    assert sees.first("ShotDiceRolled")["dice"] == [2]


def test_smoke_between_shooter_and_target_stops_the_shot_on_one_or_six():
    figures = {"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -1))}
    state = position(figures, smoke=[[0, 0]], marshals=FAR)
    played = play(state, "red", {"type": "shoot", "figure": "r1", "targets": ["b1"]}, [6, 6])
    assert played.first("ShotStopped")["obstacle"] == "smoke"


def test_with_blind_spots_a_figure_cannot_shoot_behind_it_but_may_turn_for_free():
    figures = {"r1": fig("red", (0, 2), facing=3), "b1": fig("blue", (0, -1))}
    state = position(figures, marshals=FAR, advanced={"blind_spots": True})
    shot = {"type": "shoot", "figure": "r1", "targets": ["b1"]}
    refused(state, "red", shot, "outside_field_of_view")
    refused(state, "red", {"type": "face", "figure": "r1", "facing": 0}, "not_current")
    aimed = play(state, "red", {"type": "aim", "figure": "r1"}).state
    turned = play(aimed, "red", {"type": "face", "figure": "r1", "facing": 0}).state
    assert turned.figure("r1").ap == 1
    assert play(turned, "red", shot, [2]).first("ShotDiceRolled")["need"] == 3


def test_an_expert_fires_up_to_three_shots():
    figures = {"r1": fig("red", (0, 2), expert=True), "b1": fig("blue", (0, -1))}
    state = position(figures, marshals=FAR)
    shot = {"type": "shoot", "figure": "r1", "targets": ["b1"] * 3}
    assert play(state, "red", shot, [2, 2, 2]).state.figure("r1").ap == 0
    assert mv.decode(shot) == mv.Shoot("r1", ("b1", "b1", "b1"))
