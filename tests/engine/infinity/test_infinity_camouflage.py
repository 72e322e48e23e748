"""Camouflage markers (tier 3; camouflage.py; rules seed 003 where it speaks: 'CD: Camouflage
Limité' (lines 964-970), the CrazyKoalas' « à moins que cet Ordre ne le révèle » (1805-1806)
and Exemple 3 (1913-1922), 'RÈGLE DE DECORS' (873-876); spec B.14 and B.9 for the rest).

The Ninja `jsa.ninja.combi` (TO Camouflage) is N2 data; the camouflaged scouts `test.camo.*`
are placeholders whose skills alone matter."""

import json

import pytest
from infh import alguacil, aro, declare, of, order, position, refused, run, shoot, trooper

from games.engine.infinity import koalas
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.view import determinize, view
from games.engine.protocol import ALL_SEATS
from games.engine.rng import Rng

PASS = {"on_sight": "pass", "on_template": "pass"}


def ninja(hex_=(6, 5), facing=3, tid="n1", profile="jsa.ninja.combi"):
    return trooper(tid, 1, profile, hex_, facing)


def camouflaged(*troopers, markers=None, **kw):
    """A position whose seat-1 troopers stand as markers m1, m2… (in the order given)."""
    data = position(list(troopers), **kw)
    ids = [t["id"] for t in troopers if t["seat"] == 1 and t["id"] != "k9"]
    markers = markers if markers is not None else {f"m{i + 1}": tid for i, tid in enumerate(ids)}
    data["hidden"]["1"]["markers"] = markers
    data["markers_placed"] = len(markers)
    return data


# --- deployment and the other seat's view -------------------------------------------------


def deployment():
    data = position(
        [alguacil("a1", (6, 12)), ninja((0, 0)) | {"hex": None}],
        active=1,
        phase="deployment",
        pending={"seat": 1, "kind": "deploy"},
        orders={0: {}, 1: {}},
    )
    return data


def test_a_camouflaged_trooper_deploys_as_a_marker_with_an_opaque_id():
    """Spec B.14: « Markers with opaque ids (m1, m2…) … the mapping marker → trooper lives in
    the owner's secret part »."""
    state, events = run(
        deployment(), [{"type": "deploy", "seat": 1, "trooper": "n1", "hex": [6, 0]}]
    )
    assert state.hidden[1].markers == (("m1", "n1"),)
    assert state_to_json(state)["hidden"]["1"]["markers"] == {"m1": "n1"}
    mine, theirs = view(state, 1), view(state, 0)
    assert [t["id"] for t in mine["troopers"] if t["seat"] == 1] == ["n1"]
    assert theirs["markers"] == [{"marker": "m1", "seat": 1, "hex": [6, 0], "kind": "to"}]
    assert [t["id"] for t in theirs["troopers"]] == ["a1"]
    text = json.dumps(theirs)
    assert '"n1"' not in text and "ninja" not in text and "jsa.ninja" not in text


def test_the_other_seat_reads_the_deployment_of_a_marker_not_of_the_trooper():
    state = state_from_json(deployment())
    from games.engine.infinity.system import SYSTEM

    result = SYSTEM.apply(
        state, 1, {"type": "deploy", "seat": 1, "trooper": "n1", "hex": [6, 0]}, Rng(1)
    )
    deployed = [e for e in result.events if e.kind == "Deployed"][0]
    assert deployed.visible_to == (1,)
    assert deployed.for_seat(0)["trooper"] == "m1" and "n1" not in json.dumps(deployed.for_seat(0))
    assert deployed.for_seat(None)["trooper"] == "m1"
    # Its facing is secret too (the other seat's view draws a marker without one).
    assert "facing" not in deployed.for_seat(0) and "facing" not in deployed.for_seat(None)
    assert "facing" in deployed.for_seat(1)


def test_a_trooper_without_camouflage_is_refused_as_a_marker():
    data = deployment()
    data["troopers"][1]["profile"] = "jsa.keisotsu.combi"
    move = {"type": "deploy", "seat": 1, "trooper": "n1", "hex": [6, 0], "marker": True}
    assert refused(data, [move]) == "skill_not_allowed"


