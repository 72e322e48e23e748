"""Height levels, Climb and Jump (tier 2; the engine README's "Height levels"; T: seed 003
lines 716–724): each design decision, the refusals, lines of fire over heights, and random
playouts on the `town` layout's roofs."""

import json

import pytest
from infh import alguacil, aro, declare, keisotsu, of, order, position, run, trooper
from playouts import favouring, played_to_the_end

from games.engine.hexgrid import distance
from games.engine.infinity import evaluate as evaluate_module
from games.engine.infinity import geometry as geo
from games.engine.infinity import koalas as koalas_rules
from games.engine.infinity.evaluate import _heal_value
from games.engine.infinity.legal import legal_moves
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.rolls import p_success
from games.engine.infinity.state import Terrain
from games.engine.infinity.system import SYSTEM
from games.engine.protocol import IllegalMove
from games.engine.rng import Rng
from games.engine.search import bot_move


def with_roofs(data, roofs, tall=()):
    """Buildings with roofs {hex: level}, and buildings without (`tall`)."""
    data["scenery"] += [{"hex": list(h), "kind": "building", "level": v} for h, v in roofs.items()]
    data["scenery"] += [{"hex": list(h), "kind": "building"} for h in tall]
    return data


def refused(state, move, code):
    before = state_to_json(state_from_json(state) if isinstance(state, dict) else state)
    with pytest.raises(IllegalMove) as exc:
        run(state, [move])
    assert exc.value.code == code
    return exc.value, before


def table(roofs, *troopers, tall=(), **kw):
    return with_roofs(position(list(troopers), reactions="auto", **kw), roofs, tall)


# --- positions ----------------------------------------------------------------------------


def test_a_roof_level_reads_back_and_a_plain_building_writes_no_level():
    data = table({(5, 10): 2}, alguacil("a1", (5, 11)), keisotsu("k1", (8, 0), 0), tall=[(9, 9)])
    written = state_to_json(state_from_json(data))
    by_hex = {tuple(s["hex"]): s for s in written["scenery"]}
    assert by_hex[5, 10] == {"hex": [5, 10], "kind": "building", "level": 2}
    assert by_hex[9, 9] == {"hex": [9, 9], "kind": "building"}
    assert state_from_json(json.loads(json.dumps(written))) == state_from_json(data)


@pytest.mark.parametrize("bad", [{"kind": "rough", "level": 1}, {"kind": "building", "level": 4}])
def test_a_roof_level_on_no_building_or_above_three_is_unreadable(bad):
    data = position([alguacil("a1", (5, 11))])
    data["scenery"] = [{"hex": [5, 10], **bad}]
    with pytest.raises(ValueError):
        state_from_json(data)


def test_the_town_layout_has_roofs_and_the_old_layouts_none():
    def roofs(board):
        return SYSTEM.setup({"board": board}, 2, Rng(0)).state.board.roofs

    assert {level for _, level in roofs("town")} == {1, 2}
    assert roofs("small") == () and roofs("standard") == ()


# --- Climb ---------------------------------------------------------------------------------


def test_a_climb_goes_up_to_an_adjacent_roof_and_its_ph_roll_keeps_it_there():
    start = table({(5, 10): 1}, alguacil("a1", (5, 11)), keisotsu("k1", (8, 0), 0))
    state, events = run(
        start,
        [order(0, "a1"), declare(0, "climb", to=[5, 10], second={"skill": "none"})],
        dice={"a1.ph": [10]},
    )
    rolled = of(events, "ClimbRolled")[0]
    assert rolled == {**rolled, "sv": 10, "die": 10, "success": True, "start": [5, 11]}
    assert state.trooper("a1").hex == (5, 10)
    assert geo.level(state.scenery_at, (5, 10)) == 1
    moved = of(events, "Moved")[0]
    assert moved["how"] == "climb" and moved["level"] == 1  # for the log's words


