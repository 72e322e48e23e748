"""FILET and SITUATIONS PARTICULIÈRES, FAQ : RÉTIAIRE.

Moloch Net Fighter: nets on printed sides 0 and 5. Hegemonia Net Fighter: net on side 1.
"""

from __future__ import annotations

from test_battle_helpers import attack_phases, fight, of_kind, position, tile_at, wounds_at

M, P, B, H = "moloch", "posterunek", "borgo", "hegemonia"


def test_a_netted_unit_does_not_attack() -> None:
    pos = position(
        (0, 0, "h.retiaire", 0, 0),  # net towards (1, -1)
        (1, -1, "m.chasseur", 1, 0),  # its side-3 blow would hit (1, 0)
        (1, 0, "h.garde", 0, 0),
        seats=(H, M),
    )
    after, events = fight(pos)
    assert wounds_at(after, 1, 0) == 0
    assert of_kind(events, "NetHeld") == [{"hex": [1, -1], "by": [[0, 0]]}]


def test_a_net_fighters_net_lasts_until_the_end_of_the_phase_it_dies_in() -> None:
    # The Ripper (2) kills the Net Fighter in phase 2; the netted Stormtrooper (2 and 1) is
    # still held in phase 2 and shoots only in phase 1.
    pos = position(
        (0, 0, "h.retiaire", 0, 0),  # net on (1, -1)
        (1, -1, "m.stormtrooper", 1, 3),  # shoots south: (1, 0), (1, 1)
        (1, 1, "h.garde", 0, 0),
        (0, -1, "m.eventreur", 1, 3),  # strength 2 south into the Net Fighter
        seats=(H, M),
    )
    after, events = fight(pos)
    assert tile_at(after, 0, 0) is None
    assert attack_phases(events, 1, -1) == [1]
    assert wounds_at(after, 1, 1) == 1


def test_a_net_fighter_can_net_another_and_cancel_its_net() -> None:
    # Moloch Net Fighter nets the Hegemonia one, whose net aimed at a Moloch Cyborg.
    pos = position(
        (0, 0, "h.retiaire", 0, 0),  # net on (1, -1)
        (1, -1, "m.cyborg", 1, 3),  # shoots south at (1, 0)
        (1, 0, "h.garde", 0, 0),
        (0, 1, "m.retiaire", 1, 0),  # nets (0, 0) and (-1, 1)
        seats=(H, M),
    )
    after, events = fight(pos)
    assert wounds_at(after, 1, 0) == 1
    assert of_kind(events, "NetHeld") == []


def test_two_nets_pointing_at_each_other_both_fail() -> None:
    pos = position(
        (0, 0, "m.retiaire", 1, 0),  # nets (0, -1) and (-1, 0)
        (0, -1, "h.retiaire", 0, 2),  # net on direction 3: (0, 0)
        (-1, 0, "h.coureur", 0, 2),  # blow on direction 2: (0, 0) — netted by the other net
        (1, -1, "h.coureur", 0, 4),  # blow on direction 4: (0, 0)
        seats=(H, M),
    )
    after, events = fight(pos)
    assert tile_at(after, 0, 0) is None  # the free Runner killed it
    assert of_kind(events, "NetHeld") == [{"hex": [-1, 0], "by": [[0, 0]]}]


def test_a_net_holds_a_hq_no_blow_no_ability() -> None:
    # FILET: "Le Filet exerce son effet également sur les QG." Moloch Net Fighter at (-1, 1),
    # rotation 1: nets (0, 0) and (-1, 0).
    pos = position(
        (0, 0, "h.hq", 0, 0),
        (1, -1, "h.coureur", 0, 0),  # next to the HQ: +1 blow if the HQ were free
        (1, -2, "m.bloqueur", 1, 0),
        (0, -1, "m.bloqueur", 1, 0),  # next to the HQ
        (-1, 1, "m.retiaire", 1, 1),
        seats=(H, M),
    )
    after, _ = fight(pos)
    assert wounds_at(after, 1, -2) == 1  # the Runner's blow, no HQ bonus
    assert wounds_at(after, 0, -1) == 0  # the HQ does not strike
    assert tile_at(after, -1, 1) == "moloch.retiaire"


def test_a_netted_module_gives_no_bonus() -> None:
    # Net Fighter at (-1, 2), rotation 1: nets directions 1 (0, 1) and 0 (-1, 1).
    pos = position(
        (0, 0, "b.mutant", 0, 0),
        (0, -1, "m.bloqueur", 1, 0),
        (0, 1, "b.officier", 0, 0),
        (-1, 2, "m.retiaire", 1, 1),
        seats=(B, M),
    )
    assert wounds_at(fight(pos)[0], 0, -1) == 1


def test_a_netted_medic_does_not_heal() -> None:
    pos = position(
        (0, 0, "m.bloqueur", 0, 0),
        (0, 1, "m.medecin", 0, 0),  # links (0, 0)
        (0, -1, "h.coureur", 1, 3),  # blow south
        (1, 1, "h.retiaire", 1, 4),  # net on direction 5: (0, 1)
        seats=(M, H),
    )
    after, events = fight(pos)
    assert wounds_at(after, 0, 0) == 1
    assert of_kind(events, "MedicSaved") == []


def test_a_ring_of_nets_with_no_free_end_holds_nothing() -> None:
    # NOTES.md: three Net Fighters of three players netting each other in a ring cancel like
    # two facing nets, so the Borgo one strikes in phase 1.
    pos = position(
        (0, 0, "h.retiaire", 0, 0),  # -> (1, -1)
        (1, -1, "m.retiaire", 1, 3),  # -> (1, 0) and (2, -1)
        (1, 0, "b.retiaire", 2, 3),  # net and blow 3 -> (0, 0)
        seats=(H, M, B),
    )
    after, events = fight(pos)
    assert tile_at(after, 0, 0) is None
    assert attack_phases(events, 1, 0) == [1]


def test_a_free_end_decides_a_chain_of_nets() -> None:
    # Borgo (free) nets Moloch, whose net on the Hegemonia fighter therefore fails; the
    # Hegemonia net then holds the next Borgo fighter.
    pos = position(
        (0, 1, "b.retiaire", 2, 4),  # direction 0 -> (0, 0)
        (0, 0, "m.retiaire", 1, 1),  # directions 1 (1, -1) and 0 (0, -1)
        (1, -1, "h.retiaire", 0, 5),  # direction 0 -> (1, -2)
        (1, -2, "b.retiaire", 2, 2),  # direction 4 -> (0, -1): empty; netted anyway
        (0, -1, "h.coureur", 0, 4),  # blow direction 4 -> (-1, 0): empty
        seats=(H, M, B),
    )
    _, events = fight(pos)
    assert attack_phases(events, 0, 1) == [1]  # the free Borgo fighter strikes (0, 0)
    assert of_kind(events, "NetHeld") == [{"hex": [1, -2], "by": [[1, -1]]}]