def test_a_camouflaged_trooper_may_deploy_as_itself():
    move = {"type": "deploy", "seat": 1, "trooper": "n1", "hex": [6, 0], "marker": False}
    state, _ = run(deployment(), [move])
    assert state.hidden[1].markers == () and "n1" in json.dumps(view(state, 0)["troopers"])


def test_a_marker_placed_again_as_its_trooper_leaves_the_table_for_both_seats():
    """A trooper deployed as marker m1, then placed again as itself: `MarkerLifted` tells both
    seats (and spectators) that m1 left, by its id only, before the trooper's `Deployed`; the
    other seat's history drops the marker its page dropped (infinity_site/steps.py)."""
    from games.engine.infinity.system import SYSTEM

    state = state_from_json(deployment())
    first = {"type": "deploy", "seat": 1, "trooper": "n1", "hex": [6, 0]}
    state = SYSTEM.apply(state, 1, first, Rng(1)).state
    again = {"type": "deploy", "seat": 1, "trooper": "n1", "hex": [4, 1], "marker": False}
    events = SYSTEM.apply(state, 1, again, Rng(1)).events
    assert [e.kind for e in events] == ["MarkerLifted", "Deployed"]
    lifted = events[0]
    assert lifted.visible_to == ALL_SEATS
    assert lifted.data == {"seat": 1, "marker": "m1"}
    for seat in (0, 1, None):
        assert lifted.for_seat(seat) == {"kind": "MarkerLifted", "seat": 1, "marker": "m1"}


# --- what a marker is to the enemy ----------------------------------------------------------


def facing_a_marker(**kw):
    return camouflaged(alguacil("a1", (6, 10)), ninja((6, 5)), orders={0: {"regular": 3}}, **kw)


def test_a_marker_cannot_be_shot_at_by_its_trooper_id_nor_by_its_marker_id():
    for target in ("n1", "m1"):
        moves = [order(0, "a1"), shoot(0, "a1", "combi_rifle", (target, 3))]
        assert refused(facing_a_marker(), moves) == "unknown_trooper"


def test_discover_short_skill_reveals_the_marker_on_a_wip_roll_at_minus_6_against_to():
    """Spec B.9: Discover −6 against TO; Discover's bands (5 hexes: 0). WIP 13 − 6 = 7."""
    data = facing_a_marker(policies={1: {"n1": PASS}})
    moves = [order(0, "a1"), declare(0, "discover", trooper="a1", target="m1"), declare(0, "none")]
    state, events = run(data, moves, dice={"a1.wip": [7]})
    rolled = of(events, "DiscoverRolled")[0]
    assert rolled["sv"] == 7 and rolled["mods"] == {"range": 0, "camouflage": -6}
    assert rolled["success"] and rolled["marker"] == "m1"
    revealed = of(events, "MarkerRevealed")[0]
    assert revealed["trooper"] == "n1" and revealed["how"] == "discovered"
    assert state.hidden[1].markers == ()
    assert "n1" in [t["id"] for t in view(state, 0)["troopers"]]


def test_a_failed_discover_leaves_the_marker():
    data = facing_a_marker(policies={1: {"n1": PASS}})
    moves = [order(0, "a1"), declare(0, "discover", trooper="a1", target="m1"), declare(0, "none")]
    state, events = run(data, moves, dice={"a1.wip": [8]})
    assert not of(events, "DiscoverRolled")[0]["success"] and not of(events, "MarkerRevealed")
    assert state.hidden[1].markers == (("m1", "n1"),)


def test_discover_against_camouflage_is_at_minus_3_and_close_at_plus_3():
    data = camouflaged(
        alguacil("a1", (6, 10)),
        ninja((6, 8), profile="test.camo.camouflage"),
        orders={0: {"regular": 3}},
        policies={1: {"n1": PASS}},
    )
    moves = [order(0, "a1"), declare(0, "discover", trooper="a1", target="m1"), declare(0, "none")]
    _, events = run(data, moves, dice={"a1.wip": [13]})
    rolled = of(events, "DiscoverRolled")[0]
    assert rolled["mods"] == {"range": 3, "camouflage": -3} and rolled["sv"] == 13


