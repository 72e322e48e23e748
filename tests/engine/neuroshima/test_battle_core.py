"""BATAILLES and DESCRIPTION DÉTAILLÉE DES SYMBOLES (seeds/000_cfef6f07b7368e93.txt).

Directions: 0 north (0,-1), 1 (1,-1), 2 (1,0), 3 south (0,1), 4 (-1,1), 5 (-1,0); a tile with
rotation k has its printed side i facing direction (i + k) % 6.
"""

from __future__ import annotations

from test_battle_helpers import fight, of_kind, position, tile_at, wounds_at

M, H = ("moloch", "hegemonia")


def test_phases_run_from_the_highest_initiative_present_down_to_zero() -> None:
    pos = position((0, 2, "m.cyborg", 0, 0), (2, -2, "h.coureur", 1, 0), seats=(M, H))
    _, events = fight(pos)
    assert [e["initiative"] for e in of_kind(events, "PhaseStarted")] == [3, 2, 1, 0]
    assert of_kind(events, "BattleStarted") == [{"initiative": 3}]


def test_units_of_the_same_initiative_kill_each_other_simultaneously() -> None:
    # A Hunter (3) and a Ganger (3) face each other: both die in phase 3.
    pos = position((0, 0, "m.chasseur", 0, 0), (0, -1, "h.gangman", 1, 4), seats=(M, H))
    after, events = fight(pos)
    assert after.tiles == ()
    assert len(of_kind(events, "UnitHit")) == 2


def test_a_unit_killed_in_a_phase_still_attacks_in_that_phase() -> None:
    # Two Cyborgs (3) shoot each other along column q = 0.
    pos = position((0, 2, "m.cyborg", 0, 0), (0, -2, "m.cyborg", 1, 3), seats=(M, M))
    after, _ = fight(pos)
    assert after.tiles == ()


def test_casualties_leave_at_the_end_of_the_phase_and_miss_later_phases() -> None:
    # A Stormtrooper (2 and 1, two hit points) loses both points to a Brute (2, strength 2):
    # it still shoots in phase 2 but is gone in phase 1.
    pos = position(
        (0, 0, "m.stormtrooper", 0, 0),  # shoots north
        (0, 1, "h.brute", 1, 0),  # strength 2 north into the Stormtrooper
        (0, -2, "h.hq", 1, 0),
        seats=(M, H),
    )
    after, events = fight(pos)
    assert tile_at(after, 0, 0) is None
    assert after.hq_points(1) == 19  # one shot only, in phase 2
    shots = [e for e in of_kind(events, "UnitAttacked") if e["from"] == [0, 0]]
    assert len(shots) == 1


def test_melee_hits_only_an_adjacent_enemy_on_the_striking_side() -> None:
    pos = position(
        (0, 0, "m.eventreur", 0, 0),  # strength 2 north
        (0, -1, "h.garde", 1, 0),  # two hit points, just north
        (1, 0, "h.coureur", 1, 0),  # beside, not on the striking side
        (0, 1, "m.bloqueur", 0, 0),
        seats=(M, H),
    )
    after, _ = fight(pos)
    assert tile_at(after, 0, -1) is None
    assert wounds_at(after, 1, 0) == 0


def test_melee_never_hits_an_own_tile() -> None:
    pos = position((0, 0, "m.eventreur", 0, 0), (0, -1, "m.bloqueur", 0, 0), seats=(M, H))
    after, _ = fight(pos)
    assert wounds_at(after, 0, -1) == 0


def test_a_shot_flies_over_own_tiles_and_hits_the_first_enemy_only() -> None:
    pos = position(
        (0, 2, "m.cyborg", 0, 0),
        (0, 1, "m.bloqueur", 0, 0),
        (0, 0, "h.coureur", 1, 3),
        (0, -1, "h.gangman", 1, 3),
        seats=(M, H),
    )
    after, _ = fight(pos)
    assert wounds_at(after, 0, 1) == 0
    assert tile_at(after, 0, 0) is None
    assert tile_at(after, 0, -1) == "hegemonia.gangman"