def test_a_failed_climb_puts_the_climber_back_where_it_climbed_from():
    start = table({(5, 10): 1}, alguacil("a1", (5, 11)), keisotsu("k1", (8, 0), 0))
    state, events = run(
        start,
        [order(0, "a1"), declare(0, "climb", to=[5, 10], second={"skill": "none"})],
        dice={"a1.ph": [11]},
    )
    assert of(events, "ClimbRolled")[0]["success"] is False
    assert state.trooper("a1").hex == (5, 11)


def test_a_climb_goes_two_levels_at_most_and_only_next_to_it():
    start = table({(5, 10): 3, (6, 10): 2}, alguacil("a1", (5, 11)), keisotsu("k1", (8, 0), 0))
    state, _ = run(start, [order(0, "a1")])
    refused(state, declare(0, "climb", to=[5, 10]), "illegal_path")  # three levels up
    refused(state, declare(0, "climb", to=[5, 9]), "illegal_path")  # not next to it
    refused(state, declare(0, "climb", to=[4, 11]), "illegal_path")  # the same level: a move
    state, _ = run(state, [declare(0, "climb", to=[6, 10])])  # two levels: allowed
    assert state.trooper("a1").hex == (6, 10)


def test_a_move_neither_goes_up_nor_down_but_walks_a_roof_of_its_level():
    start = table(
        {(5, 10): 1, (5, 9): 1, (6, 9): 2}, alguacil("a1", (5, 10)), keisotsu("k1", (8, 0), 0)
    )
    state, _ = run(start, [order(0, "a1")])
    refused(state, declare(0, "move", path=[[6, 9]]), "illegal_path")  # up a level
    refused(state, declare(0, "move", path=[[5, 11]]), "illegal_path")  # down to the ground
    state, _ = run(state, [declare(0, "move", path=[[5, 9]])])
    assert state.trooper("a1").hex == (5, 9)


def test_nothing_moves_after_a_climb_in_the_same_order():
    start = table({(5, 10): 1}, alguacil("a1", (5, 11)), keisotsu("k1", (8, 0), 0))
    state, _ = run(start, [order(0, "a1"), declare(0, "climb", to=[5, 10])])
    error, before = refused(state, declare(0, "move", path=[[5, 9]]), "skill_not_allowed")
    assert "ends the order's movement" in error.reason
    assert state_to_json(state) == before
    refused(state, declare(0, "jump", to=[5, 11]), "skill_not_allowed")


def test_a_refused_climb_changes_nothing():
    start = table({(5, 10): 3}, alguacil("a1", (5, 11)), keisotsu("k1", (8, 0), 0))
    state, _ = run(start, [order(0, "a1")])
    error, before = refused(state, declare(0, "climb", to=[5, 10]), "illegal_path")
    assert "2 levels at most" in error.reason and state_to_json(state) == before


def test_civilians_do_not_follow_a_climb():
    start = table({(5, 10): 1}, alguacil("a1", (5, 11)), keisotsu("k1", (8, 0), 0))
    state, _ = run(start, [order(0, "a1")])
    error, _ = refused(
        state, declare(0, "climb", to=[5, 10], companions={"c1": [[5, 11]]}), "skill_not_allowed"
    )
    assert "Civilians" in error.reason


def test_a_climb_in_sight_opens_a_window_as_a_move_does():
    start = table({(5, 10): 1}, alguacil("a1", (5, 11)), keisotsu("k1", (5, 3), 3))
    start["options"]["reactions"] = "ask"
    state, _ = run(start, [order(0, "a1"), declare(0, "climb", to=[5, 10])])
    assert state.turn.pending.kind == "aro" and state.turn.pending.eligible == ("k1",)
    assert state.trooper("a1").hex == (5, 10)  # placed at once: the window sees it on the roof


# --- Jump ---------------------------------------------------------------------------------


def test_a_jump_down_two_levels_is_a_fall_saved_against_dam_12():
    start = table({(5, 10): 2}, alguacil("a1", (5, 10)), keisotsu("k1", (8, 0), 0))
    state, events = run(
        start,
        [order(0, "a1"), declare(0, "jump", to=[5, 12], second={"skill": "none"})],
        dice={"a1.arm": [5]},
    )
    assert of(events, "Fell") == [{"kind": "Fell", "trooper": "a1", "levels": 2, "dam": 12}]
    save = of(events, "SaveRolled")[0]
    assert save["weapon"] == "fall" and save["cover"] is False and save["wounds"] == 1
    assert state.trooper("a1").hex == (5, 12) and state.trooper("a1").state != "normal"
    assert not of(events, "GutsRolled")  # a fall is no attack