def test_discover_needs_a_line_of_fire_to_the_marker():
    data = facing_a_marker(scenery=[((6, 7), "building")])
    moves = [order(0, "a1"), declare(0, "discover", trooper="a1", target="m1")]
    assert refused(data, moves) == "no_line_of_fire"


def marker_moves(**kw):
    """The Ninja's marker, active, walks two hexes in the Alguacil's line of fire."""
    return camouflaged(
        alguacil("a1", (6, 10)),
        ninja((6, 5)),
        active=1,
        orders={1: {"regular": 3}},
        **kw,
    )


def test_a_moving_marker_may_only_be_looked_for_in_aro():
    data = marker_moves(policies={0: {"a1": {"on_sight": "ask", "on_template": "ask"}}})
    start = [order(1, "n1"), declare(1, "move", trooper="n1", path=[[5, 6], [5, 7]])]
    for reaction in (
        aro(0, "a1", "bs_attack", weapon="combi_rifle", target="n1"),
        aro(0, "a1", "bs_attack", weapon="combi_rifle", target="m1"),
    ):
        assert refused(data, [*start, reaction]) in ("skill_not_allowed", "aro_not_eligible")
    state, _ = run(data, start)
    from games.engine.infinity.system import SYSTEM

    offered = SYSTEM.legal_moves(state, 0)
    assert {"type": "aro", "seat": 0, "trooper": "a1", "skill": "discover", "target": "m1"} in (
        offered
    )
    assert not [m for m in offered if m.get("skill") == "bs_attack"]


def test_discover_in_aro_reveals_the_moving_marker():
    data = marker_moves(policies={0: {"a1": {"on_sight": "ask", "on_template": "ask"}}})
    moves = [
        order(1, "n1"),
        declare(1, "move", trooper="n1", path=[[5, 6], [5, 7]]),
        aro(0, "a1", "discover", target="m1"),
        declare(1, "none"),
    ]
    state, events = run(data, moves, dice={"a1.wip": [3]})
    assert of(events, "AroDeclared")[0]["target"] == "m1"
    assert of(events, "MarkerRevealed")[0]["by"] == "a1"
    assert not state.is_marker("n1")


def test_an_automatic_shoot_policy_lets_a_marker_pass():
    data = marker_moves(reactions="auto")
    state, events = run(
        data, [order(1, "n1"), declare(1, "move", trooper="n1", path=[[5, 6]]), declare(1, "none")]
    )
    assert not of(events, "AroDeclared") and state.is_marker("n1")


def test_a_marker_that_attacks_reveals_itself_and_the_aro_against_it_suffers_its_surprise():
    """The marker's shot shows the trooper before the window opens (so the Alguacil may shoot
    back); TO Camouflage keeps −6 to be hit (spec B.9)."""
    data = marker_moves(policies={0: {"a1": {"on_sight": "ask", "on_template": "ask"}}})
    moves = [
        order(1, "n1"),
        shoot(1, "n1", "combi_rifle", ("a1", 3)),
        aro(0, "a1", "bs_attack", weapon="combi_rifle", target="n1"),
        declare(1, "none"),
    ]
    _, events = run(
        data, moves, dice={"n1.bs": [20, 20, 20], "a1.bs": [20], "a1.arm": [], "n1.arm": []}
    )
    revealed = of(events, "MarkerRevealed")[0]
    assert revealed["how"] == "acted" and revealed["profile"] == "jsa.ninja.combi"
    kinds = [e["kind"] for e in events]
    assert kinds.index("MarkerRevealed") < kinds.index("SkillDeclared")
    contest = [c for c in of(events, "Contest") if c["attacker"] == "a1"][0]
    assert contest["mods"]["camouflage"] == -6


def revealed_scout(profile):
    return position(
        [alguacil("a1", (6, 10)), ninja((6, 5), profile=profile)],
        orders={0: {"regular": 3}},
        policies={1: {"n1": PASS}},
    )


