"""Shooting a mine (mines.py `check_shot`, `save_shot`; engine README "Mines"). The French text
(seed 003) never says a mine may be shot: our reading (D) after the later editions (M), which
give a deployable ARM 0 and one structure point. Only a mine known to be one is a target (set
off, found, or laid in the open): one still standing as a camouflage marker must be discovered
first, as a camouflaged trooper must.

Positions from test_infinity_mines.py: seat 1's mine m1 at (6, 6); Corregidor's Alguacil a2 at
(6, 10), facing north, four hexes (8 in.) away: combi rifle SV 11 + 3 = 14."""

import pytest
from infh import alguacil, declare, of, order, run, trooper
from test_infinity_mines import mined, refused

from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.system import SYSTEM


def at_mine(mine="m1", weapon="combi_rifle", trooper_id="a2", **extra):
    return declare(
        0,
        "bs_attack",
        trooper=trooper_id,
        weapon=weapon,
        mine=mine,
        second={"skill": "none"},
        **extra,
    )


def shot(data, dice, mine="m1"):
    return run(data, [order(0, "a2"), at_mine(mine)], dice)


def test_a_hit_on_a_mine_known_to_be_one_and_a_failed_save_destroy_it():
    """A Normal roll (nothing opposes it), no cover: SV 14; its save d20 + ARM 0 > DAM 13
    fails with 5: destroyed, without going off."""
    state, events = shot(mined(shown=True), {"a2.bs": [1, 15, 16], "m1.arm": [5]})
    rolled = of(events, "MineShot")[0]
    assert (rolled["sv"], rolled["mods"], rolled["hits"]) == (14, {"range": 3}, 1)
    saved = of(events, "MineSaved")[0]
    assert (saved["dam"], saved["arm"], saved["dice"], saved["destroyed"]) == (13, 0, [5], True)
    assert of(events, "MineDestroyed")[0]["mine"] == "m1"
    assert not of(events, "MineExploded") and state.hidden[1].mines == ()


def test_a_mine_that_saves_stays_and_a_miss_does_nothing():
    state, events = shot(mined(shown=True), {"a2.bs": [1, 15, 16], "m1.arm": [20]})
    assert of(events, "MineSaved")[0]["destroyed"] is False
    assert state.hidden[1].mines[0].id == "m1"
    state, events = shot(mined(shown=True), {"a2.bs": [15, 16, 17]})
    assert not of(events, "MineSaved") and state.hidden[1].mines


def test_a_critical_destroys_it_with_no_save():
    state, events = shot(mined(shown=True), {"a2.bs": [14, 15, 16]})
    saved = of(events, "MineSaved")[0]
    assert saved["critical"] is True and saved["dice"] == [] and saved["destroyed"] is True
    assert state.hidden[1].mines == ()


def test_a_mine_still_a_marker_is_refused_as_any_name_that_is_no_known_mine():
    """Hidden information: a mine not yet known, a camouflaged trooper's marker and a name
    that is nothing get the same refusal, so shooting never tells a mine from a marker."""
    data = mined()
    data["troopers"].append(trooper("c1", 1, "test.camo.camouflage", (4, 6), 3))
    data["hidden"]["1"]["markers"] = {"m2": "c1"}
    data["markers_placed"] = 2
    codes = set()
    for name in ("m1", "m2", "m9"):
        with pytest.raises(Exception) as err:
            run(data, [order(0, "a2"), at_mine(name)])
        codes.add((err.value.code, err.value.reason))
    assert len(codes) == 1 and next(iter(codes))[0] == "no_target"


def test_not_ones_own_mine_nor_with_a_template_weapon():
    data = mined(shown=True)
    data["hidden"]["0"]["mines"] = [{"marker": "m2", "layer": "a2", "hex": [8, 8], "shown": True}]
    data["markers_placed"] = 2
    assert refused(data, [order(0, "a2"), at_mine("m2")]) == "no_target"
    lgl = mined(shown=True)
    lgl["troopers"][0] = alguacil("a2", (6, 10), kind="lgl")
    moves = [order(0, "a2"), at_mine(weapon="light_gl")]
    assert refused(lgl, moves) == "skill_not_allowed"


def test_outside_the_front_arc_or_without_a_line_of_fire_it_is_refused():
    behind = mined(shown=True)
    behind["troopers"][0]["facing"] = 3
    assert refused(behind, [order(0, "a2"), at_mine()]) == "not_in_arc"
    walled = mined(shown=True)
    walled["scenery"] = [{"hex": [6, 8], "kind": "building"}]
    assert refused(walled, [order(0, "a2"), at_mine()]) == "no_line_of_fire"


def test_legal_moves_offer_a_shot_at_a_known_mine_and_never_at_a_hidden_one():
    ordered, _ = run(mined(shown=True), [order(0, "a2")])
    offered = SYSTEM.legal_moves(ordered, 0)
    assert any(m.get("skill") == "bs_attack" and m.get("mine") == "m1" for m in offered)
    hidden, _ = run(mined(), [order(0, "a2")])
    assert not [m for m in SYSTEM.legal_moves(hidden, 0) if m.get("mine")]


def test_a_mine_set_off_this_order_and_shot_still_goes_off():
    """D: the shot and the mine's explosion are simultaneous (as a shot and its ARO): a mine
    set off by the shooter's move explodes; the shot finds nothing left to hit."""
    move = declare(0, "move", trooper="a2", path=[[6, 9], [6, 8]])
    moves = [order(0, "a2"), move, at_mine()]
    moves[-1].pop("second")
    state, events = run(mined(), moves, {"a2.bs": [1, 1, 1], "a2.arm": [20], "a2.guts": [1]})
    assert of(events, "MineTriggered") and of(events, "MineExploded")
    assert not of(events, "MineSaved") and state.hidden[1].mines == ()


def test_the_shot_is_written_in_the_position_and_read_back():
    declared = at_mine()
    declared.pop("second")
    state, _ = run(mined(shown=True), [order(0, "a2"), declared])
    assert state.turn.current is not None and state.turn.current.skills[0].mine == "m1"
    assert state_from_json(state_to_json(state)) == state