def test_a_jump_down_one_level_needs_no_roll():
    start = table({(5, 10): 1}, alguacil("a1", (5, 10)), keisotsu("k1", (8, 0), 0))
    state, events = run(
        start, [order(0, "a1"), declare(0, "jump", to=[6, 11], second={"skill": "none"})]
    )
    assert not of(events, "Fell") and state.trooper("a1").hex == (6, 11)


def test_a_jump_never_goes_up_nor_further_than_two_hexes_nor_through_a_wall():
    start = table(
        {(5, 10): 1, (5, 9): 2, (7, 9): 1},
        alguacil("a1", (5, 10)),
        keisotsu("k1", (8, 0), 0),
        tall=[(6, 9), (6, 10)],
    )
    state, _ = run(start, [order(0, "a1")])
    refused(state, declare(0, "jump", to=[5, 9]), "illegal_path")  # up
    refused(state, declare(0, "jump", to=[5, 7]), "illegal_path")  # three hexes
    refused(state, declare(0, "jump", to=[7, 9]), "illegal_path")  # over a roofless building
    state, _ = run(state, [declare(0, "jump", to=[3, 11])])  # across, down to the ground
    assert state.trooper("a1").hex == (3, 11)


# --- lines of fire, cover, contact, templates -----------------------------------------------


def terrain(roofs, tall=()):
    kinds = dict.fromkeys((*roofs, *tall), "building")
    return Terrain(kinds, roofs)


def test_on_level_ground_the_height_rule_is_the_old_one():
    plain = {(5, 8): "building"}
    roofed = terrain({(5, 8): 1})
    for a, b in [((5, 10), (5, 5)), ((4, 10), (6, 4)), ((5, 10), (8, 6))]:
        assert geo.clear_line(a, b, {(5, 7)}, plain) == geo.clear_line(a, b, {(5, 7)}, roofed)
    assert not geo.clear_line((5, 10), (5, 5), (), roofed)


def test_a_trooper_on_a_roof_sees_over_a_lower_building_and_is_seen_back():
    scenery = terrain({(5, 10): 2, (5, 8): 1})
    assert geo.clear_line((5, 10), (5, 4), (), scenery)
    assert geo.clear_line((5, 4), (5, 10), (), scenery)
    assert not geo.clear_line((5, 11), (5, 4), (), scenery)  # from the ground: blocked
    # and over a standing figure on the ground
    assert geo.clear_line((5, 10), (5, 4), {(5, 7)}, scenery)
    assert not geo.clear_line((5, 11), (5, 4), {(5, 7)}, terrain({}))


def test_a_figure_close_behind_a_building_hides_from_a_roof_far_away():
    scenery = terrain({(5, 10): 1, (5, 6): 1})
    assert not geo.clear_line((5, 10), (5, 5), (), scenery)  # right behind it: dead ground
    assert geo.clear_line((5, 10), (5, 2), (), terrain({(5, 10): 2, (5, 6): 1}))


def test_a_roofless_building_blocks_at_any_height():
    scenery = terrain({(5, 10): 3}, tall=[(5, 8)])
    assert not geo.clear_line((5, 10), (5, 4), (), scenery)


def test_a_trooper_on_a_roof_has_partial_cover_against_lower_attackers_only():
    scenery = terrain({(5, 10): 1, (5, 4): 1})
    assert geo.partial_cover((5, 2), (5, 10), (), scenery)
    assert not geo.partial_cover((5, 4), (5, 10), (), scenery)  # the same level
    assert not geo.partial_cover((5, 10), (5, 2), (), scenery)  # shooting down at the ground


