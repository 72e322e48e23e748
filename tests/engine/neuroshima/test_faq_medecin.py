"""MÉDECIN and SITUATIONS PARTICULIÈRES, FAQ : MÉDECIN — every case of the FAQ.

Moloch Medic: links on printed sides 0, 2, 4 (rotation 0 at (0, 1) links (0, 0) to the north).
A Moloch Blocker (3 points) is the patient, so the wounds it keeps are visible.
"""

from __future__ import annotations

from test_battle_helpers import fight, of_kind, play, position, tile_at, wounds_at

from games.engine.neuroshima.battle import advance, pending, start_battle

M, H = "moloch", "hegemonia"


def test_a_medic_is_removed_instead_of_the_wounds_automatically() -> None:
    pos = position(
        (0, 0, "m.bloqueur", 0, 0),
        (0, 1, "m.medecin", 0, 0),
        (0, -1, "h.coureur", 1, 3),  # blow south
        seats=(M, H),
    )
    after, events = fight(pos)
    assert wounds_at(after, 0, 0) == 0
    assert tile_at(after, 0, 1) is None
    assert of_kind(events, "MedicSaved") == [{"medic": [0, 1], "hex": [0, 0], "from": [0, -1]}]


def test_a_medic_absorbs_the_damage_of_one_enemy_only_chosen_by_its_player() -> None:
    pos = position(
        (0, 0, "m.bloqueur", 0, 0),
        (0, 1, "m.medecin", 0, 0),
        (0, -1, "h.brute", 1, 3),  # strength 2 south
        (1, -1, "h.coureur", 1, 4),  # blow direction 4: (0, 0)
        seats=(M, H),
    )
    battle, _ = advance(start_battle(pos))
    decision = pending(battle)
    assert decision is not None and decision.kind == "medic" and decision.seat == 0
    assert decision.options == (
        {"medic": [0, 1], "hex": [0, 0], "from": [0, -1]},
        {"medic": [0, 1], "hex": [0, 0], "from": [1, -1]},
    )
    brute_cancelled, _ = play(pos, decision.options[0])
    runner_cancelled, _ = play(pos, decision.options[1])
    assert wounds_at(brute_cancelled.position, 0, 0) == 1
    assert wounds_at(runner_cancelled.position, 0, 0) == 2


def test_a_medic_absorbs_both_attacks_of_one_universal_soldier() -> None:
    pos = position(
        (0, 0, "m.bloqueur", 0, 0),
        (0, 1, "m.medecin", 0, 0),
        (0, -1, "h.soldat_universel", 1, 4),  # printed 5 faces south
        seats=(M, H),
    )
    after, _ = fight(pos)
    assert wounds_at(after, 0, 0) == 0


def test_a_medic_connected_to_several_wounded_units_heals_the_one_its_player_picks() -> None:
    # Medic at (0, 0): links (0, -1), (1, 0), (-1, 1).
    pos = position(
        (0, 0, "m.medecin", 0, 0),
        (0, -1, "m.bloqueur", 0, 0),
        (1, 0, "m.bloqueur", 0, 0),
        (0, -2, "h.coureur", 1, 3),  # blow south on (0, -1)
        (2, 0, "h.coureur", 1, 5),  # blow direction 5 on (1, 0)
        seats=(M, H),
    )
    battle, _ = advance(start_battle(pos))
    decision = pending(battle)
    assert decision is not None
    assert [o["hex"] for o in decision.options] == [[0, -1], [1, 0]]
    done, _ = play(pos, decision.options[1])
    assert wounds_at(done.position, 0, -1) == 1
    assert wounds_at(done.position, 1, 0) == 0


def test_a_unit_connected_to_several_medics_is_healed_by_the_one_its_player_picks() -> None:
    pos = position(
        (0, 0, "m.bloqueur", 0, 0),
        (0, 1, "m.medecin", 0, 0),  # link 0 -> (0, 0)
        (1, -1, "m.medecin", 0, 0),  # link 4 -> (0, 0)
        (0, -1, "h.coureur", 1, 3),
        seats=(M, H),
    )
    battle, _ = advance(start_battle(pos))
    decision = pending(battle)
    assert decision is not None
    assert [o["medic"] for o in decision.options] == [[0, 1], [1, -1]]
    done, _ = play(pos, decision.options[1])
    assert wounds_at(done.position, 0, 0) == 0
    assert tile_at(done.position, 0, 1) == "moloch.medecin"
    assert tile_at(done.position, 1, -1) is None