@pytest.mark.parametrize(
    ("profile", "mod"),
    [
        ("test.camo.camouflage", -3),
        ("test.camo.limited", None),
        ("test.camo.limited_mimetism", -3),
        ("jsa.ninja.combi", -6),
    ],
)
def test_a_revealed_trooper_keeps_mimetism_but_limited_camouflage_loses_it(profile, mod):
    """T 964-969: « une fois détecté, ou si il se révèle de lui-même, il perd cette Compétence
    Spéciale et ne pourra plus … bénéficier des autres avantages conférés par CD: Camouflage ou
    CD: Mimétisme (sauf si il possède également la Compétence Spéciale CD : Mimétisme) »."""
    moves = [order(0, "a1"), shoot(0, "a1", "combi_rifle", ("n1", 3)), declare(0, "none")]
    _, events = run(revealed_scout(profile), moves, dice={"a1.bs": [20, 20, 20]})
    assert of(events, "Contest")[0]["mods"].get("camouflage") == mod


def test_limited_camouflage_never_goes_back_to_marker_state():
    """T 965: « ne peut pas "se camoufler à nouveau" »; deploying again as a marker after the
    marker was found is impossible: revealed troopers stay troopers (no re-camouflage)."""
    data = camouflaged(
        alguacil("a1", (6, 10)),
        ninja((6, 5), profile="test.camo.limited"),
        orders={0: {"regular": 3}},
        policies={1: {"n1": PASS}},
    )
    moves = [order(0, "a1"), declare(0, "discover", trooper="a1", target="m1"), declare(0, "none")]
    state, _ = run(data, moves, dice={"a1.wip": [1]})
    assert not state.is_marker("n1")
    assert state.trooper("n1").state == "normal"


# --- CrazyKoalas (T 1805-1806, Exemple 3 at 1913-1922) ---------------------------------------


def koala_and_to_marker():
    data = camouflaged(
        trooper("a1", 0, "nomads.moran.crazykoala", (10, 12), 0),
        ninja((6, 6)),
        active=1,
        orders={1: {"regular": 3}},
        sectorials=(None, None),
        policies={0: {"a1": PASS}},
    )
    data["koalas"] = [{"id": "a1.k1", "seat": 0, "carrier": "a1", "hex": [6, 8]}]
    return data


def test_example_3_akinyi_leaves_a_koala_threatening_the_marker_and_moves_on():
    """« Le Morane veut se déplacer vers un autre point du champ de bataille, mais il veut
    également se prémunir contre cet adversaire … il déclare une Attaque Intuitive et peut donc
    laisser un de ses CrazyKoalas où il est, menaçant le Marqueur ». Ours (engine README,
    "Intuitive Attack"): a koala stays wherever its carrier's move does not take it (the text's
    example 1 leaves one so), so Akinyi walks off and the koala stays, out of his ZoC for good
    (« ne peut pas être déplacé de nouveau »): the koala as the next two tests start from."""
    data = camouflaged(
        trooper("a1", 0, "nomads.moran.crazykoala", (8, 10), 0),
        ninja((6, 6)),
        orders={0: {"regular": 3}},
        sectorials=(None, None),
        policies={1: {"n1": PASS}},
    )
    data["koalas"] = [{"id": "a1.k1", "seat": 0, "carrier": "a1", "hex": [6, 8]}]
    walk = declare(0, "move", trooper="a1", path=[[9, 9], [10, 9]])
    state, _ = run(data, [order(0, "a1"), walk, declare(0, "none")])
    assert state.koalas == state_from_json(koala_and_to_marker()).koalas
    assert koalas.followers(state, "a1") == ()  # five hexes off: it stays there for good


def test_example_3_a_to_marker_moving_inside_the_koalas_zoc_does_not_set_it_off():
    """« le Marqueur TO se déplace sans se révéler jusqu'à ce qu'il soit hors de la ZdC du
    CrazyKoala … Le CrazyKoala ne s'active pas »."""
    state, events = run(
        koala_and_to_marker(),
        [order(1, "n1"), declare(1, "move", trooper="n1", path=[[5, 6]]), declare(1, "none")],
    )
    assert not of(events, "KoalaTriggered") and len(state.koalas) == 1