def test_a_trooper_on_a_roof_shoots_over_a_lower_building_a_ground_trooper_could_not():
    shot = declare(0, "bs_attack", weapon="combi_rifle", targets=[{"trooper": "k1", "burst": 1}])
    for where, level in (((5, 10), 2), ((5, 11), None)):
        roofs = {(5, 8): 1, **({where: level} if level else {})}
        start = table(roofs, alguacil("a1", where), keisotsu("k1", (5, 4), 0))
        state, _ = run(start, [order(0, "a1")])
        if level:
            _, events = run(state, [shot])
            assert of(events, "SkillDeclared")[0]["skill"] == "bs_attack"
        else:
            refused(state, shot, "no_line_of_fire")


def test_base_contact_needs_the_same_level():
    start = table({(5, 10): 1}, alguacil("a1", (5, 10)), keisotsu("k1", (5, 11), 0))
    state, _ = run(start, [order(0, "a1")])
    refused(state, declare(0, "cc_attack", target="k1"), "skill_not_allowed")
    state, _ = run(state, [declare(0, "change_facing", facing=3)])  # not engaged: it may


def test_a_circular_template_stays_at_its_centres_level_and_a_teardrop_falls_from_a_roof():
    scenery = terrain({(5, 10): 1})
    board = state_from_json(position([alguacil("a1", (5, 11))])).board
    assert (5, 10) not in geo.circular((5, 11), board, scenery)
    assert geo.circular((5, 10), board, scenery) == ((5, 10),)
    below = geo.teardrop((5, 10), "d0", "large_teardrop", board, scenery)
    assert (5, 9) in below and (5, 7) in below  # down onto the ground in front of it
    assert not geo.teardrop((5, 11), "d0", "large_teardrop", board, scenery)  # into the wall


# --- fireteams: the worked sequence's Climb is in test_infinity_worked_sequence.py --------


# --- random playouts --------------------------------------------------------------------------


def towards_roofs(state):
    """Jumps whenever offered, else climbs, else moves ending next to a roof, else anything."""
    roofs = dict(state.board.roofs)

    def wanted(m):
        if m.get("skill") in ("climb", "jump"):
            return True
        end = (m.get("path") or [None])[-1]
        return (
            m.get("skill") == "move"
            and end is not None
            and any(distance(tuple(end), h) == 1 for h in roofs)
        )

    jumps = favouring(lambda m: m.get("skill") == "jump")  # rarer than climbs: first
    climbs = favouring(lambda m: m.get("skill") in ("climb", "jump"))
    near = favouring(wanted)

    def pick(moves):
        if any(m.get("skill") == "jump" for m in moves):
            return jumps(moves)
        return climbs(moves) if any(m.get("skill") == "climb" for m in moves) else near(moves)

    return pick


@pytest.mark.parametrize("seed", range(3))
def test_random_games_on_the_town_roofs_end_and_every_listed_move_applies(seed):
    """Every move `legal_moves` lists applies, each position reads back, no secret leaks
    (playouts.py), with the troopers drawn to the roofs."""
    start = SYSTEM.setup({"board": "town", "reactions": "auto"}, 2, Rng(seed)).state
    played = played_to_the_end(start, seed, f"heights{seed}", towards_roofs(start), 1500)
    assert any(m.get("skill") == "climb" for m in played)
    assert any(m.get("skill") == "jump" for m in played)


def test_a_jump_starts_from_a_roof():
    start = table({(5, 8): 1}, alguacil("a1", (5, 11)), keisotsu("k1", (8, 0), 0))
    state, _ = run(start, [order(0, "a1")])
    error, before = refused(state, declare(0, "jump", to=[5, 9]), "illegal_path")
    assert "from a roof" in error.reason and state_to_json(state) == before


def test_a_marker_at_the_foot_of_a_wall_is_not_in_contact_with_a_climber_on_the_roof():
    """Base contact needs the same level (D): a camouflage marker beside the roof a trooper
    climbs onto is not touched, so not revealed (camouflage.py's contact)."""
    start = table(
        {(5, 10): 1},
        alguacil("a1", (5, 11)),
        keisotsu("k1", (8, 0), 0),
        {"id": "n1", "seat": 1, "profile": "jsa.ninja.combi", "hex": [5, 9], "facing": 0},
    )
    start["hidden"]["1"]["markers"] = {"m1": "n1"}
    start["markers_placed"] = 1
    state, events = run(
        start,
        [order(0, "a1"), declare(0, "climb", to=[5, 10], second={"skill": "none"})],
        dice={"a1.ph": [3]},
    )
    assert state.trooper("a1").hex == (5, 10) and state.is_marker("n1")
    assert not of(events, "MarkerRevealed")