def test_two_shots_at_the_same_target_both_hit_it_and_go_no_further() -> None:
    pos = position(
        (0, 2, "m.cyborg", 0, 0),
        (0, 1, "m.cyborg", 0, 0),
        (0, 0, "h.coureur", 1, 3),
        (0, -1, "h.gangman", 1, 3),
        seats=(M, H),
    )
    after, events = fight(pos)
    assert tile_at(after, 0, 0) is None
    assert tile_at(after, 0, -1) == "hegemonia.gangman"
    assert [e["hex"] for e in of_kind(events, "UnitHit")] == [[0, 0], [0, 0]]


def test_armour_lowers_a_shot_through_its_side_by_one() -> None:
    # Juggernaut: armour on printed sides 0, 2, 4. A strength-1 shot into side 0 does nothing,
    # a strength-2 one wounds once.
    pos = position(
        (0, -1, "m.juggernaut", 0, 3),  # rotation 3: printed side 0 faces south
        (0, 1, "h.coureur", 1, 3),
        (0, 2, "p.liquidateur", 1, 2),  # printed side 4 faces north: strength 2
        seats=(M, "posterunek"),
    )
    after, events = fight(pos)
    hits = [e for e in of_kind(events, "UnitHit") if e["hex"] == [0, -1]]
    assert hits == [{"hex": [0, -1], "wounds": 1, "blocked_by_armour": True, "from": [0, 2]}]
    assert wounds_at(after, 0, -1) == 1


def test_armour_stops_a_strength_one_shot_but_not_through_an_unarmoured_side() -> None:
    armoured = position(
        (0, 0, "m.bloqueur", 0, 3), (0, 2, "p.commando", 1, 4), seats=(M, "posterunek")
    )
    after, events = fight(armoured)
    assert wounds_at(after, 0, 0) == 0
    assert of_kind(events, "UnitHit")[0]["blocked_by_armour"] is True
    bare = position((0, 0, "m.bloqueur", 0, 0), (0, 2, "p.commando", 1, 4), seats=(M, "posterunek"))
    after, _ = fight(bare)
    assert wounds_at(after, 0, 0) == 1


def test_armour_does_not_protect_from_melee() -> None:
    pos = position((0, 0, "m.bloqueur", 0, 0), (0, -1, "h.coureur", 1, 3), seats=(M, H))
    after, _ = fight(pos)
    assert wounds_at(after, 0, 0) == 1


def test_wounds_persist_and_a_tough_tile_dies_after_its_last_point() -> None:
    pos = position(
        (0, 0, "m.bloqueur", 0, 0, 2),  # 3 hit points, 2 wounds already
        (0, -1, "h.coureur", 1, 3),
        seats=(M, H),
    )
    after, events = fight(pos)
    assert tile_at(after, 0, 0) is None
    assert of_kind(events, "TileDestroyed")[0]["tile"] == "moloch.bloqueur"


def test_a_wounded_tough_tile_keeps_its_wound_marker_after_the_battle() -> None:
    pos = position((0, 0, "m.bloqueur", 0, 0, 1), (0, -1, "h.coureur", 1, 3), seats=(M, H))
    after, events = fight(pos)
    assert wounds_at(after, 0, 0) == 2
    assert of_kind(events, "TileWounded") == [{"hex": [0, 0], "wounds_total": 2}]


def test_a_hq_strikes_every_adjacent_enemy_with_strength_one_but_not_a_hq() -> None:
    pos = position(
        (0, 0, "h.hq", 1, 0),
        (0, -1, "m.bloqueur", 0, 0),
        (1, 0, "m.bloqueur", 0, 0),
        (-1, 1, "m.hq", 0, 0),
        seats=(M, H),
    )
    after, _ = fight(pos)
    assert wounds_at(after, 0, -1) == 1
    assert wounds_at(after, 1, 0) == 1
    assert after.hq_points(0) == 20  # the adjacent Moloch HQ is not struck
    assert after.hq_points(1) == 20  # nor does the Moloch HQ strike it