def test_example_3_a_to_marker_declaring_an_attack_reveals_itself_and_sets_the_koala_off():
    """« Mais si le Marqueur TO avait déclaré une Attaque, se révélant, le CrazyKoala se serait
    activé, courant vers lui et explosant au contact socle à socle »."""
    data = koala_and_to_marker()
    data["troopers"][0]["hex"] = [6, 9]  # in the Ninja's sight, so that it may shoot
    moves = [order(1, "n1"), shoot(1, "n1", "combi_rifle", ("a1", 3))]
    _, events = run(data, moves)
    assert of(events, "MarkerRevealed") and of(events, "KoalaTriggered")[0]["target"] == "n1"


# --- templates (T 873-876, 'RÈGLE DE DECORS') -----------------------------------------------


def wall_and_marker(*others):
    data = camouflaged(
        trooper("a1", 0, "corregidor.alguacil.missile", (6, 12), 0),
        ninja((6, 7)),
        *others,
        scenery=[((6, 8), "building")],
        orders={0: {"regular": 3}},
    )
    data["scenery"][0] |= {"arm": 3, "str": 2}
    return data


def test_scenery_may_not_be_shot_when_the_template_falls_on_enemy_markers_alone():
    """« Il en va de même si le Gabarit affecte des Marqueurs Camouflage ennemis »."""
    moves = [
        order(0, "a1"),
        declare(0, "bs_attack", trooper="a1", weapon="missile_launcher", structure=[6, 8]),
    ]
    assert refused(wall_and_marker(), moves) == "skill_not_allowed"


def test_scenery_may_be_shot_when_another_enemy_stands_under_the_template_too():
    """« … à moins qu'il y ait d'autres figurines ennemies dans l'aire d'effet »."""
    data = wall_and_marker(trooper("k9", 1, "jsa.keisotsu.combi", (7, 7), 3))
    data["hidden"]["1"]["policies"] = {"n1": PASS, "k9": PASS}
    moves = [
        order(0, "a1"),
        declare(0, "bs_attack", trooper="a1", weapon="missile_launcher", structure=[6, 8]),
    ]
    state, _ = run(data, moves)
    assert state.turn.current.skills[0].skill == "bs_attack"


# --- hidden information ---------------------------------------------------------------------


def test_the_marker_moving_shows_no_trooper_id_in_the_other_seats_view_or_events():
    from games.engine.infinity.system import SYSTEM

    data = marker_moves(policies={0: {"a1": {"on_sight": "ask", "on_template": "ask"}}})
    state = state_from_json(data)
    events = []
    for move in (order(1, "n1"), declare(1, "move", trooper="n1", path=[[5, 6], [5, 7]])):
        result = SYSTEM.apply(state, 1, move, Rng(1))
        state = result.state
        events += result.events
    for seat in (0, None):
        seen = json.dumps([e.for_seat(seat) for e in events]) + json.dumps(view(state, seat))
        assert '"n1"' not in seen and "ninja" not in seen
        assert '"m1"' in seen
        assert '"facing"' not in json.dumps([e.for_seat(seat) for e in events])
    assert all(e.visible_to != ALL_SEATS for e in events if e.kind in ("OrderSpent", "Moved"))
    mine = json.dumps(view(state, 1))
    assert '"n1"' in mine


def test_the_computer_takes_a_marker_for_a_trooper_of_its_kind():
    state = state_from_json(facing_a_marker())
    dealt = determinize(view(state, 0), 0, Rng(3))
    assert dealt.trooper("m1").profile == "jsa.ninja.combi" and dealt.is_marker("m1")


# --- what a marker is not -------------------------------------------------------------------