# --- the first round's gaps: contact at one level everywhere, echoes, Jump's figures ----------


def test_an_engaged_trooper_on_a_roof_shoots_its_charger_at_the_foot_of_the_wall():
    """The shot before contact (T: 'i-Kohl', « ils ne sont pas en contact socle à socle »): a
    hex of the charger's route beside the roof but on the ground is not in base contact (D)."""
    start = table({(5, 9): 1, (5, 10): 1}, alguacil("a1", (4, 10)), keisotsu("k1", (5, 9), 4))
    start["options"]["reactions"] = "ask"
    state, _ = run(start, [order(0, "a1"), declare(0, "climb", to=[5, 10])])
    assert state.turn.pending.kind == "aro"  # k1 is engaged: a1 stands beside it on the roof
    shot = aro(1, "k1", "bs_attack", weapon="combi_rifle", target="a1", at=[4, 10])
    state, events = run(state, [shot])
    assert of(events, "AroDeclared")[0]["at"] == [4, 10]


def test_a_close_combat_reaction_needs_the_same_level_as_the_hex_it_strikes_at():
    start = table({(5, 9): 1, (5, 10): 1}, alguacil("a1", (4, 10)), keisotsu("k1", (5, 9), 4))
    start["options"]["reactions"] = "ask"
    state, _ = run(start, [order(0, "a1"), declare(0, "climb", to=[5, 10])])
    error, before = refused(
        state, aro(1, "k1", "cc_attack", target="a1", at=[4, 10]), "skill_not_allowed"
    )
    assert "base contact" in error.reason and state_to_json(state) == before
    run(state, [aro(1, "k1", "cc_attack", target="a1", at=[5, 10])])


def test_no_close_combat_is_offered_between_a_roof_and_the_foot_of_its_wall():
    start = table({(5, 10): 1}, alguacil("a1", (5, 10)), keisotsu("k1", (5, 11), 0))
    state, _ = run(start, [order(0, "a1")])
    assert not [m for m in legal_moves(state, 0) if m.get("skill") == "cc_attack"]
    beside = table({(5, 10): 1, (5, 11): 1}, alguacil("a1", (5, 10)), keisotsu("k1", (5, 11), 0))
    state, _ = run(beside, [order(0, "a1")])
    assert [m for m in legal_moves(state, 0) if m.get("skill") == "cc_attack"]


def _holo_on_the_roofs_edge():
    data = table({(6, 7): 1}, trooper("h1", 0, "test.holo", (6, 8), 0), keisotsu("k1", (8, 0), 0))
    data["echoes"] = [
        {"id": "m1", "seat": 0, "trooper": "h1", "hex": [5, 8]},
        {"id": "m2", "seat": 0, "trooper": "h1", "hex": [7, 7]},
    ]
    data["hidden"]["0"]["holo"] = {"h1": "m2"}
    data["markers_placed"] = 2
    return data


def test_a_climb_shows_the_holoprojectors_trooper_and_its_echoes_go():
    """T 2425–2428: only « les Compétences Courtes de Mouvement qui n'exigent pas de Jet » keep
    the echoes, and a Climb needs a PH roll (T 724): declaring it shows the trooper."""
    state, events = run(
        _holo_on_the_roofs_edge(),
        [order(0, "h1"), declare(0, "climb", to=[6, 7], second={"skill": "none"})],
        dice={"h1.ph": [1]},
    )
    assert state.echoes == ()
    assert state.trooper("h1").hex == (6, 7)
    assert of(events, "ClimbRolled")[0]["success"] is True


