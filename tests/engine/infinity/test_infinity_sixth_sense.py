"""Sixth Sense L2 (T: 'Sixième Sens. Niveau 2', seed 003 lines 1506-1514; FT-12 and the
fireteam example at 776-779: a team of 4+ « gagnent la Compétence Spéciale Sixième Sens N2 »).

`test.sixth_sense` is a placeholder profile whose skill alone matters; the Ninja
`jsa.ninja.combi` (TO Camouflage) is N2 data, `test.camo.*` placeholders."""

import pytest
from infh import aro, declare, of, order, run, shoot, team, trooper
from test_infinity_camouflage import camouflaged, ninja

from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.system import SYSTEM

ASK = {"on_sight": "ask", "on_template": "ask"}
PASS = {"on_sight": "pass", "on_template": "pass"}
SHOT_DICE = {"n1.bs": [20, 20, 20], "a1.bs": [20], "a1.arm": [], "n1.arm": []}


def sentinel(profile="test.sixth_sense", hex_=(6, 10), facing=0):
    return trooper("a1", 0, profile, hex_, facing)


def marker_shoots(*extra, target="a1", camo="jsa.ninja.combi", **kw):
    """The Ninja's marker, active, shows itself by shooting `target`; a1 answers in ARO."""
    data = camouflaged(
        sentinel(**kw),
        *extra,
        ninja((6, 5), profile=camo),
        active=1,
        orders={1: {"regular": 3}},
        policies={0: {"a1": ASK, **{f"a{i}": PASS for i in range(2, 6)}}},
    )
    moves = [
        order(1, "n1"),
        shoot(1, "n1", "combi_rifle", (target, 3)),
        aro(0, "a1", "bs_attack", weapon="combi_rifle", target="n1"),
        declare(1, "none"),
    ]
    return data, moves


def aro_mods(data, moves, dice=SHOT_DICE):
    _, events = run(data, moves, dice=dice)
    return [c for c in of(events, "Contest") if c["attacker"] == "a1"][0]["mods"]


def test_sixth_sense_reacts_to_a_to_marker_attacking_without_its_surprise():
    """T 1506-1509: « réagir de manière simultanée face aux attaques, et seulement aux attaques,
    des Camouflés, Camouflés TO … dans sa LdV … sans subir son MOD de -6 »: the ARO at the Ninja
    that has just left its marker by shooting has no camouflage MOD (an Alguacil has −6)."""
    assert "camouflage" not in aro_mods(*marker_shoots())
    assert aro_mods(*marker_shoots(profile="corregidor.alguacil.combi"))["camouflage"] == -6


def test_sixth_sense_meets_a_camouflage_marker_attacking_without_its_minus_3():
    """T 1506-1508: « Camouflés » as well as « Camouflés TO »."""
    data, moves = marker_shoots(camo="test.camo.camouflage")
    assert "camouflage" not in aro_mods(data, moves)


def test_mimetism_is_not_camouflage_and_keeps_its_minus_3():
    """T 1506-1509 names the camouflaged and their surprise, not CD: Mimétisme (D: a
    Limited Camouflage scout with Mimetism keeps Mimetism's −3 even against Sixth Sense)."""
    data, moves = marker_shoots(camo="test.camo.limited_mimetism")
    assert aro_mods(data, moves)["camouflage"] == -3


def team_of(size):
    """a1 is a linked member of an Alguacil team of `size`, a2 its leader, all near a1."""
    mates = [
        trooper(f"a{i}", 0, "corregidor.alguacil.combi", (4 + i, 12), 0) for i in range(2, size + 1)
    ]
    return mates, team(0, "a2", ["a1", *[m["id"] for m in mates]])


@pytest.mark.parametrize(("size", "mod"), [(4, None), (3, -6)])
def test_a_linked_member_of_a_team_of_four_has_sixth_sense_against_the_marker(size, mod):
    """FT-12 and T 776-779: with 4 members the team « gagnent la Compétence Spéciale Sixième
    Sens N2 » (every linked member in ARO); with 3, not."""
    mates, ft = team_of(size)
    data, moves = marker_shoots(*mates, profile="corregidor.alguacil.combi")
    data["fireteams"] = [ft]
    data["seats"][0]["sectorial"] = "corregidor"
    mods = aro_mods(data, moves, dice={**SHOT_DICE, "a1.bs": [20, 20]})  # burst 1 + 1, FT-13
    assert mods.get("camouflage") == mod


def test_the_surprise_is_of_the_attack_that_shows_the_marker_only():
    """T 1506: Sixth Sense answers the attacks of « Camouflés »; once shown the Ninja is no
    longer one, and its next order's attack meets the −6 of its TO Camouflage (spec B.9)."""
    data, moves = marker_shoots()
    again = [
        order(1, "n1"),
        shoot(1, "n1", "combi_rifle", ("a1", 3)),
        aro(0, "a1", "bs_attack", weapon="combi_rifle", target="n1"),
        declare(1, "none"),
    ]
    dice = {k: v * 2 for k, v in SHOT_DICE.items()}
    _, events = run(data, [*moves, *again], dice=dice)
    contests = [c for c in of(events, "Contest") if c["attacker"] == "a1"]
    assert "camouflage" not in contests[0]["mods"] and contests[1]["mods"]["camouflage"] == -6


def test_the_surprise_attacker_is_kept_in_the_position_while_the_order_runs():
    """The engine's position format (README): `turn.current_order.surprise`, absent when
    empty, so that an order paused for the ARO resumes with the same MODs."""
    data, moves = marker_shoots()
    state, _ = run(data, moves[:2])
    current = state_to_json(state)["turn"]["current_order"]
    assert current["surprise"] == ["n1"]
    again = state_from_json(state_to_json(state))
    assert again.turn.current is not None and again.turn.current.surprise == ("n1",)
    quiet, _ = run(data, moves[:1])
    assert "surprise" not in state_to_json(quiet)["turn"]["current_order"]


