"""MODULES, OFFICIERS, ÉCLAIREURS, QUARTIER GÉNÉRAL and the army descriptions' HQ abilities.

A target Bloqueur (3 hit points, no attack) or Garde (2) counts the strength that reached it.
"""

from __future__ import annotations

from test_battle_helpers import attack_phases, fight, of_kind, position, tile_at, wounds_at

M, P, B, H = "moloch", "posterunek", "borgo", "hegemonia"


def test_an_officer_adds_one_to_the_melee_of_a_connected_unit() -> None:
    # Borgo Mutant at (0,0) strikes north into a Moloch Blocker; Officer below, link north.
    bare = position((0, 0, "b.mutant", 0, 0), (0, -1, "m.bloqueur", 1, 0), seats=(B, M))
    assert wounds_at(fight(bare)[0], 0, -1) == 1
    helped = position(
        (0, 0, "b.mutant", 0, 0),
        (0, -1, "m.bloqueur", 1, 0),
        (0, 1, "b.officier", 0, 0),
        seats=(B, M),
    )
    assert wounds_at(fight(helped)[0], 0, -1) == 2


def test_a_ranged_officer_adds_to_shots_and_not_to_blows() -> None:
    # Moloch Officer (links on printed 1, 3, 5; rotation 5 puts side 1 north).
    shooter = position(
        (0, 0, "m.cyborg", 0, 0),
        (0, -2, "h.garde", 1, 0),
        (0, 1, "m.officier", 0, 5),
        seats=(M, H),
    )
    assert tile_at(fight(shooter)[0], 0, -2) is None
    striker = position(
        (0, 0, "m.eventreur", 0, 0),
        (0, -1, "m.bloqueur", 1, 0),
        (0, 1, "m.officier", 0, 5),
        seats=(M, M),
    )
    assert wounds_at(fight(striker)[0], 0, -1) == 2


def test_a_module_works_only_through_its_connection_symbols() -> None:
    # Borgo Officer links printed 0, 1, 5; turned away (rotation 3) it gives nothing.
    pos = position(
        (0, 0, "b.mutant", 0, 0),
        (0, -1, "m.bloqueur", 1, 0),
        (0, 1, "b.officier", 0, 3),
        seats=(B, M),
    )
    assert wounds_at(fight(pos)[0], 0, -1) == 1


def test_a_module_effect_does_not_pass_through_another_tile() -> None:
    # Scout -> Officer -> Mutant: the Scout's +1 initiative reaches the Officer only.
    pos = position(
        (0, 0, "b.mutant", 0, 0),
        (0, 1, "b.officier", 0, 0),
        (0, 2, "b.eclaireur", 0, 0),
        (0, -1, "m.bloqueur", 1, 0),
        seats=(B, M),
    )
    _, events = fight(pos)
    assert attack_phases(events, 0, 0) == [2]


def test_modules_do_not_help_enemy_units() -> None:
    pos = position(
        (0, 0, "m.eventreur", 0, 0),
        (0, -1, "m.bloqueur", 1, 0),
        (0, 1, "b.officier", 1, 0),
        seats=(M, B),
    )
    assert wounds_at(fight(pos)[0], 0, -1) == 2


def test_modules_add_up() -> None:
    # Super-Officier links printed 0, 1, 5; at (1, 0) the Mutant lies in direction 5:
    # rotation 0 puts printed 5 there.
    pos = position(
        (0, 0, "b.mutant", 0, 0),
        (0, -1, "m.bloqueur", 1, 0),
        (0, 1, "b.officier", 0, 0),
        (1, 0, "b.super_officier", 0, 0),
        seats=(B, M),
    )
    assert tile_at(fight(pos)[0], 0, -1) is None  # 1 + 1 + 1 = 3 wounds


def test_the_super_officer_has_two_hit_points() -> None:
    pos = position((0, 0, "b.super_officier", 0, 0), (0, 2, "m.cyborg", 1, 0), seats=(B, M))
    after, _ = fight(pos)
    assert wounds_at(after, 0, 0) == 1


def test_a_scout_raises_every_initiative_of_a_unit_with_two() -> None:
    # INITIATIVE DANS DES SITUATIONS PARTICULIÈRES: the bonus affects each of its attacks.
    pos = position(
        (0, 0, "m.stormtrooper", 0, 0),
        (0, 1, "m.eclaireur", 0, 0),
        (0, -2, "h.hq", 1, 0),
        seats=(M, H),
    )
    _, events = fight(pos)
    assert attack_phases(events, 0, 0) == [3, 2]


def test_the_boss_adds_one_to_melee_and_to_initiative() -> None:
    pos = position(
        (0, 0, "h.coureur", 0, 0),
        (0, -1, "m.bloqueur", 1, 0),
        (1, 0, "h.le_boss", 0, 0),
        seats=(H, M),
    )
    after, events = fight(pos)
    assert wounds_at(after, 0, -1) == 2
    assert attack_phases(events, 0, 0) == [3]