def test_a_jump_keeps_the_holoprojectors_echoes():
    """D: a Jump rolls nothing of its own (a fall's save is not the skill's roll)."""
    data = _holo_on_the_roofs_edge()
    data["troopers"][0]["hex"] = [6, 7]
    data["echoes"] = [
        {"id": "m1", "seat": 0, "trooper": "h1", "hex": [5, 7]},
        {"id": "m2", "seat": 0, "trooper": "h1", "hex": [7, 6]},
    ]
    state, _ = run(data, [order(0, "h1"), declare(0, "jump", to=[6, 9])])
    assert state.trooper("h1").hex == (6, 9)
    assert len(state.echoes) == 2


AUXBOT = "panoceania.auxbot.hft"  # MOV 6-2: a Jump of 3 hexes, over a hex not beside it


def test_a_jump_passes_over_figures_below_it_not_an_enemy_at_its_level():
    """D: a jumper passes over any figure standing lower (as a line of fire from its roof does)
    and, at its own level, over what a Move passes (a friend), not an enemy."""
    roofs = {(5, 11): 1, (5, 10): 1, (5, 9): 1}
    bot = trooper("x1", 0, AUXBOT, (5, 11), 0)
    start = table(roofs, bot, keisotsu("k1", (5, 9), 0))
    state, _ = run(start, [order(0, "x1")])
    error, before = refused(state, declare(0, "jump", to=[5, 8]), "illegal_path")
    assert "stands between" in error.reason and state_to_json(state) == before
    friend = table(roofs, bot, alguacil("a2", (5, 9)), keisotsu("k1", (8, 0)))
    state, _ = run(friend, [order(0, "x1"), declare(0, "jump", to=[5, 8])])
    assert state.trooper("x1").hex == (5, 8)
    below = table({(5, 11): 1, (5, 10): 1}, bot, keisotsu("k1", (5, 9), 0))
    state, _ = run(below, [order(0, "x1"), declare(0, "jump", to=[5, 8])])
    assert state.trooper("x1").hex == (5, 8)


def test_crazykoalas_follow_their_carrier_up_onto_a_roof():
    """D: a koala climbs and jumps as it follows (T 1837–1838 « Se Déplacer et Sauter »): a
    roof is offered to it, and it goes there with its carrier's Climb; a roofless building not."""
    akinyi = trooper("a1", 0, "nomads.moran.crazykoala", (5, 11), 0)
    data = table({(5, 10): 1, (4, 10): 1}, akinyi, keisotsu("k1", (12, 1), 0), tall=[(6, 10)])
    data["koalas"] = [
        {"id": f"a1.k{i + 1}", "seat": 0, "carrier": "a1", "hex": list(h)}
        for i, h in enumerate([(4, 11), (6, 11)])
    ]
    offered = koalas_rules.follow_hexes(state_from_json(data), "a1.k1", (5, 10))
    assert (4, 10) in offered and (6, 10) not in offered
    climb = declare(0, "climb", to=[5, 10], koalas={"a1.k1": [4, 10]}, second={"skill": "none"})
    state, events = run(data, [order(0, "a1"), climb], dice={"a1.ph": [1]})
    assert {k.id: k.hex for k in state.koalas}["a1.k1"] == (4, 10)
    assert of(events, "KoalaMoved") == [{"kind": "KoalaMoved", "koala": "a1.k1", "hex": [4, 10]}]


# --- the second round: the computer's contact, its Climb --------------------------------------


def _treatment_value(roofs, healer, at=(5, 10)):
    """What the computer opponent expects of `healer` on `at` treating a2 at (5, 11), as a share
    of a2's points."""
    data = table(
        roofs,
        trooper("m1", 0, healer, at, facing=3),  # towards a2: a MediKit at a distance needs sight
        alguacil("a2", (5, 11), state="unconscious", wounds=1),
        keisotsu("k1", (12, 0), 0),
    )
    state = state_from_json(data)
    return _heal_value(state, "m1", "a2", 0) / state.trooper("a2").prof.points


