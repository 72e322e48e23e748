"""The shooting procedure in its normative dice order (spec §8, §15; §Tir, §Se concentrer,
§Bases et tranchées, §Jet de sauvegarde, §Contrôle de touche, §Nettoyage, §Tirs Multiple,
§Tir de suppression)."""

from pbh import fig, play, position, refused

FAR = {"m1": {"hex": [-2, 4]}, "m2": {"hex": [-2, -2]}}
NEAR = {"m1": {"hex": [-1, -1]}, "m2": {"hex": [-2, -2]}}  # m1 within 2 of (0,-1)


def _duel(marshals=NEAR, **extra):
    figures = {"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -1))}
    figures.update(extra)
    return position(figures, marshals=marshals)


def _shoot(targets=("b1",), mode="normal", figure="r1"):
    return {"type": "shoot", "figure": figure, "targets": list(targets), "mode": mode}


def test_the_die_must_be_greater_than_the_range_counting_the_target_hex():
    # Range 3: a 3 misses, a 4 hits (§Tir: "supérieur au nombre d'hex").
    state = _duel()
    miss = play(state, "red", _shoot(), [3])
    assert miss.first("ShotDiceRolled") == {
        "figure": "r1",
        "dice": [3],
        "need": 4,
        "mode": "normal",
    }
    assert "SavingRolled" not in miss.kinds()
    hit = play(state, "red", _shoot(), [4, 2, 5])
    assert hit.first("SavingRolled")["saved"] is False
    assert hit.first("HitChecked")["confirmed"] is True
    assert hit.state.figure("b1").state == "out"
    assert hit.state.figure("b1").out_reason == "eliminated"


def test_a_shot_costs_one_action_point_per_declared_shot():
    after = play(_duel(), "red", _shoot(("b1", "b1")), [3, 3]).state
    assert after.figure("r1").ap == 0 and after.figure("r1").fired


def test_taking_aim_counts_the_range_without_the_target_hex():
    # §Se concentrer, D13: three hexes apart, an aimed shot needs 3+.
    state = play(_duel(), "red", {"type": "aim", "figure": "r1"}).state
    played = play(state, "red", _shoot(), [3, 1])
    assert played.first("ShotDiceRolled")["need"] == 3
    assert played.first("SavingRolled")["saved"] is True


def test_aiming_after_the_volley_is_refused():
    state = play(_duel(r1=fig("red", (0, 2), expert=True, ap=3)), "red", _shoot(), [2]).state
    refused(state, "red", {"type": "aim", "figure": "r1"}, "already_fired")
    refused(state, "red", _shoot(), "already_fired")


def test_a_figure_in_a_base_is_hit_only_on_a_six_near_or_far():
    figures = {"r1": fig("red", (0, -2)), "b1": fig("blue", (0, -3))}
    state = position(figures, marshals=FAR)
    played = play(state, "red", _shoot(), [5])
    assert played.first("ShotDiceRolled")["need"] == 6
    assert "SavingRolled" not in played.kinds()


def test_out_of_range_is_refused_before_rolling():
    figures = {"r1": fig("red", (-2, 4)), "b1": fig("blue", (-2, -2))}
    refused(position(figures, marshals=FAR), "red", _shoot(), "out_of_range")


def test_saving_roll_of_one_or_six_in_the_open():
    state = _duel()
    assert play(state, "red", _shoot(), [5, 6]).first("SavingRolled")["saved"]
    assert play(state, "red", _shoot(), [5, 1]).first("SavingRolled")["saved"]


def test_a_target_in_bushes_saves_on_one_two_or_three_but_not_six():
    terrain = [{"hex": [0, -1], "type": "bush"}]
    figures = {"r1": fig("red", (0, 2)), "b1": fig("blue", (0, -1))}
    state = position(figures, marshals=NEAR, terrain=terrain)
    # The bush of the target's hex is also an obstacle, rolled last (1: it does not stop).
    saved = play(state, "red", _shoot(), [5, 1, 3])
    assert saved.first("SavingRolled")["saved"]
    hit = play(state, "red", _shoot(), [5, 1, 6, 4])
    assert hit.first("SavingRolled")["saved"] is False
    assert hit.state.figure("b1").state == "out"


def test_with_no_marshal_within_two_hexes_one_walks_and_the_target_wipes_the_paint():
    played = play(_duel(marshals=FAR), "red", _shoot(), [5, 3])
    assert played.first("MarshalWalked")["marshal"] == "m2"
    assert played.first("HitWiped") == {"figure": "b1"}
    assert played.state.figure("b1").state == "ready"
    assert played.state.marshal("m2").hex != (-2, -2)


def test_a_marshal_within_two_hexes_is_placed_in_the_targets_hex_then_checks():
    played = play(_duel(), "red", _shoot(), [5, 3, 2])
    assert played.state.marshal("m1").hex == (0, -1)
    assert played.first("HitChecked") == {"figure": "b1", "die": 2, "confirmed": False}
    assert played.state.figure("b1").state == "ready"


def test_split_shots_that_do_not_all_hit_let_the_targets_owner_choose():
    state = _duel(b2=fig("blue", (0, -1)), r1=fig("red", (0, 2)))
    played = play(state, "red", _shoot(("b1", "b2")), [5, 2])
    pending = played.state.pending
    assert (pending.kind, pending.seat) == ("allocate_hits", "blue")
    assert pending.options_json() == [["b1"], ["b2"]]
    refused(played.state, "blue", {"type": "allocate_hits", "hits": ["r1"]}, "bad_choice")
    chosen = play(played.state, "blue", {"type": "allocate_hits", "hits": ["b2"]}, [6])
    assert chosen.first("SavingRolled")["figure"] == "b2"
    assert chosen.state.pending is None


def test_all_shots_hitting_are_shared_as_declared_without_a_decision():
    state = _duel(b2=fig("blue", (0, -1)))
    played = play(state, "red", _shoot(("b1", "b2")), [5, 6, 1, 6])
    assert [s["figure"] for s in played.all("SavingRolled")] == ["b1", "b2"]
    assert played.state.pending is None


def test_targets_must_stand_in_one_hex_and_be_enemies():
    state = _duel(b2=fig("blue", (1, -1)), r2=fig("red", (0, 1)))
    refused(state, "red", _shoot(("b1", "b2")), "targets_not_in_one_hex")
    refused(state, "red", _shoot(("r2",)), "not_a_target")
    refused(state, "red", _shoot(("b1", "b1", "b1")), "too_many_shots")


def test_a_suppression_hit_not_saved_pins_the_target_down_until_the_end_of_the_turn():
    state = _duel(b1=fig("blue", (0, -1), state="sentry"))
    played = play(state, "red", _shoot(mode="suppress"), [5, 3])
    b1 = played.state.figure("b1")
    assert (b1.state, b1.disabled_by) == ("disabled", "suppressed")
    assert "HitChecked" not in played.kinds() and "SentryLeft" in played.kinds()
    blue = play(played.state, "red", {"type": "end_phase"}).state
    refused(blue, "blue", {"type": "move", "figure": "b1", "to": [0, -2]}, "not_ready")
    end = play(blue, "blue", {"type": "end_phase"}).state
    assert end.figure("b1").state == "ready"
