"""Speculative fire (tier 2; spec B.6's long skills, B.9's -6 from SC-2): a grenade launcher aimed
at a hex it cannot see, in range and arc, BS + range - 6 on a Normal roll, the template on
everyone there but those who dodge; the whole order (no second skill); no fireteam bonus
(FT-13); the text's 'Equipe Liee Exemple-8': a member declaring it leaves its team."""

import pytest
from infh import aro, declare, keisotsu, of, order, position, run, team, trooper

from games.engine.infinity.legal import legal_moves
from games.engine.infinity.position import state_from_json
from games.engine.protocol import IllegalMove

WALL = [((6, 5), "building"), ((7, 4), "building"), ((5, 5), "building")]


def grenadier(tid="a3", hex_=(6, 9)):
    return trooper(tid, 0, "corregidor.alguacil.lgl", hex_, 0)


def behind_a_building(at=(6, 9), **kw):
    """Two Keisotsu behind a building, out of the grenadier's sight."""
    return position(
        [grenadier(hex_=at), keisotsu("k1", (6, 3)), keisotsu("k2", (7, 3))], scenery=WALL, **kw
    )


def lob(seat=0, trooper_id="a3", at=(6, 3), weapon="light_gl"):
    return declare(seat, "speculative", trooper=trooper_id, weapon=weapon, to=list(at))


def test_a_speculative_shot_hits_everyone_under_the_template_but_those_who_dodge():
    data = behind_a_building(at=(6, 7))
    start = state_from_json(data)
    assert not any(m.get("skill") == "bs_attack" for m in _first_skills(start))
    assert any(m.get("skill") == "speculative" for m in _first_skills(start))
    state, events = run(data, [order(0, "a3"), lob()])
    # Nobody sees the grenadier, but both are in its Zone of Control: they may dodge.
    assert state.turn.pending.kind == "aro" and state.turn.pending.eligible == ("k1", "k2")
    state, events = run(
        state,
        [aro(1, "k1", "dodge"), aro(1, "k2", "dodge")],
        dice={"a3.bs": [8], "k1.ph": [15], "k2.ph": [4], "k1.arm": [5]},
    )
    shot = of(events, "SpeculativeShot")[0]
    # LGL at 4 hexes (+3) - 6: BS 11 - 3 = 8, a success on the 8.
    assert shot["sv"] == 8 and shot["mods"] == {"range": 3, "speculative": -6}
    assert shot["success"] and not of(events, "Contest")
    assert of(events, "TemplatePlaced")[0]["victims"] == ["k1", "k2"]
    assert [e["trooper"] for e in of(events, "TemplateDodged")] == ["k2"]
    assert state.trooper("k1").state == "unconscious" and state.trooper("k2").state == "normal"
    assert not of(events, "SkillDeclared")[1:]  # a long skill: no second declaration


def _first_skills(state):
    after, _ = run(state, [order(0, "a3")])
    return legal_moves(after, 0)


def test_a_miss_falls_nowhere_and_nothing_follows_a_long_skill():
    state, events = run(
        behind_a_building(reactions="auto"), [order(0, "a3"), lob()], dice={"a3.bs": [9]}
    )
    assert not of(events, "SpeculativeShot")[0]["success"] and not of(events, "TemplatePlaced")
    assert state.turn.pending.kind == "order"
    with pytest.raises(IllegalMove) as err:
        run(behind_a_building(), [order(0, "a3"), declare(0, "dodge"), lob()])
    assert err.value.code == "skill_not_allowed"  # a long skill is never the second
    with pytest.raises(IllegalMove) as err:
        run(behind_a_building(), [order(0, "a3"), {**lob(), "second": {"skill": "none"}}])
    assert err.value.code == "skill_not_allowed"


def test_speculative_fire_needs_an_impact_template_a_hex_in_range_and_arc():
    cases = [
        (lob(weapon="combi_rifle"), "skill_not_allowed"),
        (lob(at=(6, 12)), "not_in_arc"),
        (lob(at=(7, 4)), "illegal_path"),  # into a building
    ]
    for move, code in cases:
        with pytest.raises(IllegalMove) as err:
            run(behind_a_building(), [order(0, "a3"), move])
        assert err.value.code == code, move
    far = behind_a_building(at=(6, 28), size=32)  # 25 hexes: the LGL reaches 24
    with pytest.raises(IllegalMove) as err:
        run(far, [order(0, "a3"), lob()])
    assert err.value.code == "out_of_range"


def example_8():
    """Five linked Keisotsu; #2 carries the grenade launcher; the enemy is out of sight."""
    return position(
        [
            keisotsu("k1", (5, 2), 3),
            keisotsu("k2", (6, 1), 3, kind="lgl"),
            keisotsu("k3", (4, 2), 3),
            keisotsu("k4", (7, 1), 3),
            keisotsu("k5", (5, 1), 3),
            grenadier("a1", (6, 7)),
        ],
        scenery=[((6, 4), "building"), ((5, 5), "building"), ((6, 5), "building")],
        active=1,
        orders={1: {"regular": 5, "lieutenant": 1}},
        fireteams=[team(1, "k1", ["k1", "k2", "k3", "k4", "k5"])],
        lieutenants=(None, "k3"),
    )


def test_example_8_a_member_firing_speculatively_leaves_the_team():
    """'Comme c'est une Competence Longue, et que le joueur n'a pas precedemment declare de
    changement de Meneur [...] le Keisotsu #2 [...] est automatiquement sorti de l'Equipe Liee
    [...] qui n'a desormais plus que 4 membres'."""
    state, events = run(
        example_8(),
        [order(1, fireteam=True), lob(seat=1, trooper_id="k2", at=(6, 7))],
        dice={"k2.bs": [3], "a1.arm": [18], "a1.guts": [1]},
    )
    assert of(events, "MemberLeft")[0]["troopers"] == ["k2"]
    assert len(state.live_team(1).members) == 4
    shot = of(events, "SpeculativeShot")[0]
    # Keisotsu BS 10, LGL at 6 hexes +3, -6; no fireteam bonus (it left, and FT-13).
    assert shot["sv"] == 7 and "fireteam" not in shot["mods"]
    assert of(events, "TemplatePlaced")[0]["victims"] == ["a1"]