def test_sixth_sense_on_a_profile_reacts_to_an_attack_from_outside_its_line_of_fire():
    """T 1512-1513: « La figurine peut également réagir de manière simultanée face à n'importe
    quelle attaque à son encontre, hors de sa LdV »: the sentinel, its back to the Ninja and
    out of its Zone of Control, is offered a Dodge (a plain Alguacil is offered nothing)."""
    for profile, offered in (("test.sixth_sense", True), ("corregidor.alguacil.combi", False)):
        # looking away from the Ninja (south), 6 hexes from it: out of its Zone of Control
        data, moves = marker_shoots(profile=profile, hex_=(6, 11), facing=3)
        state, _ = run(data, moves[:2])
        legal = SYSTEM.legal_moves(state, 0)
        dodge = {"type": "aro", "seat": 0, "trooper": "a1", "skill": "dodge"}
        assert (dodge in legal) is offered, profile
        # « dans sa LdV » (1509): the shot back needs a line of fire; without one, only the Dodge
        assert not [m for m in legal if m.get("trooper") == "a1" and m["skill"] == "bs_attack"]


# --- the fireteam's +3 WIP for Discover (T 174-177 and 211-213; FT-12) ------------------------


def team_facing_a_marker(size, active):
    """An Alguacil team of `size` led by a1, five hexes from the Ninja's marker m1."""
    mates, _ = team_of(size)
    data = camouflaged(
        sentinel(profile="corregidor.alguacil.combi"),
        *mates,
        ninja((6, 5)),
        active=active,
        orders={active: {"regular": 3}},
        policies={0: {f"a{i}": ASK if i == 1 else PASS for i in range(1, 6)}, 1: {"n1": PASS}},
    )
    data["fireteams"] = [team(0, "a1", ["a1", *[m["id"] for m in mates]])]
    return data


@pytest.mark.parametrize(("size", "bonus"), [(4, 3), (3, None)])
def test_the_leader_of_a_team_of_four_discovers_at_plus_3_wip(size, bonus):
    """T 174-177: « Équipe Liée de 4 figurines … le Meneur d'Équipe gagne … un MOD de +3 à la
    VOL, mais uniquement pour les Jet de Détecter »; T 211-213: « il aurait reçu un MOD de +3 à
    sa VOL »."""
    moves = [
        order(0, fireteam=True),
        declare(0, "discover", trooper="a1", target="m1"),
        declare(0, "none"),
    ]
    _, events = run(team_facing_a_marker(size, 0), moves, dice={"a1.wip": [20]})
    rolled = of(events, "DiscoverRolled")[0]
    assert rolled["mods"].get("fireteam") == bonus
    assert rolled["sv"] == 13 - 6 + (bonus or 0)


def test_a_linked_member_discovers_at_plus_3_wip_in_the_reactive_turn():
    """T 177-178: « Durant le tour réactif, tous les membres de l'Équipe reçoivent le même
    Bonus »: a1 looks for the moving marker in ARO with +3."""
    moves = [
        order(1, "n1"),
        declare(1, "move", trooper="n1", path=[[5, 6]]),
        aro(0, "a1", "discover", target="m1"),
        declare(1, "none"),
    ]
    _, events = run(team_facing_a_marker(4, 1), moves, dice={"a1.wip": [20]})
    assert of(events, "DiscoverRolled")[0]["mods"]["fireteam"] == 3


def marker_walks_into_contact(profile="test.sixth_sense"):
    """The Ninja's marker, active, walks into base contact with the Alguacil a2 (revealed by
    the contact, `how: contact`, before any reaction: README "Camouflage markers"), in the
    sight of a1, which then shoots it in ARO."""
    data = camouflaged(
        sentinel(profile=profile, hex_=(4, 10)),
        trooper("a2", 0, "corregidor.alguacil.combi", (7, 7), 0),
        ninja((6, 5)),
        active=1,
        orders={1: {"regular": 3}},
        policies={0: {"a1": ASK, "a2": PASS}},
    )
    moves = [
        order(1, "n1"),
        declare(1, "move", trooper="n1", path=[[6, 6], [6, 7]]),
        aro(0, "a1", "bs_attack", weapon="combi_rifle", target="n1"),
        declare(1, "none"),
    ]
    return data, moves


def test_a_marker_shown_by_contact_not_by_an_attack_keeps_its_minus_6_against_sixth_sense():
    """T 1506-1509: Sixth Sense answers « aux attaques, et seulement aux attaques » of the
    camouflaged; a Ninja shown by walking into base contact has attacked nobody, so the ARO of
    a trooper with Sixth Sense at it has the −6 of its TO Camouflage, as anyone's has (README
    "Sixth Sense L2": the surprise is the revealing attack's only)."""
    data, moves = marker_walks_into_contact()
    state, events = run(data, moves, dice={"a1.bs": [20], "n1.arm": []})
    shown = of(events, "MarkerRevealed")
    assert shown and shown[0]["how"] == "contact" and shown[0]["trooper"] == "n1"
    mods = [c for c in of(events, "Contest") if c["attacker"] == "a1"][0]["mods"]
    assert mods["camouflage"] == -6
    plain = aro_mods(
        *marker_walks_into_contact("corregidor.alguacil.combi"), dice={"a1.bs": [20], "n1.arm": []}
    )
    assert plain["camouflage"] == mods["camouflage"]  # Sixth Sense changed nothing here
