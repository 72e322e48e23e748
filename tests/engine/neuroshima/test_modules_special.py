"""DESCRIPTION DES ARMÉES: the special tiles' own texts (Module Mère, Hacker, Quartier-Maître,
Clown, Soldat Universel, Super-Rétiaire, Borgo Rétiaire)."""

from __future__ import annotations

import pytest
from test_battle_helpers import attack_phases, fight, of_kind, play, position, tile_at, wounds_at

from games.engine.neuroshima.battle import advance, decide, pending, start_battle
from games.engine.protocol import IllegalMove

M, P, B, H = "moloch", "posterunek", "borgo", "hegemonia"


# -- Module Mère (MOLOCH) ---------------------------------------------------------------------


def test_the_mother_module_lets_a_unit_act_again_one_phase_later() -> None:
    pos = position(
        (0, 0, "m.cyborg", 0, 0),
        (0, 1, "m.module_mere", 0, 0),
        (0, -2, "h.hq", 1, 0),
        seats=(M, H),
    )
    after, events = fight(pos)
    assert attack_phases(events, 0, 0) == [3, 2]
    assert after.hq_points(1) == 18


def test_the_mother_module_gives_a_two_action_unit_a_third_one_after_the_second() -> None:
    pos = position(
        (0, 0, "m.stormtrooper", 0, 0),
        (0, 1, "m.module_mere", 0, 0),
        (0, -2, "h.hq", 1, 0),
        seats=(M, H),
    )
    _, events = fight(pos)
    assert attack_phases(events, 0, 0) == [2, 1, 0]


def test_no_extra_action_after_acting_at_initiative_zero() -> None:
    pos = position(
        (0, 0, "m.hq", 0, 0),
        (0, 1, "m.module_mere", 0, 0),
        (0, -1, "h.garde", 1, 0),
        seats=(M, H),
    )
    after, events = fight(pos)
    assert attack_phases(events, 0, 0) == [0]
    assert wounds_at(after, 0, -1) == 1


# -- Hacker (POSTERUNEK) -------------------------------------------------------------------------


def test_the_hacker_turns_an_enemy_modules_bonus_to_posterunek() -> None:
    # A Moloch Scout at (0, 1) links (0, 0), (1, 1) and (-1, 2). The Hacker at (-1, 1) touches
    # it: the Moloch Cyborg loses the bonus and the Posterunek Commando gets it.
    pos = position(
        (0, 0, "m.cyborg", 0, 0),
        (0, -2, "p.hq", 1, 0),
        (0, 1, "m.eclaireur", 0, 0),
        (1, 1, "p.commando", 1, 3),  # shoots direction 5: (0, 1) the Scout
        (-1, 1, "p.hacker", 1, 0),
        seats=(M, P),
    )
    _, events = fight(pos)
    assert attack_phases(events, 0, 0) == [3]
    assert attack_phases(events, 1, 1) == [4]


def test_without_the_hacker_the_enemy_module_helps_its_own_army() -> None:
    pos = position(
        (0, 0, "m.cyborg", 0, 0),
        (0, -2, "p.hq", 1, 0),
        (0, 1, "m.eclaireur", 0, 0),
        (1, 1, "p.commando", 1, 3),
        seats=(M, P),
    )
    _, events = fight(pos)
    assert attack_phases(events, 0, 0) == [4]
    assert attack_phases(events, 1, 1) == [3]


def test_a_hacked_medic_heals_posterunek_tiles() -> None:
    # Moloch Medic at (0, 1) links (0, 0), (1, 1), (-1, 2); hacked from (-1, 1).
    pos = position(
        (1, 1, "p.commando", 1, 0),  # shoots direction 2: off the board
        (0, 1, "m.medecin", 0, 0),
        (-1, 1, "p.hacker", 1, 0),
        (1, -1, "m.cyborg", 0, 3),  # shoots south: (1, 0), (1, 1)
        seats=(M, P),
    )
    after, events = fight(pos)
    assert tile_at(after, 1, 1) == "posterunek.commando"
    assert of_kind(events, "MedicSaved") == [{"medic": [0, 1], "hex": [1, 1], "from": [1, -1]}]


# -- Quartier-Maître (HEGEMONIA) -----------------------------------------------------------------

QM = position(
    (0, 0, "h.gangman", 0, 1),  # blow north, at (0, -1): empty
    (0, 1, "h.quartier_maitre", 0, 0),  # link north to the Ganger
    (1, 0, "h.le_boss", 0, 0),  # printed 5 faces the Ganger: +1 blow, +1 initiative
    (0, -2, "m.bloqueur", 1, 0),
    seats=(H, M),
)