def test_a_medic_hit_with_its_unit_dies_before_healing_it() -> None:
    pos = position(
        (0, 0, "m.bloqueur", 0, 0),
        (0, 1, "m.medecin", 0, 0),
        (0, -1, "h.coureur", 1, 3),
        (0, 2, "h.coureur", 1, 0),  # blow north on the Medic
        seats=(M, H),
    )
    after, events = fight(pos)
    assert wounds_at(after, 0, 0) == 1
    assert tile_at(after, 0, 1) is None
    assert of_kind(events, "MedicSaved") == []


def test_a_medic_connected_to_another_medic_is_saved_by_it() -> None:
    # Unit <- Medic A <- Medic B: the wound is healed by B; A stays.
    pos = position(
        (0, 0, "m.bloqueur", 0, 0),
        (0, 1, "m.medecin", 0, 0),
        (0, 2, "m.medecin", 0, 0),
        (0, -1, "h.coureur", 1, 3),
        seats=(M, H),
    )
    after, events = fight(pos)
    assert wounds_at(after, 0, 0) == 0
    assert tile_at(after, 0, 1) == "moloch.medecin"
    assert tile_at(after, 0, 2) is None
    assert of_kind(events, "MedicSaved") == [
        {"medic": [0, 1], "hex": [0, 0], "from": [0, -1]},
        {"medic": [0, 2], "hex": [0, 1], "from": "medic"},
    ]


def test_two_medics_connected_to_each_other_do_not_heal_each_other_in_turn() -> None:
    # A at (0, 1) links (1, 1); B at (1, 1), rotation 1, links (0, 1): the chain stops at B.
    pos = position(
        (0, 0, "m.bloqueur", 0, 0),
        (0, 1, "m.medecin", 0, 0),
        (1, 1, "m.medecin", 0, 1),
        (0, -1, "h.coureur", 1, 3),
        seats=(M, H),
    )
    after, events = fight(pos)
    assert wounds_at(after, 0, 0) == 0
    assert tile_at(after, 0, 1) == "moloch.medecin"
    assert tile_at(after, 1, 1) is None
    assert len(of_kind(events, "MedicSaved")) == 2


def test_two_wounded_medics_connected_together_choose_the_healer_and_the_healed() -> None:
    pos = position(
        (0, 1, "m.medecin", 0, 0),
        (1, 1, "m.medecin", 0, 1),
        (0, -1, "h.coureur", 1, 3),  # blow on (0, 0): empty
        (-1, 1, "h.coureur", 1, 2),  # blow direction 2 on (0, 1)
        (1, 0, "h.coureur", 1, 3),  # blow south on (1, 1)
        seats=(M, H),
    )
    battle, _ = advance(start_battle(pos))
    decision = pending(battle)
    assert decision is not None and decision.kind == "medic"
    assert decision.options == (
        {"medic": [1, 1], "hex": [0, 1], "from": [-1, 1]},
        {"medic": [0, 1], "hex": [1, 1], "from": [1, 0]},
    )
    first, _ = play(pos, decision.options[0])
    assert tile_at(first.position, 0, 1) == "moloch.medecin"
    assert tile_at(first.position, 1, 1) is None
    second, _ = play(pos, decision.options[1])
    assert tile_at(second.position, 0, 1) is None
    assert tile_at(second.position, 1, 1) == "moloch.medecin"


def test_a_medic_heals_its_hq() -> None:
    pos = position(
        (0, 0, "m.hq", 0, 0),
        (0, 1, "m.medecin", 0, 0),
        (0, -1, "h.coureur", 1, 3),
        seats=(M, H),
    )
    after, _ = fight(pos)
    assert after.hq_points(0) == 20
    assert tile_at(after, 0, 1) is None


def test_a_medic_never_heals_an_enemy_tile() -> None:
    pos = position(
        (0, 0, "h.officier_1", 1, 3),  # an enemy module, no attack
        (0, 1, "m.medecin", 0, 0),  # links the Guard
        (0, -1, "m.eventreur", 0, 3),  # strength 2 south
        seats=(M, H),
    )
    after, _ = fight(pos)
    assert tile_at(after, 0, 0) is None
    assert tile_at(after, 0, 1) == "moloch.medecin"


def test_a_medic_used_in_one_phase_is_gone_for_the_next() -> None:
    pos = position(
        (0, 0, "m.bloqueur", 0, 0),
        (0, 1, "m.medecin", 0, 0),
        (0, -1, "h.coureur", 1, 3),  # phase 2
        (1, -1, "h.gladiateur", 1, 4),  # phase 1, strength 2 on direction 4: (0, 0)
        seats=(M, H),
    )
    after, _ = fight(pos)
    assert wounds_at(after, 0, 0) == 2
