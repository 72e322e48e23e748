"""What the site needs from the engine to name things as players do: every event carries the
labels of the models it mentions (unit name and number), models keep their unit's name and a
Vehicle its lasting damage, all round-tripping through the position format."""

from games.engine.rng import Rng
from games.engine.skirmish.position import state_from_json, state_to_json
from games.engine.skirmish.system import SYSTEM
from tests.engine.skirmish.sk import fire, model, play, position


def test_events_label_the_models_they_mention_by_unit_name_and_number():
    state = position(
        {
            "r1": model("red", (0, 4), unit="troopers", name="Troopers"),
            "r2": model("red", (1, 4), unit="troopers", name="Troopers"),
            "r3": model("red", (2, 4), unit="captain", name="Captain Vos", shoot=0),
            "b1": model("blue", (0, -2), unit="walker", name="Walker", shoot=0),
        },
        phase="aimed_fire",
        submitted={"blue": True},
    )
    step = SYSTEM.apply(state, 0, fire("aimed_orders", ("r2", "b1")), Rng("labels"))
    shot = next(e for e in step.events if e.kind == "ShotRolled")
    assert shot.data["labels"] == {
        "r2": {"name": "Troopers", "n": 2, "seat": "red", "prisoner": False},
        "b1": {"name": "Walker", "n": None, "seat": "blue", "prisoner": False},
    }
    revealed = next(e for e in step.events if e.kind == "OrdersRevealed")
    assert set(revealed.data["labels"]) == {"r2", "b1"}


def test_a_vehicles_damage_and_a_models_name_survive_the_position_format():
    walker = {"vehicle": True, "shoot": 0, "armour": 0, "name": "Walker"}
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -2), **walker)},
        phase="aimed_fire",
        submitted={"blue": True},
    )
    state, _ = play(state, "red", fire("aimed_orders", ("r1", "b1")), dice=[1, 5])
    assert state.model("b1").damage == ("internal",)
    again = state_from_json(state_to_json(state))
    assert again == state and state_to_json(again)["models"]["b1"]["name"] == "Walker"
