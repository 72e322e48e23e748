"""Melee and fleeing (skirmish.md §8.2, D14, D15; rulebook 004 "Séquence du tour" 5: "Une
figurine engagée peut choisir de s'enfuir en se déplaçant à demi-vitesse avant que les attaques
ne soient déclarées mais tous ses adversaires peuvent alors l'attaquer gratuitement")."""

import pytest

from games.engine.protocol import IllegalMove
from tests.engine.skirmish.sk import fire, kinds, model, play, position


def melee(red=None, blue=None, extra=None, phase="melee_attack"):
    models = {
        "r1": {**model("red", (0, 4)), **(red or {})},
        "b1": {**model("blue", (0, 3)), **(blue or {})},
        **(extra or {}),
    }
    return position(models, phase=phase, initiative_order=["red", "blue"])


def test_both_sides_strike_simultaneously_and_both_may_fall():
    state, _ = play(melee(), "red", fire("melee_orders", ("r1", "b1")))
    state, events = play(state, "blue", fire("melee_orders", ("b1", "r1")), dice=[1, 6, 2, 5])
    assert not state.model("b1").alive and not state.model("r1").alive
    assert kinds(events).count("MeleeRolled") == 2


def test_a_laser_sword_leaves_no_armour_roll():
    state, _ = play(melee(red={"hero": True, "item": "laser_sword"}), "blue", fire("melee_orders"))
    state, events = play(state, "red", fire("melee_orders", ("r1", "b1")), dice=[1])
    assert not state.model("b1").alive and "ArmourRolled" not in kinds(events)


def test_two_melee_attacks_may_split_between_enemies_in_contact():
    extra = {"b2": model("blue", (1, 3))}
    state = melee(red={"melee_attacks": 2}, extra=extra)
    state, _ = play(state, "blue", fire("melee_orders"))
    state, _ = play(state, "red", fire("melee_orders", ("r1", "b1", "b2")), dice=[1, 6, 1, 6])
    assert not state.model("b1").alive and not state.model("b2").alive


def test_melee_orders_refusals():
    far = {"b2": model("blue", (4, 0))}
    with pytest.raises(IllegalMove) as caught:
        play(melee(extra=far), "red", fire("melee_orders", ("r1", "b2")))
    assert caught.value.code == "not_in_contact"
    with pytest.raises(IllegalMove) as caught:
        play(melee(), "red", fire("melee_orders", ("r1", "b1", "b1")))
    assert caught.value.code == "too_many_attacks"
    with pytest.raises(IllegalMove) as caught:
        play(melee(), "red", fire("melee_orders", ("r1", "b1"), ("r1", "b1")))
    assert caught.value.code == "duplicate_order"


def test_a_fleeing_model_moves_at_half_speed_out_of_contact_and_may_still_be_struck():
    state = melee(phase="melee_flee")
    state, _ = play(state, "red", {"type": "flee_declaration", "models": []})
    state, events = play(state, "blue", {"type": "flee_declaration", "models": ["b1"]})
    assert (
        state.phase == "flee_move" and state.fled == ("b1",) and "FlightDeclared" in kinds(events)
    )
    with pytest.raises(IllegalMove) as caught:  # 3 MP: one clear hex, still next to r1
        play(state, "blue", {"type": "flee_move", "model": "b1", "path": [[1, 3]]})
    assert caught.value.code == "still_in_contact"
    with pytest.raises(IllegalMove) as caught:
        play(state, "blue", {"type": "flee_move", "model": "b1", "path": [[0, 2], [0, 1]]})
    assert caught.value.code == "not_enough_movement"
    state, _ = play(state, "blue", {"type": "flee_move", "model": "b1", "path": [[0, 2]]})
    assert state.phase == "melee_attack" and state.submitted == (False, True)
    with pytest.raises(IllegalMove):
        play(state, "blue", fire("melee_orders", ("b1", "r1")))
    state, _ = play(state, "red", fire("melee_orders", ("r1", "b1")), dice=[2, 3])
    assert not state.model("b1").alive


def test_a_model_that_cannot_get_out_of_contact_cannot_flee():
    ring = {f"r{i}": model("red", h) for i, h in enumerate([(1, 2), (-1, 3), (1, 3), (-1, 4)], 2)}
    state = melee(phase="melee_flee", extra=ring, blue={"move": 6})
    with pytest.raises(IllegalMove) as caught:
        play(state, "blue", {"type": "flee_declaration", "models": ["b1"]})
    assert caught.value.code in ("cannot_flee", "not_your_turn")


def test_without_engaged_models_the_melee_phase_is_skipped():
    state = position(
        {"r1": model("red", (0, 4), shoot=0), "b1": model("blue", (0, -4), shoot=0)},
        phase="movement",
        initiative_order=["blue", "red"],
        active="red",
    )
    state, events = play(state, "red", {"type": "end_movement"})
    assert state.phase == "turn_start" and "TurnEnded" in kinds(events)
