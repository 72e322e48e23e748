"""INITIATIVE DANS DES SITUATIONS PARTICULIÈRES, both CAS DE FIGURE."""

from __future__ import annotations

from test_battle_helpers import attack_phases, fight, of_kind, position, tile_at, wounds_at

M, P, B, H = "moloch", "posterunek", "borgo", "hegemonia"


def test_initiative_cannot_fall_below_zero() -> None:
    # A Saboteur next to a Gauss Cannon (1) and to the Moloch HQ (0): both act at 0.
    pos = position(
        (0, 0, "p.saboteur", 1, 0),
        (0, -1, "m.canon_de_gauss", 0, 0),  # printed 4 faces direction 4: (-1, 0), (-2, 1)
        (-2, 1, "p.commando", 1, 0),
        (1, 0, "m.hq", 0, 0),
        seats=(M, P),
    )
    after, events = fight(pos)
    assert attack_phases(events, 0, -1) == [0]
    assert attack_phases(events, 1, 0) == [0]
    assert tile_at(after, 0, 0) is None  # struck by the HQ at 0
    assert [e["initiative"] for e in of_kind(events, "PhaseStarted")] == [3, 2, 1, 0]


def test_a_unit_attacks_only_in_the_phase_of_its_initiative_even_once_freed() -> None:
    # A Cyborg (3) held by a net in phase 3 and freed when the net fighter dies in phase 3
    # cannot shoot in phase 2.
    pos = position(
        (0, 0, "h.retiaire", 1, 0),  # net on (1, -1)
        (1, -1, "m.cyborg", 0, 3),  # shoots south on (1, 0)
        (1, 0, "h.garde", 1, 0),
        (0, -1, "m.chasseur", 0, 0),  # 3: blow on side 3 -> (0, 0)
        seats=(M, H),
    )
    after, events = fight(pos)
    assert tile_at(after, 0, 0) is None
    assert attack_phases(events, 1, -1) == []
    assert wounds_at(after, 1, 0) == 0


def test_case_1_a_unit_that_lost_its_bonus_does_not_shoot_again() -> None:
    # CAS DE FIGURE NR 1: Annihilator 2 + Scout = 3; the Scout dies in phase 3; the
    # Annihilator, back to 2, does not shoot a second time in phase 2.
    pos = position(
        (0, 0, "p.liquidateur", 1, 0),  # printed 4 faces direction 4: (-1, 1), (-2, 2)
        (-2, 2, "m.bloqueur", 0, 0),
        (0, 1, "p.eclaireur", 1, 0),  # printed 0 faces direction 0: (0, 0)
        (0, 2, "m.cyborg", 0, 0),  # 3: shoots the Scout
        seats=(M, P),
    )
    after, events = fight(pos)
    assert tile_at(after, 0, 1) is None
    assert attack_phases(events, 0, 0) == [3]
    assert wounds_at(after, -2, 2) == 2


def test_case_2_a_unit_slowed_by_a_saboteur_killed_in_its_phase_loses_its_attack() -> None:
    # CAS DE FIGURE NR 2: Cyborg 3 - Saboteur = 2; the Saboteur dies in phase 3; the Cyborg,
    # back to 3 before phase 2, acts in neither phase.
    pos = position(
        (0, 0, "m.cyborg", 0, 0),
        (0, -2, "p.hq", 1, 0),
        (1, 0, "p.saboteur", 1, 0),
        (1, -2, "m.cyborg", 0, 3),  # 3, out of the Saboteur's reach: shoots it
        seats=(M, P),
    )
    after, events = fight(pos)
    assert tile_at(after, 1, 0) is None
    assert attack_phases(events, 0, 0) == []
    assert after.hq_points(1) == 20


def test_a_slowed_unit_acts_in_its_lowered_phase_when_the_saboteur_lives() -> None:
    pos = position(
        (0, 0, "m.cyborg", 0, 0),
        (0, -2, "p.hq", 1, 0),
        (1, 0, "p.saboteur", 1, 0),
        seats=(M, P),
    )
    after, events = fight(pos)
    assert attack_phases(events, 0, 0) == [2]
    assert after.hq_points(1) == 19


def test_a_unit_with_two_initiatives_keeps_its_second_action_after_losing_a_bonus() -> None:
    # Stormtrooper 2/1 + Scout = 3/2: it shoots in 3; the Scout dies in 3; the Stormtrooper,
    # back to 2/1, has spent its first action and shoots again only in 1.
    pos = position(
        (0, 0, "m.stormtrooper", 0, 0),
        (0, -2, "h.hq", 1, 0),
        (0, 1, "m.eclaireur", 0, 0),
        (1, 1, "h.gangman", 1, 0),  # printed 5 faces direction 5: (0, 1), the Scout
        seats=(M, H),
    )
    after, events = fight(pos)
    assert tile_at(after, 0, 1) is None
    assert attack_phases(events, 0, 0) == [3, 1]
    assert after.hq_points(1) == 18