def test_the_computer_weighs_a_medikit_from_a_roof_as_the_bs_roll_the_engine_makes():
    """Base contact needs the same level (D): a paramedic on a roof beside its downed comrade at
    the foot of the wall uses its MediKit at a distance (medical.method: a BS roll before the
    patient's PH roll), and the computer's estimate says so."""
    paramedic = "corregidor.alguacil.paramedic"
    in_contact = _treatment_value({(5, 10): 1, (5, 11): 1}, paramedic)
    from_the_roof = _treatment_value({(5, 10): 1}, paramedic)
    assert in_contact == p_success(10)  # the patient's PH roll only
    assert 0 < from_the_roof < in_contact


def test_the_computer_expects_nothing_of_a_doctor_on_a_roof_above_its_patient():
    doctor = "mercenary.112.doctor"
    assert _treatment_value({(5, 10): 1, (5, 11): 1}, doctor) == p_success(13)
    assert _treatment_value({(5, 10): 1}, doctor) == 0.0  # the engine refuses that treatment


def test_a_trooper_on_a_roof_leads_no_civilian_at_the_foot_of_its_wall():
    """CIV-3's base contact needs the same level (D): neither declared nor listed."""
    data = table({(5, 10): 1}, alguacil("a1", (5, 10)), keisotsu("k1", (12, 0), 0))
    data["civilians"] = [{"id": "c1", "hex": [5, 11], "kind": "neutral"}]
    state, _ = run(data, [order(0, "a1")])
    sync = declare(0, "sync_civilian", trooper="a1", civilian="c1")
    error, before = refused(state, sync, "civilian_not_in_contact")
    assert state_to_json(state) == before
    assert not [m for m in legal_moves(state, 0) if m.get("skill") == "sync_civilian"]


def test_a_disguise_on_a_roof_is_not_shown_by_an_enemy_at_the_foot_of_its_wall():
    """T 2354–2355's « contact socle à socle » needs the same level (D), as camouflage's does."""
    data = table(
        {(6, 8): 1},
        trooper("t1", 0, "test.holo1", (6, 8), 3),  # looking away: no reaction shows it
        alguacil("a1", (2, 12), kind="hmg"),
        keisotsu("k1", (6, 5), facing=0),
        active=1,
    )
    data["hidden"]["0"]["disguises"] = {"t1": "corregidor.alguacil.hmg"}
    moves = [order(1, "k1"), declare(1, "move", trooper="k1", path=[[6, 6], [6, 7]])]
    state, events = run(data, moves)
    assert state.trooper("k1").hex == (6, 7)
    assert not of(events, "DisguiseRevealed")


def _a_block_between(k1_facing=0):
    """An HMG Alguacil a1 at the foot of a roof of level 2 (5, 10); a long block of level 1 across
    the table hides the Keisotsu k1, looking away, from the ground, not from that roof; a1
    ordered."""
    block = {(q, 9 - q // 2): 1 for q in range(16)}
    data = table(
        {**block, (5, 10): 2},
        alguacil("a1", (5, 11), kind="hmg"),
        keisotsu("k1", (5, 4), k1_facing),
    )
    state, _ = run(data, [order(0, "a1")])
    return state


def test_the_computer_climbs_to_a_roof_that_gives_it_a_line_of_fire():
    """Its estimate right after a move counts as one simulation (evaluate.SEARCH_BUDGETS): two
    or three random playouts a candidate no longer drown the line of fire the roof gives."""
    state = _a_block_between()
    for seed in range(6):  # medium: the lobby's plain « Computer »
        move = bot_move(SYSTEM, state, 0, Rng(f"climb{seed}"), "medium")
        assert move["skill"] == "climb" and move["path"] == [[5, 10]], (seed, move)


def test_the_computers_estimate_of_a_climb_counts_its_ph_roll():
    """A climber stands on the roof until the resolution's PH roll (PH 10: half the time it
    slips back): the estimate lies between the roof's and the foot of the wall's."""
    state = _a_block_between()
    climbed, _ = run(state, [declare(0, "climb", to=[5, 10])])
    up = evaluate_module._posture(climbed, 0)
    down = evaluate_module._posture(climbed.update("a1", hex=(5, 11)), 0)
    assert down < evaluate_module._climbing_posture(climbed, 0) < up
