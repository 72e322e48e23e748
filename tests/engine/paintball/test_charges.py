"""Charges (§Charger un ennemi; spec §10, D20), with the text's worked example."""

from pbh import fig, play, position, refused

from games.engine.paintball.position import state_to_json

FAR = {"m1": {"hex": [1, -3]}, "m2": {"hex": [-2, -2]}}
DOWN = {"state": "disabled", "disabled_by": "suppressed"}


def _state(**extra):
    figures = {
        "r1": fig("red", (0, 1)),
        "r2": fig("red", (1, 0)),
        "b1": fig("blue", (0, 0), **DOWN),
        "b2": fig("blue", (0, 0), **DOWN),
    }
    figures.update(extra)
    return position(figures, marshals=FAR)


CHARGE = {"type": "charge", "hex": [0, 0], "figures": ["r1", "r2"], "kill_order": ["b2", "b1"]}


def test_the_worked_example_attackers_five_and_two_defenders_three_and_five():
    # "L'attaquant obtient 5 et 2. Le défenseur obtient 3 et 5." r1's 5 acts first (attacker on
    # the tie) and removes b2, whose 5 is void; b1's 3 then removes r2, whose 2 is void.
    played = play(_state(), "red", CHARGE, [5, 2, 3, 5])
    assert played.first("ChargeRoundRolled")["dice"] == {"r1": 5, "r2": 2, "b1": 3, "b2": 5}
    assert played.state.figure("b2").out_reason == "charged"
    pending = played.state.pending
    # Blue chooses; its deadline default (first option) is the enemy whose die comes next: r2.
    assert (pending.seat, pending.kind, pending.options_json()) == (
        "blue",
        "charge_victim",
        ["r2", "r1"],
    )
    answered = play(played.state, "blue", {"type": "charge_victim", "victim": "r2"}, [4, 6])
    # A new round starts at once: r1 4, b1 6: b1 acts first and removes r1.
    assert [e["victim"] for e in answered.all("ChargeVictimChosen")] == ["r2", "r1"]
    assert answered.state.figure("b1").state == "disabled"
    assert answered.state.in_play("red") == 0


def test_charging_needs_every_enemy_in_the_hex_down():
    state = _state(b2=fig("blue", (0, 0)))
    refused(state, "red", CHARGE, "not_all_disabled")
    refused(_state(), "red", {**CHARGE, "hex": [0, -1]}, "no_enemy_in_hex")
    far = _state(r3=fig("red", (-1, 3)))
    refused(far, "red", {**CHARGE, "figures": ["r3"]}, "too_far")


def test_nobody_walks_into_an_enemy_hex_without_a_charge():
    refused(_state(), "red", {"type": "move", "figure": "r1", "to": [0, 0]}, "enemy_in_hex")


def test_out_of_ammo_defenders_are_eliminated_at_once_without_dice():
    state = _state(
        b1=fig("blue", (0, 0), state="disabled", disabled_by="ammo"),
        b2=fig("blue", (1, -2)),
    )
    played = play(state, "red", {"type": "charge", "hex": [0, 0], "figures": ["r1"]})
    assert played.state.figure("b1").out_reason == "charged"
    assert played.state.figure("r1").hex == (0, 0)
    assert "ChargeRoundRolled" not in played.kinds()


def test_chargers_spend_their_movement_and_end_their_activations():
    played = play(_state(), "red", CHARGE, [6, 6, 1, 1])
    r1 = played.state.figure("r1")
    assert (r1.hex, r1.ap, r1.moved, r1.activated) == ((0, 0), 1, 1, True)
    assert played.state.current is None and played.state.activations == (0, 2)
    assert played.state.in_play("blue") == 0


def test_a_jammed_figure_can_be_charged_only_once_its_marshal_has_joined_it():
    waiting = _state(
        b1=fig("blue", (0, 0), state="neutral"),
        b2=fig("blue", (1, -3)),
    )
    one = {"type": "charge", "hex": [0, 0], "figures": ["r1"]}
    refused(waiting, "red", one, "cannot_charge_neutral")
    joined = position(
        state_to_json(waiting)["figures"],
        marshals={"m1": {"hex": [0, 0], "busy": {"jam": "b1", "arrived_turn": 1}}, "m2": FAR["m2"]},
    )
    played = play(joined, "red", one)
    assert played.state.figure("b1").out_reason == "charged"


def test_an_asking_sentry_interrupts_a_charge_which_resumes_after_the_answer():
    state = _state(b3=fig("blue", (-2, 0), state="sentry", sentry_policy="ask"))
    charge = {"type": "charge", "hex": [0, 0], "figures": ["r1"], "kill_order": ["b1", "b2"]}
    asked = play(state, "red", charge)
    assert asked.state.pending.kind == "sentry_fire"
    assert asked.state.figure("r1").hex == (0, 0)
    answer = {"type": "sentry_fire", "figure": "b3", "fire": True}
    resumed = play(asked.state, "blue", answer, [2, 6, 1, 1])
    assert [e["victim"] for e in resumed.all("ChargeVictimChosen")] == ["b1", "r1"]
    assert resumed.state.pending is None and resumed.state.active == "red"


def test_a_charger_pinned_down_on_the_way_drops_out_where_it_stopped():
    state = _state(
        r1=fig("red", (0, 2)),
        b3=fig("blue", (-2, 1), state="sentry", sentry_policy="suppress"),
    )
    charge = {"type": "charge", "hex": [0, 0], "figures": ["r1"], "paths": {"r1": [[0, 1], [0, 0]]}}
    played = play(state, "red", charge, [6, 2])
    assert played.state.figure("r1").hex == (0, 1)
    assert played.state.figure("r1").disabled_by == "suppressed"
    assert "ChargeFizzled" in played.kinds()
