"""Decisions of the spec not covered elsewhere: every pending decision lists its deadline default
first (spec §12), what may be taken back (§12, "Undo"), and the smaller rules D14, D18, D21,
D23 and C2."""

from pbh import fig, play, position, refused

from games.engine.paintball import moves as mv
from games.engine.paintball.legal import legal_moves
from games.engine.paintball.setup import default_deploy, default_setup, initial_state
from games.engine.paintball.system import SYSTEM, apply_move
from games.engine.rng import Rng

FAR = {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, -2]}}
NEAR = {"m1": {"hex": [0, -2]}, "m2": {"hex": [-2, 4]}}


def test_equal_dice_default_to_playing_first():
    state = position(
        {"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -2))},
        phase="turn_start",
        turn=2,
        second_last_turn="red",
    )
    after = play(state, None, {"type": "begin_turn"}, [3, 3]).state
    assert legal_moves(after, "red")[0] == mv.ChooseOrder("first")


def test_an_asking_sentry_defaults_to_firing_a_normal_shot():
    figures = {
        "r1": fig("red", (0, 2), state="sentry", sentry_policy="ask"),
        "b1": fig("blue", (0, -2)),
    }
    state = position(figures, active="blue", first="blue", marshals=FAR)
    asked = play(state, "blue", {"type": "move", "figure": "b1", "to": [0, -1]}).state
    assert asked.pending.kind == "sentry_fire"
    assert legal_moves(asked, "red")[0] == mv.SentryFire("r1", True, "normal")


def test_split_hits_default_to_the_declared_order():
    figures = {
        "r1": fig("red", (0, 1)),
        "b1": fig("blue", (0, -1)),
        "b2": fig("blue", (0, -1)),
    }
    shoot = {"type": "shoot", "figure": "r1", "targets": ["b2", "b1"]}
    asked = play(position(figures, marshals=FAR), "red", shoot, [6, 2]).state
    assert asked.pending.kind == "allocate_hits"
    assert legal_moves(asked, "blue")[0] == mv.AllocateHits(("b2",))


def test_a_stray_grenade_defaults_to_the_first_neighbour_in_direction_order():
    figures = {"r1": fig("red", (0, 2), grenades=["smoke"]), "b1": fig("blue", (0, -2))}
    state = position(figures, advanced={"grenades": True}, marshals=FAR)
    throw = {"type": "grenade", "figure": "r1", "kind": "smoke", "hex": [0, 0]}
    asked = play(state, "red", throw, [6]).state
    assert asked.pending.kind == "grenade_scatter"
    assert legal_moves(asked, "blue")[0] == mv.GrenadeScatter((0, -1))  # d0, north
    # D23: any neighbour, even one holding the thrower's friends.
    assert mv.GrenadeScatter((0, 1)) in legal_moves(asked, "blue")


def test_setup_and_deployment_list_their_documented_defaults_first():
    state = SYSTEM.setup(
        {"scenario": "capture_the_flag", "experts": True, "grenades": True}, 2, Rng("d")
    ).state
    assert legal_moves(state, "red")[0] == default_setup(state, "red")
    deploying = initial_state({"scenario": "elimination"})
    assert legal_moves(deploying, "blue")[0] == default_deploy(deploying, "blue")


def test_a_move_an_aim_or_a_turn_may_be_taken_back_but_not_a_shot():
    figures = {"r1": fig("red", (0, 2), expert=True), "b1": fig("blue", (0, -2))}
    state = position(figures, marshals=FAR, advanced={"blind_spots": True})
    step = apply_move(state, 0, mv.Move("r1", to=(0, 1)), Rng("u"))
    assert not step.reveals
    aimed = apply_move(step.state, 0, mv.Aim("r1"), Rng("u"))
    turned = apply_move(aimed.state, 0, mv.Face("r1", 1), Rng("u"))
    assert not aimed.reveals and not turned.reveals
    shot = apply_move(turned.state, 0, mv.Shoot("r1", ("b1",)), Rng("u"))
    assert shot.reveals


def test_a_move_seen_by_an_enemy_sentry_cannot_be_taken_back():
    figures = {"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -2), state="sentry")}
    step = apply_move(position(figures, marshals=FAR), 0, mv.Move("r1", to=(0, 1)), Rng("s"))
    assert step.reveals and "SentryTriggered" in [e.kind for e in step.events]


def test_a_bunker_asks_for_a_six_only_when_the_ordinary_roll_could_hit():
    # D14: six hexes away the ordinary roll would be 7+: out of range, bunker or not.
    figures = {"r1": fig("red", (0, 3)), "b1": fig("blue", (1, -3))}
    state = position(figures, marshals=FAR, terrain=[{"hex": [1, -3], "type": "bunker"}])
    refused(state, "red", {"type": "shoot", "figure": "r1", "targets": ["b1"]}, "out_of_range")
    aimed = play(state, "red", {"type": "aim", "figure": "r1"}).state
    shot = play(aimed, "red", {"type": "shoot", "figure": "r1", "targets": ["b1"]}, [5])
    assert shot.first("ShotDiceRolled")["need"] == 6


def test_a_figure_out_of_paint_lies_down_and_may_only_reload():
    figures = {
        "r1": fig("red", (0, 2), state="disabled", disabled_by="ammo"),
        "b1": fig("blue", (0, -2)),
    }
    state = position(figures, marshals=FAR)
    refused(state, "red", {"type": "move", "figure": "r1", "to": [0, 1]}, "out_of_ammo")
    refused(state, "red", {"type": "aim", "figure": "r1"}, "out_of_ammo")
    assert legal_moves(state, "red") == [mv.EndPhase(), mv.Reload("r1")]


def test_a_carrier_lying_down_or_jammed_keeps_the_flag():
    for down in ({"state": "disabled", "disabled_by": "suppressed"}, {"state": "neutral"}):
        figures = {"r1": fig("red", (0, -1), **down), "b1": fig("blue", (0, -2))}
        state = position(
            figures,
            scenario="centre_flag",
            flags={"centre": {"hex": [0, -1], "carrier": "r1"}},
            marshals=FAR,
        )
        after = play(state, "red", {"type": "end_phase"}).state
        assert after.flags[0].carrier == "r1"


def test_a_sentry_keeps_its_facing_unless_told_otherwise():
    figures = {"r1": fig("red", (0, 2), facing=2), "b1": fig("blue", (0, -2))}
    state = position(figures, advanced={"blind_spots": True}, marshals=FAR)
    watching = play(state, "red", {"type": "sentry", "figure": "r1", "policy": "fire"}).state
    assert watching.figure("r1").facing == 2  # C2