def test_a_marker_blocks_no_line_of_fire_and_holds_no_zone():
    """Spec B.4 (« Unconscious troopers and markers do not block ») and B.15 (« markers do
    not count »)."""
    from games.engine.infinity import common as cm
    from games.engine.infinity.zones import holders, zone_hexes

    state = state_from_json(
        camouflaged(alguacil("a1", (6, 10)), ninja((6, 7)), trooper("k9", 1, KEI, (6, 4), 3))
    )
    assert cm.sees(state, state.trooper("a1"), (6, 4))  # through the marker at (6, 7)
    middle = zone_hexes(state.board)[1][0]
    state = state.update("n1", hex=middle)
    assert holders(state)[1] is None
    shown = state.with_secret(1, markers=())
    assert holders(shown)[1] == 1


KEI = "jsa.keisotsu.combi"


def spotter(*others):
    """An Alguacil grenadier at (6, 12) facing north; the marker behind a building, out of sight."""
    return camouflaged(
        alguacil("a3", (6, 12), kind="lgl"),
        ninja((6, 8)),
        *others,
        scenery=[((6, 9), "building")],
        orders={0: {"regular": 3}},
        policies={1: {"n1": PASS, "k9": PASS}},
    )


def test_speculative_fire_is_not_laid_on_a_marker_alone():
    """As the text's 'RÈGLE DE DECORS' says of a template at scenery (D: the same template at
    a hex)."""
    moves = [order(0, "a3"), declare(0, "speculative", trooper="a3", weapon="light_gl", to=[6, 8])]
    assert refused(spotter(), moves) == "skill_not_allowed"
    _, events = run(spotter(trooper("k9", 1, KEI, (7, 7), 3)), moves, dice={"a3.bs": [20]})
    assert of(events, "SpeculativeShot")


def test_a_move_into_base_contact_with_a_marker_shows_it():
    """D (N2's contact rule is not in our text): the Alguacil walking up to the marker stops
    in contact, as with any enemy, and the marker is revealed before any reaction."""
    data = camouflaged(
        alguacil("a1", (6, 10)),
        ninja((6, 7)),
        orders={0: {"regular": 3}},
        policies={1: {"n1": PASS}},
    )
    moves = [order(0, "a1"), declare(0, "move", trooper="a1", path=[[6, 9], [6, 8]])]
    state, events = run(data, moves)
    revealed = of(events, "MarkerRevealed")[0]
    assert revealed["how"] == "contact" and revealed["by"] == "a1"
    assert not state.is_marker("n1") and state.trooper("a1").hex == (6, 8)


def test_a_marker_moving_into_base_contact_shows_itself():
    data = camouflaged(
        alguacil("a1", (6, 10)),
        ninja((6, 7)),
        active=1,
        orders={1: {"regular": 3}},
        policies={0: {"a1": PASS}},
    )
    moves = [order(1, "n1"), declare(1, "move", trooper="n1", path=[[6, 8], [6, 9]])]
    state, events = run(data, moves)
    assert of(events, "MarkerRevealed")[0]["how"] == "contact"
    assert not state.is_marker("n1")


def test_a_marker_shooting_in_aro_reveals_itself_as_it_declares():
    """The marker's reaction shows the trooper before its shot is told (D)."""
    data = facing_a_marker(policies={1: {"n1": {"on_sight": "ask", "on_template": "ask"}}})
    moves = [
        order(0, "a1"),
        declare(0, "move", trooper="a1", path=[[6, 9]]),
        aro(1, "n1", "bs_attack", weapon="combi_rifle", target="a1"),
    ]
    state, events = run(data, moves)
    kinds = [e["kind"] for e in events]
    assert kinds.index("MarkerRevealed") < kinds.index("AroDeclared")
    assert of(events, "MarkerRevealed")[0]["how"] == "acted" and not state.is_marker("n1")


def test_a_camouflaged_trooper_is_offered_its_deployment_as_a_marker_or_as_itself():
    from games.engine.infinity.system import SYSTEM

    offered = SYSTEM.legal_moves(state_from_json(deployment()), 1)
    assert {m.get("marker") for m in offered} == {True, False}
    assert len([m for m in offered if m["marker"]]) == len([m for m in offered if not m["marker"]])
    state, _ = run(deployment(), [next(m for m in offered if m["marker"])])
    assert state.is_marker("n1")
