"""Phase 3, movement in half-hexes (skirmish.md §4.1, §7, D7–D9; rulebook 004 "Séquence du
tour" 3: "Se déplacer d'un pouce en terrain difficile compte pour 2''. Franchir un obstacle
coûte la moitié du mouvement de la figurine.")."""

import pytest

from games.engine.protocol import IllegalMove
from tests.engine.skirmish.sk import model, play, position

FAR_ENEMY = model("blue", (0, -12), moved=True)


def board(*, terrain=(), **red):
    fields = {"hex": [0, 4], **red}
    return position(
        {"r1": model("red", **fields), "b1": FAR_ENEMY},
        phase="movement",
        terrain=[
            {"id": f"t{i}", "type": t, "hexes": [list(h)]} for i, (t, h) in enumerate(terrain)
        ],
    )


def step(state, path, model_id="r1"):
    return play(state, "red", {"type": "move", "model": model_id, "path": [list(h) for h in path]})


def refusal(state, path, model_id="r1"):
    with pytest.raises(IllegalMove) as caught:
        step(state, path, model_id)
    return caught.value.code


def test_a_9_inch_model_moves_three_clear_hexes_and_no_more():
    state, _ = step(board(), [(0, 3), (0, 2), (0, 1)])
    assert state.model("r1").hex == (0, 1) and state.model("r1").mp_spent == 6
    assert refusal(board(), [(0, 3), (0, 2), (0, 1), (0, 0)]) == "not_enough_movement"


def test_difficult_terrain_costs_twice_as_much():
    state = board(terrain=[("difficult", (0, 3))])
    assert step(state, [(0, 3), (0, 2)])[0].model("r1").mp_spent == 6
    assert refusal(state, [(0, 3), (0, 2), (0, 1)]) == "not_enough_movement"


def test_crossing_an_obstacle_costs_half_the_models_move():
    state = board(terrain=[("obstacle", (0, 3))])
    assert step(state, [(0, 3)])[0].model("r1").mp_spent == 2 + 3
    assert refusal(state, [(0, 3), (0, 2)]) == "not_enough_movement"
    six_inch = board(terrain=[("obstacle", (0, 3))], move=6)
    assert step(six_inch, [(0, 3)])[0].model("r1").mp_spent == 4


def test_buildings_enemies_and_friends_hexes():
    state = board(terrain=[("building", (0, 3))])
    assert refusal(state, [(0, 3)]) == "impassable"
    assert refusal(board(), [(0, 2)]) == "not_adjacent"
    assert refusal(board(hex=[8, -4]), [(9, -4)]) == "off_board"
    crowded = position(
        {
            "r1": model("red", (0, 4)),
            "r2": model("red", (0, 3)),
            "b1": FAR_ENEMY,
        },
        phase="movement",
    )
    assert step(crowded, [(0, 3), (0, 2)])[0].model("r1").hex == (0, 2)  # through a friend
    assert refusal(crowded, [(0, 3)]) == "hex_occupied"


def test_a_model_entering_contact_must_stop_there():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (1, 1), moved=True)},
        phase="movement",
    )
    assert refusal(state, [(0, 3), (0, 2), (0, 1)]) == "must_stop_when_engaging"
    state, events = step(state, [(0, 3), (0, 2)])
    assert "ModelEngaged" in [e.kind for e in events]
    assert refusal(state, [(0, 1)]) == "already_moved"


def test_an_engaged_model_does_not_move():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, 3), moved=True)},
        phase="movement",
    )
    assert refusal(state, [(1, 4)]) == "engaged"


def test_after_snap_fire_a_model_moves_half_its_move():
    state = board(snap_fired=True)
    assert step(state, [(0, 3)])[0].model("r1").mp_spent == 2
    assert refusal(state, [(0, 3), (0, 2)]) == "not_enough_movement"


def test_flyers_pay_one_hex_for_every_hex_and_pass_over_buildings_and_models():
    state = position(
        {
            "r1": model("red", (0, 4), move=18, fly=True),
            "b1": model("blue", (0, 2), moved=True),
        },
        phase="movement",
        terrain=[
            {"id": "h", "type": "building", "hexes": [[0, 3]]},
            {"id": "w", "type": "woods", "hexes": [[0, 1]]},
        ],
    )
    path = [(0, 3), (0, 2), (0, 1), (0, 0), (0, -1), (0, -2)]
    assert step(state, path)[0].model("r1").mp_spent == 12
    assert refusal(state, [(0, 3)]) == "impassable"  # but never lands on a building
    assert refusal(state, [*path, (0, -3)]) == "not_enough_movement"


def test_movement_passes_in_initiative_order_then_aimed_fire_begins():
    state = position(
        {"r1": model("red", (0, 4)), "b1": model("blue", (0, -4))},
        phase="movement",
        initiative_order=["blue", "red"],
    )
    assert state.active == 1
    state, _ = play(state, "blue", {"type": "end_movement"})
    assert state.active == 0 and state.phase == "movement"
    state, _ = play(state, "red", {"type": "end_movement"})
    assert state.phase == "aimed_fire"


def test_a_flyer_is_not_stopped_by_contact_and_engages_where_it_lands():
    state = position(
        {
            "r1": model("red", (0, 4), move=18, fly=True),
            "b1": model("blue", (1, 1), moved=True),
        },
        phase="movement",
    )
    state, _ = step(state, [(0, 3), (0, 2), (0, 1), (1, 0)])  # (0, 2), (0, 1) touch b1
    assert state.model("r1").hex == (1, 0) and state.engaged(state.model("r1"))
