"""i-Kohl (tier 2; T: 'i-Kohl', Compétences Spéciales, and its three Azra examples): an automatic
CC MOD of -3/-6/-9 on every opponent in close combat with the user, none on units with STR, none
when the user answers with a shot (not in base contact). Azra is the test profile
'haqqislam.odalisque.i_kohl' (i-Kohl L3)."""

from infh import aro, declare, of, order, position, run, trooper

from games.engine.infinity.attacks import Alloc, Attack, Resolution
from games.engine.infinity.close_combat import cc_sv, has_structure, i_kohl_mod
from games.engine.infinity.data import profile, weapon
from games.engine.infinity.position_read import state_from_json

AZRA = "haqqislam.odalisque.i_kohl"


def azra_engaged_with(attacker: str, hex_=(5, 6)):
    return position(
        [trooper("az", 0, AZRA, (5, 7), 0), trooper("x1", 1, attacker, hex_, 3)],
        active=1,
        orders={1: {"regular": 2}},
    )


def contests(events):
    return {(c["attacker"], c["target"]): c for c in of(events, "Contest")}


def test_the_three_levels_give_minus_3_6_and_9_and_nothing_without_the_skill():
    assert i_kohl_mod(profile(AZRA)) == -9
    assert i_kohl_mod(profile("jsa.keisotsu.combi")) == 0
    from dataclasses import replace

    base = profile(AZRA)
    for level, mod in ((1, -3), (2, -6), (3, -9)):
        assert i_kohl_mod(replace(base, skills=frozenset({f"i_kohl_{level}"}))) == mod


def test_example_1_an_opponent_engaged_with_azra_strikes_at_cc_minus_9_and_she_does_not():
    """« Le Moine Guerrier peut utiliser Arts Martiaux Niveau 3 pour frapper en premier mais avec
    un MOD -9 au CC » (Martial Arts are not built: a Domaru stands in for the monk)."""
    state, events = run(
        azra_engaged_with("jsa.domaru.chain"),
        [
            order(1, "x1"),
            declare(1, "cc_attack", target="az"),
            aro(0, "az", "cc_attack", target="x1"),
            declare(1, "none"),
        ],
        dice={"x1.cc": [11], "az.cc": [20]},
    )
    c = contests(events)
    assert c["x1", "az"]["mods"] == {"i_kohl": -9} and c["x1", "az"]["sv"] == 19 - 9
    assert c["x1", "az"]["hits"] == 0  # 11 above 10: a failure that the -9 made
    assert c["az", "x1"]["mods"] == {} and c["az", "x1"]["sv"] == 15
    assert state.trooper("az").state == "normal"


def test_example_2_the_45th_highlanders_berserk_plus_9_is_cancelled_by_i_kohl_minus_9():
    """« Le 45th peut utiliser sa Compétence Spéciale Berserk mais le bonus de CC +9 sera annulé
    par l'i-Kohl N3 (CC -9) »."""
    _, events = run(
        azra_engaged_with("caledonian.45th.chain"),
        [
            order(1, "x1"),
            declare(1, "cc_attack", target="az", berserk=True),
            aro(0, "az", "dodge"),
            declare(1, "none"),
        ],
        dice={"x1.cc": [19], "az.ph": [20]},
    )
    c = contests(events)["x1", "az"]
    assert c["mods"] == {"berserk": 9, "i_kohl": -9} and c["sv"] == 18
    assert c["hits"] == 0 and c["opposed"] == "none"  # 19 above 18: Berserk at face value misses


def ninja_moves_in(answer: dict, dice: dict):
    state, events = run(
        azra_engaged_with("jsa.domaru.chain", hex_=(5, 4)),
        [
            order(1, "x1"),
            declare(1, "move", path=[[5, 5], [5, 6]]),
            answer,
            declare(1, "cc_attack", target="az"),
        ],
        dice=dice,
    )
    return state, contests(events)["x1", "az"]


def test_example_3_azra_shooting_the_charging_ninja_gets_no_i_kohl():
    """« Si Azra réagit avec Tirer, elle ne pourra pas utiliser l'i-Kohl en Jet d'Opposition car
    ils ne sont pas en contact socle à socle »."""
    _, c = ninja_moves_in(
        aro(0, "az", "bs_attack", weapon="multi_rifle", target="x1", at=[5, 5]),
        {"x1.cc": [5], "az.bs": [20], "az.arm": [1]},
    )
    assert "i_kohl" not in c["mods"] and c["sv"] == 19


def test_example_3_azra_answering_in_close_combat_applies_her_i_kohl():
    """« Au contraire, si elle réagit en déclarant une action de CC, elle peut appliquer le
    Modificateur »."""
    _, c = ninja_moves_in(aro(0, "az", "cc_attack", target="x1"), {"x1.cc": [11], "az.cc": [20]})
    assert c["mods"] == {"i_kohl": -9} and c["sv"] == 10 and c["hits"] == 0


def test_i_kohl_does_not_affect_a_unit_with_structure():
    """« L'i-Kohl n'affecte pas les unités disposant de l'Attribut de STR » (a remote: the
    Auxbot has no CC weapon of its own, so its CC value is asked of the rule directly)."""
    state = state_from_json(azra_engaged_with("panoceania.auxbot.hft"))
    assert has_structure(state.trooper("x1").prof)
    strike = Attack("x1", False, weapon("knife"), weapon("knife").modes["N"], "cc", (5, 6), [])
    alloc = Alloc("az", 1, (5, 7), 0)
    assert cc_sv(state, Resolution(), strike, alloc) == (8, {})
