"""Infiltration (tier 3; infiltration.py): the French text, seed 003 'Infiltration' (lines
1431-1455), cited by line; spec Appendix skills table row 10; the engine README's
"Infiltration" for what the text leaves to us (D).

On the 24-row board of these positions the JSA (seat 1) deploys in rows 0-5, Corregidor in
rows 18-23; the middle of the table is between rows 11 and 12. Hex (12, r) is on row r + 6."""

import json

from infh import alguacil, of, position, refused, run, trooper

from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.system import SYSTEM
from games.engine.infinity.view import view
from games.engine.protocol import ALL_SEATS, event_for_seat
from games.engine.rng import Rng


def deployment(profile="jsa.ninja.combi", hidden_allowed=False, extra=()):
    data = position(
        [
            alguacil("a1", (6, 20), kind="hmg"),
            trooper("n1", 1, profile, (0, 0)) | {"hex": None},
            *extra,
        ],
        active=1,
        phase="deployment",
        pending={"seat": 1, "kind": "deploy"},
        orders={0: {}, 1: {}},
        size=24,
    )
    data["options"]["hidden_deployment"] = hidden_allowed
    return data


def deploy(hex_, **extra):
    return {"type": "deploy", "seat": 1, "trooper": "n1", "hex": list(hex_), **extra}