def test_the_quartermaster_asks_its_seat_whether_to_change_an_attack() -> None:
    battle, _ = advance(start_battle(QM))
    decision = pending(battle)
    assert decision is not None
    assert decision.kind == "quartermaster" and decision.seat == 0
    assert decision.options == ("none", {"unit": [0, 0], "side": 0, "to": "ranged"})
    assert decision.prompt["initiative"] == 4


def test_by_default_the_quartermaster_changes_nothing() -> None:
    after, _ = fight(QM)
    assert wounds_at(after, 0, -2) == 0


def test_a_blow_changed_into_a_shot_keeps_its_strength_and_bonuses() -> None:
    battle, events = play(QM, {"unit": [0, 0], "side": 0, "to": "ranged"})
    assert wounds_at(battle.position, 0, -2) == 2  # 1 + Boss 1
    assert {"from": [0, 0], "to": [0, -2], "attack": "ranged", "strength": 2} in of_kind(
        events, "UnitAttacked"
    )


def test_a_shot_changed_into_a_blow_gets_every_melee_and_ranged_bonus() -> None:
    # An allied Moloch HQ (+1 shot) and a Boss (+1 blow) next to a Universal Soldier.
    pos = position(
        (0, 0, "h.soldat_universel", 0, 1),  # printed 5 faces north
        (0, 1, "h.quartier_maitre", 0, 0),
        (1, 0, "h.le_boss", 0, 0),
        (-1, 0, "m.hq", 2, 0),
        (0, -1, "p.hq", 1, 0),
        seats=(H, P, M, B),
        teams=[[0, 2], [1, 3]],
    )
    battle, events = play(pos, {"unit": [0, 0], "side": 0, "to": "melee"})
    blows = [e for e in of_kind(events, "UnitAttacked") if e["from"] == [0, 0]]
    assert sorted((e["attack"], e["strength"]) for e in blows) == [("melee", 2), ("melee", 3)]
    assert battle.position.hq_points(1) == 15


def quartermaster_table():
    """A Ganger with a Quartermaster beside it, an allied Posterunek HQ, a Moloch Blocker two
    hexes off."""
    return position(
        (0, 0, "h.gangman", 0, 1),
        (0, 1, "h.quartier_maitre", 0, 0),
        (1, 0, "h.le_boss", 0, 0),
        (-1, 0, "p.hq", 2, 0),
        (0, -2, "m.bloqueur", 1, 0),
        seats=(H, M, P, B),
        teams=[[0, 2], [1, 3]],
    )


def test_the_quartermaster_changes_one_attack_per_battle_only() -> None:
    # An allied Posterunek HQ gives the Ganger a second action (alliance: HQ bonuses go to
    # allies); once used in phase 4 the Quartermaster asks nothing in phase 3.
    pos = quartermaster_table()
    battle, _ = advance(start_battle(pos))
    assert pending(battle) is not None and pending(battle).prompt["initiative"] == 4  # type: ignore[union-attr]
    battle, _ = decide(battle, 0, {"unit": [0, 0], "side": 0, "to": "ranged"})
    assert battle.finished
    assert wounds_at(battle.position, 0, -2) == 2  # the phase-3 blow hits nothing


def test_a_quartermaster_declined_in_one_phase_is_offered_again_in_the_next() -> None:
    pos = quartermaster_table()
    battle, _ = play(pos, "none", {"unit": [0, 0], "side": 0, "to": "ranged"})
    assert wounds_at(battle.position, 0, -2) == 2


# -- Clown (MOLOCH) -------------------------------------------------------------------------------

CLOWN = position(
    (0, 0, "m.clown", 0, 0),  # blows north and north-west
    (0, -1, "h.gangman", 1, 0),  # its blow faces (-1, -1): empty
    (1, -1, "m.bloqueur", 0, 0),  # own tile next to the Clown
    (0, 1, "h.hq", 1, 0),
    (-1, 1, "h.garde", 1, 4),  # 2 points, blows away from the Clown
    (0, -2, "h.garde", 1, 3),  # two hexes away: outside the blast
    seats=(M, H),
)


def test_the_clown_asks_to_explode_or_attack_in_its_phase() -> None:
    battle, _ = advance(start_battle(CLOWN))
    decision = pending(battle)
    assert decision is not None and decision.kind == "clown" and decision.seat == 0
    assert decision.options == ("attack", "explode")
    assert decision.prompt["initiative"] == 2