def test_a_battle_goes_on_after_a_hq_is_destroyed_and_both_may_fall() -> None:
    # VICTOIRE: both HQs at 1 point; each is shot in phase 3 and the battle still finishes.
    pos = position(
        (0, -2, "m.hq", 0, 0, 19),
        (0, 2, "h.hq", 1, 0, 19),
        (1, 1, "m.cyborg", 0, 4),  # faces direction 4: (0, 2)
        (0, -1, "h.soldat_universel", 1, 1),  # printed 5 faces direction 0: (0, -2)
        seats=(M, H),
    )
    after, events = fight(pos)
    assert after.hq(0) is None and after.hq(1) is None
    assert of_kind(events, "BattleEnded") == [{"hq_points": [0, 0], "hq_destroyed": [0, 1]}]
    assert [e["initiative"] for e in of_kind(events, "PhaseEnded")] == [3, 2, 1, 0]
    assert {"seat": 0, "points_left": 0} in of_kind(events, "HQDamaged")


def test_a_hq_destroyed_early_lets_the_rest_of_the_battle_be_fought() -> None:
    pos = position(
        (0, -2, "m.hq", 0, 0, 19),
        (0, -1, "h.soldat_universel", 1, 1),  # 3: kills the Moloch HQ
        (1, 1, "m.stormtrooper", 0, 5),  # printed 0 faces 5: (0, 1) then (-1, 1)
        (-1, 1, "h.coureur", 1, 0),
        seats=(M, H),
    )
    after, events = fight(pos)
    assert after.hq(0) is None
    assert tile_at(after, -1, 1) is None  # the Stormtrooper still shot in phase 2
    assert of_kind(events, "BattleEnded")[0]["hq_points"] == [0, 0]  # no Hegemonia HQ here


def test_an_empty_board_battle_just_starts_and_ends() -> None:
    after, events = fight(position(seats=(M, H)))
    assert [e.kind for e in events] == [
        "BattleStarted",
        "PhaseStarted",
        "PhaseEnded",
        "BattleEnded",
    ]
    assert after.tiles == ()


def test_every_event_of_a_battle_is_public_and_json() -> None:
    import json

    pos = position((0, 0, "m.chasseur", 0, 0), (0, -1, "h.gangman", 1, 4), seats=(M, H))
    _, events = fight(pos)
    for e in events:
        assert e.visible_to == "all"
        json.dumps(e.for_seat(None))


def test_the_gauss_cannon_wounds_every_enemy_on_its_line_once_without_bonus() -> None:
    # MOLOCH, Canon de Gauss: printed side 4; rotation 2 aims north along column q = 0. The
    # Moloch HQ next to it would add +1 to a shot, not to the Gauss.
    pos = position(
        (0, 2, "m.canon_de_gauss", 0, 2),
        (1, 1, "m.hq", 0, 0),
        (0, 1, "m.bloqueur", 0, 0),  # own: flown over
        (0, 0, "h.garde", 1, 0),  # 2 points: 1 wound
        (0, -1, "h.coureur", 1, 0),  # dies
        (0, -2, "h.gladiateur", 1, 3),  # armour facing the shot: no wound
        seats=(M, H),
    )
    after, events = fight(pos)
    gauss = [e for e in of_kind(events, "UnitAttacked") if e["from"] == [0, 2]]
    assert [(e["to"], e["attack"], e["strength"]) for e in gauss] == [
        ([0, 0], "gauss", 1),
        ([0, -1], "gauss", 1),
        ([0, -2], "gauss", 1),
    ]
    assert wounds_at(after, 0, 1) == 0
    assert wounds_at(after, 0, 0) == 1
    assert tile_at(after, 0, -1) is None
    assert wounds_at(after, 0, -2) == 0
    blocked = [e for e in of_kind(events, "UnitHit") if e["hex"] == [0, -2]]
    assert blocked[0]["blocked_by_armour"] is True


def test_a_shot_flies_over_its_own_hq() -> None:
    pos = position(
        (0, 2, "m.cyborg", 0, 0), (0, 1, "m.hq", 0, 0), (0, -2, "h.coureur", 1, 0), seats=(M, H)
    )
    after, _ = fight(pos)
    assert tile_at(after, 0, -2) is None