def at_row(row, q=12):
    return (q, row - q // 2)


# --- where an infiltrator may go ------------------------------------------------------------


def test_an_infiltrator_deploys_in_its_own_half_beyond_its_zone_without_a_roll():
    """Spec row 10 (« L1/L2 may deploy normally », T 1451-1453) and its own half: no roll (D,
    the N2 rule the text builds its levels on: the roll is for the enemy half, T 1437)."""
    state, events = run(deployment(), [deploy(at_row(11), marker=False)])
    assert state.trooper("n1").hex == at_row(11)
    assert not of(events, "InfiltrationRolled") and state.hidden[1].infiltrated == ()


def test_a_trooper_without_infiltration_stays_in_its_zone():
    data = deployment(profile="jsa.keisotsu.combi")
    assert refused(data, [deploy(at_row(6))]) == "illegal_path"


def test_in_the_enemy_half_a_ph_roll_at_minus_one_per_two_rows_beyond_the_middle():
    """T 1437: « le Jet d'Infiltration sera au minimum PH -1 » just past the middle; D: −1 more
    every two rows (4 in.). The Ninja's PH 12: −1 then −2 then −3 (SV 11, 10, 9)."""
    for row, mod in ((12, -1), (13, -1), (14, -2), (15, -2), (16, -3), (17, -3)):
        state, events = run(deployment(), [deploy(at_row(row), marker=False)], {"n1.ph": [1]})
        rolled = of(events, "InfiltrationRolled")[0]
        assert (rolled["mods"], rolled["sv"], rolled["success"]) == (
            {"infiltration": mod},
            12 + mod,
            True,
        )
        assert state.trooper("n1").hex == at_row(row)


def test_never_in_the_enemy_deployment_zone():
    """T 1443-1445: the enemy deployment zone « devient sa limite d'Infiltration »."""
    assert refused(deployment(), [deploy(at_row(18))]) == "illegal_path"


def test_a_failed_roll_scatters_the_trooper_and_shows_it_instead_of_its_marker():
    """T 1439-1442: « Si le Jet est un échec, la règle de Dispersion doit être appliquée et les
    avantages du Déploiement Camouflé … sont perdus ». Die 11 > SV 9; its last digit 1 keeps the
    direction toward the table's centre (spec B.3): north, 4 hexes (D: 20 cm)."""
    state, events = run(deployment(), [deploy(at_row(16))], {"n1.ph": [11]})
    assert state.trooper("n1").hex == at_row(12)
    assert not state.is_marker("n1") and state.markers_placed == 0
    rolled = of(events, "InfiltrationRolled")[0]
    assert rolled["success"] is False and rolled["to"] == list(at_row(12))
    assert of(events, "Deployed")[0] == {
        "seat": 1,
        "trooper": "n1",
        "hex": list(at_row(12)),
        "facing": 0,
        "kind": "Deployed",
    }


def test_the_dispersion_stops_at_the_enemy_deployment_zone():
    """T 1444-1445: « même en cas d'application du Jet de Dispersion ». Last digit 6: three
    sixths round, south, toward Corregidor's zone: it stops on row 17, the last before it."""
    state, _ = run(deployment(), [deploy(at_row(16))], {"n1.ph": [16]})
    assert state.trooper("n1").hex == at_row(17)


def test_the_dispersion_stops_before_another_figure():
    blocker = alguacil("a2", at_row(14))
    state, _ = run(deployment(extra=[blocker]), [deploy(at_row(16))], {"n1.ph": [11]})
    assert state.trooper("n1").hex == at_row(15)


def test_a_successful_roll_keeps_the_marker_and_only_its_owner_reads_the_roll():
    """A success leaves the camouflaged deployment as it is (T 1439-1442 take it away only on a
    failure); the roll of a marker is its owner's (D: its PH would tell the other seat what
    stands there), the other seat reads a marker deployed."""
    state = state_from_json(deployment())
    step = SYSTEM.apply(state, 1, deploy(at_row(16)), Rng(3))
    after = step.state
    rolled = [e for e in step.events if e.kind == "InfiltrationRolled"]
    if not rolled[0].data["success"]:  # this seed's die: the next seeds until one passes
        for seed in range(4, 40):
            step = SYSTEM.apply(state, 1, deploy(at_row(16)), Rng(seed))
            rolled = [e for e in step.events if e.kind == "InfiltrationRolled"]
            if rolled[0].data["success"]:
                break
        after = step.state
    assert rolled[0].data["success"] and after.is_marker("n1")
    for seat in (0, None):
        seen = json.dumps([event_for_seat(e.to_json(), seat) for e in step.events])
        assert "InfiltrationRolled" not in seen and '"sv"' not in seen and '"n1"' not in seen
        assert '"m1"' in seen
        text = json.dumps(view(after, seat))
        assert '"n1"' not in text and "ninja" not in text and '"sv"' not in text
    assert "InfiltrationRolled" in json.dumps([event_for_seat(e.to_json(), 1) for e in step.events])


def test_a_failed_roll_is_public():
    """A failure shows the trooper (T 1439-1442), so its roll hides nothing (D)."""
    state = state_from_json(deployment())
    for seed in range(60):
        step = SYSTEM.apply(state, 1, deploy(at_row(16)), Rng(seed))
        rolled = [e for e in step.events if e.kind == "InfiltrationRolled"][0]
        if not rolled.data["success"]:
            break
    assert not rolled.data["success"] and rolled.visible_to == ALL_SEATS
    assert event_for_seat(rolled.to_json(), 0)["trooper"] == "n1"


def test_a_failed_roll_loses_hidden_deployment():
    """T 1440-1442: « les avantages … du Déploiement Caché sont perdus »."""
    data = deployment(hidden_allowed=True)
    state, events = run(data, [deploy(at_row(16), hidden=True)], {"n1.ph": [11]})
    assert state.hidden[1].hidden_deployment == () and state.trooper("n1").hex == at_row(12)
    assert "hidden" not in of(events, "Deployed")[0]
    state, events = run(data, [deploy(at_row(16), hidden=True)], {"n1.ph": [2]})
    assert state.hidden[1].hidden_deployment == ("n1",)
    assert of(events, "InfiltrationRolled")[0]["success"]


def test_an_infiltrator_placed_by_its_roll_is_not_deployed_again():
    """D: placing it again would roll again until it passes."""
    moves = [deploy(at_row(16)), deploy(at_row(15))]
    assert refused(deployment(), moves, {"n1.ph": [11]}) == "skill_not_allowed"
    state, _ = run(deployment(), [deploy(at_row(16))], {"n1.ph": [11]})
    assert state.hidden[1].infiltrated == (("n1", False),)


# --- the levels ------------------------------------------------------------------------------


def test_inferior_infiltration_must_deploy_in_the_enemy_half():
    """T 1435-1437: « La figurine doit obligatoirement être déployée en dehors de sa Zone de
    Déploiement et toujours dans la moitié de table ennemie »."""
    data = deployment(profile="test.infiltration.inferior")
    assert refused(data, [deploy(at_row(3))]) == "illegal_path"
    assert refused(data, [deploy(at_row(11))]) == "illegal_path"
    state, events = run(data, [deploy(at_row(12))], {"n1.ph": [1]})
    assert state.trooper("n1").hex == at_row(12) and of(events, "InfiltrationRolled")
    offered = SYSTEM.legal_moves(state_from_json(data), 1)
    rows = {m["hex"][1] + m["hex"][0] // 2 for m in offered}
    assert rows == set(range(12, 18))


def test_superior_infiltration_fails_without_dispersion_and_shows_the_trooper():
    """T 1446-1450: « elle ne subit pas la règle de Dispersion … Elle perd uniquement les
    avantages du Déploiement Camouflé et du Déploiement Caché. Le Marqueur est remplacé par la
    figurine »."""
    data = deployment(profile="test.infiltration.superior")
    state, events = run(data, [deploy(at_row(16))], {"n1.ph": [19]})
    assert state.trooper("n1").hex == at_row(16) and not state.is_marker("n1")
    assert of(events, "InfiltrationRolled")[0]["to"] == list(at_row(16))
    state, _ = run(data, [deploy(at_row(16))], {"n1.ph": [3]})
    assert state.is_marker("n1")


def test_legal_moves_offer_the_infiltration_hexes_but_not_the_enemy_zone():
    offered = SYSTEM.legal_moves(state_from_json(deployment()), 1)
    rows = {m["hex"][1] + m["hex"][0] // 2 for m in offered}
    assert rows == set(range(0, 18))
    assert {m.get("marker") for m in offered} == {True, False}


# --- the position format ---------------------------------------------------------------------


def test_the_infiltrated_troopers_are_written_and_a_position_without_them_reads_as_before():
    state, _ = run(deployment(), [deploy(at_row(16))], {"n1.ph": [11]})
    data = state_to_json(state)
    assert data["hidden"]["1"]["infiltrated"] == {"n1": False}
    assert state_from_json(data) == state
    assert state_from_json(deployment()).hidden[1].infiltrated == ()


def test_a_hidden_infiltrator_that_passes_leaves_the_other_seat_nothing_but_a_hidden_deployment():
    """Hidden deployment (the lobby option) in the enemy half: the roll that keeps it hidden is
    its owner's alone (D), the other seat reads « a trooper in hidden deployment »."""
    state = state_from_json(deployment(hidden_allowed=True))
    for seed in range(60):
        step = SYSTEM.apply(state, 1, deploy(at_row(16), hidden=True), Rng(seed))
        if step.state.hidden[1].hidden_deployment == ("n1",):
            break
    assert step.state.hidden[1].hidden_deployment == ("n1",)
    for seat in (0, None):
        seen = [event_for_seat(e.to_json(), seat) for e in step.events]
        assert [e for e in seen if e] == [{"seat": 1, "hidden": True, "kind": "Deployed"}]
        assert list(at_row(16)) not in [t["hex"] for t in view(step.state, seat)["troopers"]]
