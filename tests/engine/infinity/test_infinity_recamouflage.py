"""Re-camouflage (camouflage.py; D: N2's long skill is not in our text, the spec is silent; T
964-969 for Limited Camouflage: « ne pourra plus se camoufler à nouveau »).

A trooper with CH: Camouflage or TO, shown, spends a whole order out of every enemy's sight and
stands again as a marker, under a new opaque id."""

import json

import pytest
from infh import alguacil, declare, of, order, position, refused, run, trooper

from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.system import SYSTEM
from games.engine.infinity.view import determinize, view
from games.engine.protocol import IllegalMove
from games.engine.rng import Rng

PASS = {"on_sight": "pass", "on_template": "pass"}
WALL = ((6, 7), "building")  # between the Ninja at (6, 5) and the Alguacil at (6, 10)


def shown_ninja(*others, scenery=(WALL,), profile="jsa.ninja.combi", placed=3):
    """The Ninja n1, shown (it was m1 once; m2 and m3 were placed since), active with 3 orders."""
    data = position(
        [alguacil("a1", (6, 10)), trooper("n1", 1, profile, (6, 5), 3), *others],
        scenery=list(scenery),
        active=1,
        orders={1: {"regular": 3}},
        policies={0: {"a1": PASS, "c1": PASS}},
    )
    data["markers_placed"] = placed
    return data


HIDE = [order(1, "n1"), declare(1, "recamouflage", trooper="n1")]


def test_out_of_sight_a_camouflaged_trooper_becomes_a_marker_under_a_new_id():
    """D: the next marker id (m4), never its old m1, so the id tells the other seat nothing."""
    state, events = run(shown_ninja(), HIDE)
    assert state.hidden[1].markers == (("m4", "n1"),) and state.markers_placed == 4
    assert state_to_json(state)["hidden"]["1"]["markers"] == {"m4": "n1"}
    placed = of(events, "MarkerPlaced")[0]
    assert placed["marker"] == "m4" and placed["marker_kind"] == "to"
    theirs = view(state, 0)
    assert theirs["markers"] == [{"marker": "m4", "seat": 1, "hex": [6, 5], "kind": "to"}]
    assert "n1" not in [t["id"] for t in theirs["troopers"]]


def test_the_other_seat_never_reads_which_trooper_became_the_marker():
    """Every event of the order and every view but the owner's name the marker, not n1."""
    state = state_from_json(shown_ninja())
    events = []
    for move in HIDE:
        result = SYSTEM.apply(state, 1, move, Rng(1))
        state, events = result.state, [*events, *result.events]
    placed = [e for e in events if e.kind == "MarkerPlaced"][0]
    assert placed.visible_to == (1,) and placed.for_seat(0)["trooper"] == "m4"
    declared = [e for e in events if e.kind == "SkillDeclared"][0]
    for seat in (0, None):
        after = json.dumps(placed.for_seat(seat)) + json.dumps(declared.for_seat(seat))
        after += json.dumps(view(state, seat))
        assert '"n1"' not in after and "ninja" not in after, seat
        assert '"m4"' in after
    assert '"n1"' in json.dumps(view(state, 1))


def test_in_an_enemys_line_of_fire_it_cannot_hide():
    assert refused(shown_ninja(scenery=()), HIDE) == "no_line_of_fire"


def test_an_enemy_marker_sees_it_whatever_its_secret_facing():
    """D: an enemy marker's facing is secret, so a clear line from it is enough to refuse;
    a shown trooper looking away does not see it."""
    away = trooper("c1", 0, "test.camo.camouflage", (6, 9), 3)  # facing south, away from n1
    data = shown_ninja(away, scenery=())
    data["troopers"][0] |= {"hex": [0, 15], "facing": 3}  # the Alguacil looking away too
    state, _ = run(data, HIDE)  # shown and looking away: it may hide
    assert state.is_marker("n1")
    data["hidden"]["0"]["markers"] = {"m1": "c1"}
    assert refused(data, HIDE) == "no_line_of_fire"


@pytest.mark.parametrize("profile", ["test.camo.limited", "test.camo.limited_mimetism"])
def test_limited_camouflage_may_never_camouflage_again(profile):
    """T 964-969: « ne peut pas "se camoufler à nouveau" … ne pourra plus se camoufler à
    nouveau »; Mimetism changes nothing to that."""
    assert refused(shown_ninja(profile=profile), HIDE) == "skill_not_allowed"


def test_camouflage_as_well_as_to_may_camouflage_again():
    state, events = run(shown_ninja(profile="test.camo.camouflage"), HIDE)
    assert state.is_marker("n1") and of(events, "MarkerPlaced")[0]["marker_kind"] == "camouflage"


def test_a_trooper_without_camouflage_or_a_marker_already_cannot():
    assert refused(shown_ninja(profile="jsa.keisotsu.combi"), HIDE) == "skill_not_allowed"
    state, _ = run(shown_ninja(), HIDE)
    with pytest.raises(IllegalMove) as err:
        run(state, [declare(1, "none"), *HIDE])
    assert err.value.code in ("skill_not_allowed", "no_pending_decision")


def test_it_is_the_whole_order():
    """A long skill: no second skill after it, none before it."""
    moves = [order(1, "n1"), declare(1, "recamouflage", trooper="n1", second={"skill": "none"})]
    assert refused(shown_ninja(), moves) == "skill_not_allowed"
    moves = [order(1, "n1"), declare(1, "change_facing", trooper="n1", facing=2)]
    assert refused(shown_ninja(), [*moves, declare(1, "recamouflage", trooper="n1")]) == (
        "skill_not_allowed"
    )


def test_the_moves_offered_have_it_out_of_sight_only():
    hide = {"type": "declare", "seat": 1, "skill": "recamouflage", "trooper": "n1"}
    state, _ = run(shown_ninja(), HIDE[:1])
    assert hide in SYSTEM.legal_moves(state, 1)
    state, _ = run(shown_ninja(scenery=()), HIDE[:1])
    assert hide not in SYSTEM.legal_moves(state, 1)


def test_the_computer_reads_the_new_marker_as_any_other():
    state, _ = run(shown_ninja(), HIDE)
    dealt = determinize(view(state, 0), 0, Rng(3))
    assert dealt.is_marker("m4") and not dealt.has_trooper("n1")


def test_the_computer_may_camouflage_again_and_plays_on_against_the_new_marker():
    """The computer (games/engine/search.py) picks a legal first skill for the hidden Ninja,
    whichever it is, and then plays the other side against the marker it may have become."""
    from games.engine.search import bot_move

    state, _ = run(shown_ninja(), HIDE[:1])
    move = bot_move(SYSTEM, state, 1, Rng("bot"), "medium")
    assert move in SYSTEM.legal_moves(state, 1)
    state, _ = run(shown_ninja(), HIDE)
    while SYSTEM.to_act(state)[0] != 0 and SYSTEM.outcome(state) is None:
        seat = SYSTEM.to_act(state)[0]
        state = SYSTEM.apply(state, seat, SYSTEM.legal_moves(state, seat)[0], Rng("x")).state
    if SYSTEM.outcome(state) is None:
        reply = bot_move(SYSTEM, state, 0, Rng("bot"), "medium")
        assert reply in SYSTEM.legal_moves(state, 0)
