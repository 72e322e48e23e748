"""Baggage (T: 'Bagage', Équipement Spécial, and its example): the carrier gives the enemy 20
victory points more, and the army's Retreat! percentage is counted on its points plus 20 per
carrier. The 8-point D.C.D. with Baggage is the test profile 'test.dcd.baggage'."""

from infh import alguacil, position, trooper

from games.engine.infinity.position_read import state_from_json
from games.engine.infinity.setup import initial_state
from games.engine.infinity.turns import casualty_points, in_retreat, victory_points

DCD = "test.dcd.baggage"


def test_example_killing_the_8_point_dcd_with_baggage_gives_28_victory_points():
    """« un D.C.D. avec l'équipement Bagage, qui coûtait seulement 8 points au joueur, rapportera
    28 Points de Victoire (Coût : 8 + 20 du Bagage) à son adversaire »."""
    data = position(
        [trooper("d1", 1, DCD, (5, 3), state="dead", wounds=1), alguacil("a1", (5, 12))]
    )
    assert victory_points(state_from_json(data), 0) == 28
    data["troopers"][0]["profile"] = "jsa.keisotsu.combi"  # 9 points, no Baggage
    assert victory_points(state_from_json(data), 0) == 9


def army_with_casualties(points_down: int, carriers: int) -> dict:
    """A 300-point army (with `carriers` Baggage carriers counted in `seats[].baggage`) whose
    casualties are worth `points_down` (10-point Alguacils)."""
    troopers = [alguacil(f"a{i}", (i % 16, 12 + i // 16)) for i in range(24)]
    for t in troopers[: points_down // 10]:
        t["state"], t["wounds"] = "dead", 1
    data = position(troopers, points=(300, 150))
    data["seats"][0]["baggage"] = carriers
    assert casualty_points(state_from_json(data), 0) == points_down
    return data


def test_example_retreat_of_a_300_point_army_with_one_carrier_is_counted_on_320():
    """« le joueur calculera son pourcentage de Retraite ! sur 320 points » : 60 % of 320 is 192,
    where 300 alone would break at 180."""
    assert in_retreat(state_from_json(army_with_casualties(180, 0)), 0)
    assert not in_retreat(state_from_json(army_with_casualties(190, 1)), 0)
    assert in_retreat(state_from_json(army_with_casualties(200, 1)), 0)


def test_example_two_carriers_add_40_points():
    """« S'il enrôle 2 figurines avec Bagage, l'augmentation sera de 40 points » : 60 % of 340 is
    204."""
    assert not in_retreat(state_from_json(army_with_casualties(200, 2)), 0)
    assert in_retreat(state_from_json(army_with_casualties(210, 2)), 0)


def test_a_new_game_counts_the_baggage_carriers_of_each_list():
    config = {
        "board": "small",
        "armies": [
            {
                "sectorial": "corregidor",
                "units": [{"profile": p} for p in ("corregidor.alguacil.lt", DCD, DCD)],
            },
            "jsa",
        ],
        "reactions": "ask",
        "civilians": "none",
        "scenario": "annihilation",
        "max_game_turns": 3,
        "hidden_deployment": False,
    }
    state = initial_state(config)
    assert [s.baggage for s in state.seats] == [2, 0]
