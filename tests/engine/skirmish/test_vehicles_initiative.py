"""Vehicles' damage table (rulebook 004 "Véhicules", D18) and initiative with Heroes
("Séquence du tour" 1, D5)."""

from tests.engine.skirmish.sk import fire, kinds, model, play, position

WALKER = {"vehicle": True, "move": 12, "melee": 2, "shoot": 3, "armour": 0, "shoot_attacks": 1}


def vehicle_hit(dice, hits=1):
    state = position(
        {
            "r1": model("red", (0, 4), shoot_attacks=hits),
            "b1": {**model("blue", (0, -2)), **WALKER},
        },
        phase="aimed_fire",
        submitted={"blue": True},
    )
    return play(state, "red", fire("aimed_orders", ("r1", *["b1"] * hits)), dice=dice)


def test_an_unsaved_hit_on_a_vehicle_rolls_on_the_damage_table_at_the_end_of_the_phase():
    state, events = vehicle_hit([1, 1])  # scratch
    walker = state.model("b1")
    assert walker.alive and (walker.move, walker.melee, walker.armour) == (12, 2, 0)
    assert kinds(events).index("VehicleDamaged") > kinds(events).index("ModelHit")


def test_damage_results_add_up_and_never_go_below_zero():
    state, _ = vehicle_hit([1, 1, 1, 3, 4, 5], hits=3)
    walker = state.model("b1")
    assert (walker.move, walker.melee, walker.shoot, walker.armour) == (9, 1, 2, 0)
    assert walker.alive


def test_boom_destroys_the_vehicle_and_scores_its_doubled_cost():
    state, _ = vehicle_hit([1, 6])
    assert not state.model("b1").alive
    assert state.scen.killed_points[0] == state.model("b1").cost


def test_initiative_adds_two_per_hero_on_the_table_and_rerolls_ties():
    state = position(
        {
            "r1": model("red", (0, 4), hero=True),
            "r2": {**model("red", (1, 4), hero=True, prisoner="held"), "hex": None},
            "b1": model("blue", (0, -4)),
        },
    )
    state, events = play(state, None, {"type": "begin_turn"}, dice=[2, 6])
    assert state.pending.seat == 1 and state.pending.kind == "choose_first"
    state2, _ = play(
        position({"r1": model("red", (0, 4), hero=True), "b1": model("blue", (0, -4))}),
        None,
        {"type": "begin_turn"},
        dice=[4, 6, 5, 1],
    )
    assert state2.pending.seat == 0  # 4+2 = 6 ties 6, then 5+2 beats 1
    rolled = [e.data for e in events if e.kind == "InitiativeRolled"]
    assert rolled[0]["bonus"] == 2  # the held prisoner adds nothing


def test_the_winner_chooses_who_moves_first():
    state = position({"r1": model("red", (0, 4)), "b1": model("blue", (0, -4))})
    state, _ = play(state, None, {"type": "begin_turn"}, dice=[6, 1])
    state, events = play(state, "red", {"type": "choose_first", "first": "blue"})
    assert state.initiative_order == (1, 0)
    assert "FirstChosen" in kinds(events)