def test_a_clown_that_attacks_strikes_normally() -> None:
    battle, _ = play(CLOWN, "attack")
    assert tile_at(battle.position, 0, -1) is None
    assert wounds_at(battle.position, 1, -1) == 0
    assert tile_at(battle.position, 0, 0) == "moloch.clown"


def test_an_exploding_clown_wounds_every_tile_around_friend_or_foe_but_no_hq() -> None:
    battle, events = play(CLOWN, "explode")
    pos = battle.position
    assert tile_at(pos, 0, 0) is None  # the Clown is gone
    assert tile_at(pos, 0, -1) is None
    assert wounds_at(pos, 1, -1) == 1  # own Blocker
    assert wounds_at(pos, -1, 1) == 1  # the Guard
    assert wounds_at(pos, 0, -2) == 0
    assert pos.hq_points(1) == 20
    assert of_kind(events, "ClownExploded") == [{"hex": [0, 0]}]


def test_a_clown_may_explode_at_the_edge_of_the_board() -> None:
    pos = position((2, -2, "m.clown", 0, 0), (1, -1, "h.coureur", 1, 0), seats=(M, H))
    battle, _ = play(pos, "explode")
    assert battle.position.tiles == ()


def test_an_exploded_clown_cannot_be_healed() -> None:
    pos = position(
        (0, 0, "m.clown", 0, 0),
        (0, 1, "m.medecin", 0, 0),  # links the Clown, but is hit by the blast too
        (2, -2, "h.coureur", 1, 0),
        seats=(M, H),
    )
    battle, events = play(pos, "explode")
    assert tile_at(battle.position, 0, 0) is None
    assert of_kind(events, "MedicSaved") == []


def test_a_decision_must_come_from_its_seat_and_be_one_of_its_options() -> None:
    battle, _ = advance(start_battle(CLOWN))
    with pytest.raises(IllegalMove):
        decide(battle, 1, "explode")
    with pytest.raises(IllegalMove):
        decide(battle, 0, "dance")
    done, _ = decide(battle, 0, "explode")
    with pytest.raises(IllegalMove):
        decide(done, 0, "explode")


# -- Soldat Universel, Super-Rétiaire, Borgo Rétiaire ---------------------------------------------


def test_the_universal_soldier_strikes_and_shoots_an_adjacent_enemy_for_two_wounds() -> None:
    pos = position((0, 0, "h.soldat_universel", 0, 1), (0, -1, "m.bloqueur", 1, 0), seats=(H, M))
    after, events = fight(pos)
    assert wounds_at(after, 0, -1) == 2
    assert sorted(e["attack"] for e in of_kind(events, "UnitAttacked")) == ["melee", "ranged"]


def test_the_universal_soldiers_shot_goes_on_to_the_first_enemy_in_line() -> None:
    pos = position((0, 1, "h.soldat_universel", 0, 1), (0, -1, "m.bloqueur", 1, 0), seats=(H, M))
    after, _ = fight(pos)
    assert wounds_at(after, 0, -1) == 1


def test_the_super_net_master_strikes_one_enemy_while_netting_two_others() -> None:
    # Printed: blow 1 on side 3, nets on sides 2 and 4. Rotation 0 at (0, 0): blow south (0, 1),
    # nets on (1, 0) and (-1, 1).
    pos = position(
        (0, 0, "h.super_retiaire", 0, 0),
        (0, 1, "m.bloqueur", 1, 0),  # struck
        (1, 0, "m.chasseur", 1, 0),  # netted: its side-5 blow would hit the Net Master
        (-1, 1, "m.sentinelle", 1, 1),  # netted: its side-0 shot would hit the Net Master
        (0, -2, "h.hq", 0, 0),
        seats=(H, M),
    )
    after, events = fight(pos)
    assert wounds_at(after, 0, 1) == 1
    assert tile_at(after, 0, 0) == "hegemonia.super_retiaire"
    held = {tuple(e["hex"]) for e in of_kind(events, "NetHeld")}
    assert held == {(1, 0), (-1, 1)}


def test_the_borgo_net_fighter_strikes_the_enemy_it_nets() -> None:
    # Printed: blow 3 and net on side 2. Rotation 4 turns side 2 north.
    pos = position(
        (0, 0, "b.retiaire", 0, 4),
        (0, -1, "m.chasseur", 1, 0),  # initiative 3, its side-3 blow would hit the net fighter
        seats=(B, M),
    )
    after, events = fight(pos)
    assert tile_at(after, 0, -1) is None
    assert tile_at(after, 0, 0) == "borgo.retiaire"
    assert {"from": [0, 0], "to": [0, -1], "attack": "melee", "strength": 3} in of_kind(
        events, "UnitAttacked"
    )
