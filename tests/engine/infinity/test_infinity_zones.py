"""Zone Control (tier 2; spec B.15, our design): three zones laid out symmetrically on the
centre line; at the end of each game turn a zone point for each zone where a seat has more
Normal troopers; zone points win, the Annihilation points break a tie."""

from infh import alguacil, keisotsu, of, position, run

from games.engine.infinity.data import boards
from games.engine.infinity.position import state_from_json
from games.engine.infinity.state import Board
from games.engine.infinity.zones import _mirror, zone_hexes


def board(name="small"):
    spec = boards()[name]
    return Board(name, spec.cols, spec.rows, spec.scenery, (spec.zones[0], spec.zones[1]))


def test_the_three_zones_mirror_each_other_through_the_centre():
    for name in ("small", "standard"):
        left, middle, right = zone_hexes(board(name))
        b = board(name)
        assert sorted(_mirror(b, h) for h in left) == sorted(right)
        assert sorted(_mirror(b, h) for h in middle) == sorted(middle)
        assert len(middle) >= 7 and not set(left) & set(middle)


def at_the_end_of_game_turn(troopers, game_turn=1, max_turns=3, **kw):
    """Seat 1 plays second: its end of turn ends the game turn."""
    data = position(
        troopers,
        active=1,
        orders={1: {"regular": 1}},
        scenario="zone_control",
        game_turn=game_turn,
        **kw,
    )
    data["scenario"]["max_game_turns"] = max_turns
    data["board"]["name"] = "small"
    for s in data["seats"]:
        s.setdefault("zone_points", 0)
    return data


def test_each_zone_held_at_the_end_of_a_game_turn_scores_a_point():
    left, middle, right = zone_hexes(board())
    troopers = [
        alguacil("a1", left[0]),
        alguacil("a2", left[1]),
        keisotsu("k1", left[2]),  # 2 against 1: Corregidor holds the first zone
        keisotsu("k2", middle[0]),  # alone: the JSA holds the middle one
        alguacil("a3", right[0]),
        keisotsu("k3", right[1], state="unconscious", wounds=1),  # down: does not count
        keisotsu("k4", right[2], state="unconscious", wounds=1),
    ]
    data = at_the_end_of_game_turn(troopers)
    data["scenery"] = [{"hex": list(h), "kind": k} for h, k in board().scenery]
    state, events = run(data, [{"type": "end_turn", "seat": 1}])
    scored = of(events, "ZonesScored")[0]
    assert scored["holders"] == [0, 1, 0] and scored["points"] == [2, 1]
    assert state.seats[0].zone_points == 2 and state.turn.game_turn == 2


def test_zone_points_win_and_the_annihilation_points_break_a_tie():
    left, middle, right = zone_hexes(board())
    troopers = [
        alguacil("a1", left[0]),
        keisotsu("k1", middle[0]),
        keisotsu("k2", (2, 1), state="dead", wounds=2),  # Corregidor's 9 Annihilation points
    ]
    data = at_the_end_of_game_turn(troopers, game_turn=3)
    data["scenery"] = [{"hex": list(h), "kind": k} for h, k in board().scenery]
    data["seats"][1]["zone_points"] = 2  # the JSA is ahead on zones
    state, events = run(data, [{"type": "end_turn", "seat": 1}])
    assert state.score.vp == (1, 3) and state.score.winner == 1
    data["seats"][1]["zone_points"] = 0  # now level on zones, 1 each: Annihilation decides
    state, _ = run(data, [{"type": "end_turn", "seat": 1}])
    assert state.score.vp == (1, 1) and state.score.winner == 0


def test_zone_control_is_a_lobby_scenario():
    from games.engine.infinity.system import SYSTEM
    from games.engine.rng import Rng

    state = SYSTEM.setup({"scenario": "zone_control"}, 2, Rng("zones")).state
    assert state.scenario.id == "zone_control" and state.seats[0].zone_points == 0
    assert state_from_json(SYSTEM.state_to_json(state)) == state