def test_the_brain_adds_one_to_melee_and_to_shots() -> None:
    pos = position(
        (0, 0, "m.cerveau", 0, 0),  # links north (0,-1), direction 2 (1,0), direction 4
        (0, -1, "m.eventreur", 0, 0),  # strength 2 north into (0,-2)
        (0, -2, "h.garde", 1, 0, 0),
        (1, 0, "m.cyborg", 0, 1),  # shoots along direction 1: (2,-1)
        (2, -1, "h.garde", 1, 0),
        seats=(M, H),
    )
    after, events = fight(pos)
    strengths = {tuple(e["from"]): e["strength"] for e in of_kind(events, "UnitAttacked")}
    assert strengths[(0, -1)] == 3
    assert strengths[(1, 0)] == 2
    assert tile_at(after, 2, -1) is None


def test_the_saboteur_lowers_the_initiative_of_adjacent_enemies_only() -> None:
    pos = position(
        (0, 0, "m.cyborg", 0, 0),  # shoots north at the Posterunek HQ
        (0, -2, "p.hq", 1, 0),
        (0, 1, "p.saboteur", 1, 0),
        (1, 1, "p.commando", 1, 3),  # own unit next to the Saboteur, shoots direction 5
        (-1, 1, "m.bloqueur", 0, 0),
        seats=(M, P),
    )
    _, events = fight(pos)
    assert attack_phases(events, 0, 0) == [2]  # 3 - 1
    assert attack_phases(events, 1, 1) == [3]


def test_a_hq_gets_module_bonuses() -> None:
    # MODULES: "Les modules exercent également leurs effets sur les QG."
    pos = position(
        (0, 0, "h.hq", 0, 0),
        (0, -1, "m.bloqueur", 1, 0),
        (0, 1, "h.officier_1", 0, 0),
        seats=(H, M),
    )
    assert wounds_at(fight(pos)[0], 0, -1) == 2


def test_the_moloch_hq_adds_one_to_the_shots_of_adjacent_own_units() -> None:
    pos = position(
        (0, 1, "m.hq", 0, 0), (0, 0, "m.cyborg", 0, 0), (0, -2, "h.garde", 1, 0), seats=(M, H)
    )
    assert tile_at(fight(pos)[0], 0, -2) is None


def test_the_hegemonia_hq_adds_one_to_adjacent_blows_but_not_its_own() -> None:
    pos = position(
        (0, 1, "h.hq", 0, 0),
        (0, 0, "h.coureur", 0, 0),
        (0, -1, "m.bloqueur", 1, 0),
        (1, 1, "m.bloqueur", 1, 0),  # next to the HQ
        seats=(H, M),
    )
    after, _ = fight(pos)
    assert wounds_at(after, 0, -1) == 2
    assert wounds_at(after, 1, 1) == 1


def test_the_borgo_hq_adds_one_to_the_initiative_of_adjacent_own_units() -> None:
    pos = position(
        (0, 1, "b.hq", 0, 0), (0, 0, "b.mutant", 0, 0), (0, -1, "m.bloqueur", 1, 0), seats=(B, M)
    )
    _, events = fight(pos)
    assert attack_phases(events, 0, 0) == [3]
    assert attack_phases(events, 0, 1) == []  # the HQ itself still acts at 0: nobody adjacent


def test_the_posterunek_hq_lets_adjacent_units_act_again_one_phase_later() -> None:
    pos = position(
        (0, 1, "p.hq", 0, 0),
        (0, 0, "p.bagarreux", 0, 0),
        (0, -1, "m.bloqueur", 1, 0),
        seats=(P, M),
    )
    after, events = fight(pos)
    assert attack_phases(events, 0, 0) == [3, 2]
    assert tile_at(after, 0, -1) is None  # 2 + 2 wounds on 3 points


def test_initiative_has_no_upper_bound() -> None:
    # Borgo HQ +1, two Scouts +2: a Claws (3) attacks at 6.
    pos = position(
        (0, 0, "b.boucher", 0, 1),  # printed 4, 5 face directions 5, 0
        (0, -1, "m.bloqueur", 1, 0),
        (0, 1, "b.hq", 0, 0),
        (1, 0, "b.eclaireur", 0, 0),  # printed 5 faces (0, 0)
        (1, 1, "b.eclaireur", 0, 5),  # printed 0 faces direction 5: (0, 1) — the HQ
        seats=(B, M),
    )
    pos = position(
        (0, 0, "b.boucher", 0, 1),
        (0, -1, "m.bloqueur", 1, 0),
        (0, 1, "b.hq", 0, 0),
        (1, 0, "b.eclaireur", 0, 0),
        (-1, 1, "b.eclaireur", 0, 1),  # printed 0 faces direction 1: (0, 0)
        seats=(B, M),
    )
    _, events = fight(pos)
    assert attack_phases(events, 0, 0) == [6]
    assert of_kind(events, "BattleStarted") == [{"initiative": 6}]


def test_king_of_the_hill_cells_add_initiative() -> None:
    # OPTION DU JEU: centre +2, the ring around it +1.
    def phases_on(board: str) -> tuple[list[int], list[int]]:
        pos = position(
            (0, 0, "b.mutant", 0, 0),
            (0, -1, "m.bloqueur", 1, 0),
            (1, -2, "b.mutant", 0, 3),  # outer cell, strikes (1, -1) and (0, -1)
            (1, -1, "m.bloqueur", 1, 0),
            seats=(B, M),
            board=board,
        )
        _, events = fight(pos)
        return attack_phases(events, 0, 0), attack_phases(events, 1, -2)

    assert phases_on("standard") == ([2], [2])
    assert phases_on("king_of_the_hill") == ([4], [2])
