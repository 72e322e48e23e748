"""V: Dogged ('V : Tenace', which the text names without describing it: « une Compétence
Spéciale qui peut être employée en état Inconscient (comme V : Tenace …) »; N2's wording for the
rest, engine README) on the 45th Highlanders of Appendix A, and V: Courage's Guts."""

from infh import declare, keisotsu, of, order, position, run, shoot, trooper

from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.turns import casualty_points


def highlander_shot(**extra):
    """Seat 1 active: Keisotsu k1 fires at a 45th Highlander looking away (no reaction)."""
    return position(
        [
            trooper("h1", 0, "caledonian.45th.chain", (6, 10), 3, **extra),
            trooper("h2", 0, "caledonian.45th.chain", (2, 12), 3),
            keisotsu("k1", (6, 5)),  # beyond its Zone of Control
        ],
        active=1,
        orders={1: {"regular": 2}},
        sectorials=("caledonian", "jsa"),
        lieutenants=("h2", "k1"),
    )


def volley(data, dice):
    return run(
        data,
        [order(1, "k1"), shoot(1, "k1", "combi_rifle", ("h1", 3)), declare(1, "none")],
        dice={"k1.bs": [1, 20, 20], **dice},
    )


def test_a_dogged_highlander_fights_on_until_the_end_of_the_turn_then_dies():
    state, events = volley(highlander_shot(), {"h1.arm": [1], "h1.guts": [1]})
    h1 = state.trooper("h1")
    assert h1.state == "normal" and h1.dogged and h1.wounds == 1
    assert of(events, "DoggedFightsOn") == [{"kind": "DoggedFightsOn", "trooper": "h1", "seat": 0}]
    assert casualty_points(state, 0) == 0  # not fallen yet
    state, events = run(state, [{"type": "end_turn", "seat": 1}])
    assert state.trooper("h1").state == "dead"
    assert any(e["trooper"] == "h1" and e.get("dogged") for e in of(events, "StateChanged"))
    assert casualty_points(state, 0) == 6


def test_one_more_wound_kills_a_dogged_trooper_at_once():
    state, events = volley(highlander_shot(dogged=True, wounds=1), {"h1.arm": [1]})
    assert state.trooper("h1").state == "dead" and not of(events, "DoggedFightsOn")


def test_without_dogged_the_same_wound_knocks_a_keisotsu_unconscious():
    data = highlander_shot()
    data["troopers"][0]["profile"] = "caledonian.volunteer.rifle"
    state, _ = volley(data, {"h1.arm": [1]})
    assert state.trooper("h1").state == "unconscious" and not state.trooper("h1").dogged


def test_the_dogged_state_is_an_optional_field_of_the_position():
    data = highlander_shot()
    assert state_to_json(state_from_json(data))["troopers"][0]["dogged"] is False
    data["troopers"][0]["dogged"] = True
    assert state_from_json(data).trooper("h1").dogged
