"""Holoprojector L2 and its Holo-echoes (holo.py; T: seed 003 'Holoprojecteur N2', lines
2385-2441, and its three examples 2442-2470). `test.holo` is a placeholder (the Bashi Bazouk
Nazim of the examples): no profile of our data carries a Holoprojector. Keisotsu stand in for
the Fusiliers Angus and Estévez, a Domaru's Chain Rifle (a large teardrop) for Zhao Yi's
Boarding Shotgun."""

import json

import pytest
from infh import aro, declare, keisotsu, of, order, position, refused, run, shoot, trooper

from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.system import SYSTEM
from games.engine.infinity.view import view
from games.engine.rng import Rng

NONE = {"skill": "none"}
PASS0 = {"type": "aro_done", "seat": 0}
PASS1 = {"type": "aro_done", "seat": 1}


def nazim(hex_=(6, 8), facing=0):
    return trooper("h1", 0, "test.holo", hex_, facing)


def projecting(*others, real="m2", echoes=((5, 8), (7, 7)), **kw):
    """Nazim at (6, 8) among his echoes m1 (5, 8) and m2 (7, 7); `real` is the one he is."""
    data = position([nazim(), *others], **kw)
    data["echoes"] = [
        {"id": f"m{n + 1}", "seat": 0, "trooper": "h1", "hex": list(h)}
        for n, h in enumerate(echoes)
    ]
    data["hidden"]["0"]["holo"] = {"h1": real}
    data["markers_placed"] = len(echoes)
    return data


def tokens(state):
    t = state.trooper("h1")
    return {"h1": list(t.hex), **{e.id: list(e.hex) for e in state.echoes}}


# --- deployment ----------------------------------------------------------------------------


def deployment():
    return position(
        [nazim(None), keisotsu("k1", (4, 2))],
        phase="deployment",
        pending={"seat": 0, "kind": "deploy"},
        orders={0: {}, 1: {}},
    )


def deploy(real=2, echoes=((5, 8), (7, 7)), hex_=(6, 8)):
    return {
        "type": "deploy",
        "seat": 0,
        "trooper": "h1",
        "hex": list(hex_),
        "echoes": [list(h) for h in echoes],
        "real": real,
    }


def test_deployed_with_two_echoes_the_real_one_noted_secretly():
    """T 2398-2401: « placée sur la table de jeu avec deux Marqueurs Holo-écho (HOLO) autour
    d'elle. Le joueur doit noter secrètement lequel … est la figurine réelle »."""
    state, events = run(deployment(), [deploy(real=2)])
    assert [(e.id, e.hex) for e in state.echoes] == [("m1", (5, 8)), ("m2", (7, 7))]
    assert state.hidden[0].holo == (("h1", "m2"),)
    assert state.trooper("h1").hex == (6, 8)  # the figure
    assert of(events, "EchoesPlaced")[0]["echoes"] == [
        {"marker": "m1", "hex": [5, 8]},
        {"marker": "m2", "hex": [7, 7]},
    ]
    assert state_to_json(state)["hidden"]["0"]["holo"] == {"h1": "m2"}
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state


def test_the_other_seat_sees_three_tokens_and_never_which_is_real():
    state = state_from_json(deployment())
    result = SYSTEM.apply(state, 0, deploy(real=2), Rng(1))
    theirs = view(result.state, 1)
    assert [e["id"] for e in theirs["echoes"]] == ["m1", "m2"]
    assert "holo" not in json.dumps(theirs["hidden"])
    told = [e.for_seat(1) for e in result.events]
    assert [e for e in told if e is not None and e["kind"] == "HoloNoted"] == []
    text = json.dumps([theirs, told])
    assert '"real"' not in text
    mine = view(result.state, 0)
    assert mine["hidden"]["0"]["holo"] == {"h1": "m2"}


def test_echoes_must_fit_a_circular_template_with_the_figure():
    """T 2401-2402: « à l'intérieur d'une zone de la taille d'un Gabarit Circulaire »."""
    assert refused(deployment(), [deploy(echoes=((4, 8), (7, 7)))]) == "illegal_path"
    assert refused(deployment(), [deploy(echoes=((5, 8), (5, 8)))]) == "malformed"
    assert refused(deployment(), [deploy(echoes=((5, 8), (7, 2)))]) == "hex_occupied"


def test_only_a_holoprojector_l2_deploys_echoes():
    data = deployment()
    data["troopers"][0]["profile"] = "jsa.keisotsu.combi"
    data["troopers"][0]["id"] = "h1"
    assert refused(data, [deploy()]) == "skill_not_allowed"


def test_deployed_again_plainly_the_echoes_leave():
    state, _ = run(deployment(), [deploy()])
    state, events = run(state, [{"type": "deploy", "seat": 0, "trooper": "h1", "hex": [3, 10]}])
    assert state.echoes == () and state.hidden[0].holo == ()
    assert of(events, "EchoesLifted")[0]["echoes"] == ["m1", "m2"]


def test_legal_moves_offer_the_echoes_and_each_real_token():
    state = state_from_json(deployment())
    moves = [m for m in SYSTEM.legal_moves(state, 0) if m.get("echoes")]
    assert moves and {m["real"] for m in moves} == {0, 1, 2}
    for m in moves[:6]:
        run(state, [m])


# --- moving together ----------------------------------------------------------------------


def test_the_echoes_repeat_the_move_and_stay_in_the_template_area():
    """T 2419-2420 (« se déplacent et agissent en même temps, exécutant exactement le même
    Ordre »), 2441 (« ne sortiront jamais de la zone du Gabarit Circulaire »)."""
    moves = [order(0, "h1"), declare(0, "move", trooper="h1", to=[6, 6], second=NONE)]
    state, events = run(projecting(keisotsu("k1", (12, 1))), moves)
    assert tokens(state) == {"h1": [6, 6], "m1": [5, 6], "m2": [7, 5]}
    assert of(events, "EchoesMoved")[0]["echoes"] == {"m1": [5, 6], "m2": [7, 5]}
    assert state.hidden[0].holo == (("h1", "m2"),)  # a move keeps it (T 2425-2428)


def test_a_move_an_echo_cannot_follow_is_refused():
    data = projecting(keisotsu("k1", (12, 1)), scenery=[((5, 6), "building")])
    moves = [order(0, "h1"), declare(0, "move", trooper="h1", to=[6, 6])]
    assert refused(data, moves) == "illegal_path"


def test_no_one_walks_through_an_echo():
    data = projecting(keisotsu("k1", (5, 5)), active=1)
    moves = [order(1, "k1"), declare(1, "move", trooper="k1", path=[[5, 6], [5, 7], [5, 8]])]
    assert refused(data, moves) == "illegal_path"


def test_a_panicking_civilian_does_not_scatter_onto_an_echo():
    """An echo counts as a figure (T 2436-2437): a civilian's Dispersion (CIV-4) onto its hex
    leaves the civilian where it was, as onto a trooper's."""
    civilian = {"id": "c1", "hex": [5, 11], "kind": "neutral"}
    data = projecting(
        trooper("a1", 0, "corregidor.alguacil.combi", (5, 12)),
        keisotsu("k1", (12, 0), 0),
        echoes=((5, 10), (7, 8)),
        civilians=[civilian],
    )
    moves = [order(0, "a1"), declare(0, "sync_civilian", trooper="a1", civilian="c1")]
    state, events = run(data, [*moves, declare(0, "none")], dice={"a1.wip": [11]})
    assert of(events, "CivilianPanicked")[0]["to"] is None  # (5, 10) is m1's
    assert state.civilian("c1").hex == (5, 11)


def test_a_civilian_led_by_the_carrier_does_not_trail_onto_its_echo():
    """The echo behind the figure steps into the hex the figure left, where a led civilian
    would trail (civilians.py): the civilian stays rather than share the echo's hex."""
    civilian = {"id": "c1", "hex": [7, 8], "kind": "neutral", "synced_to": "h1"}
    data = projecting(keisotsu("k1", (12, 1)), echoes=((6, 9), (5, 8)), civilians=[civilian])
    moves = [order(0, "h1"), declare(0, "move", trooper="h1", path=[[6, 7]])]
    state, _ = run(data, moves)
    assert tokens(state)["m1"] == [6, 8]
    assert state.civilian("c1").hex == (7, 8)
    escort = {"c1": [[6, 8]]}
    with_path = [order(0, "h1"), declare(0, "move", trooper="h1", path=[[6, 7]], companions=escort)]
    assert refused(data, with_path) == "hex_occupied"


def test_a_trooper_deploys_again_on_its_own_echos_hex():
    data = deployment()
    state, _ = run(data, [deploy(real=2)])
    state, _ = run(state, [{**deploy(real=0), "hex": [5, 8], "echoes": [[6, 8], [5, 9]]}])
    assert tokens(state) == {"h1": [5, 8], "m3": [6, 8], "m4": [5, 9]}


# --- found ---------------------------------------------------------------------------------


def test_shooting_as_the_first_skill_shows_the_real_trooper_before_any_reaction():
    """T, first example: « Si le Bashi Bazouk avait … tiré comme 1ère Compétence Courte de
    l'Ordre, son Holoprojecteur N2 se serait désactivé, donnant une cible directe »."""
    moves = [order(0, "h1"), shoot(0, "h1", "combi_rifle", ("k1", 3))]
    state, events = run(projecting(keisotsu("k1", (7, 2))), moves)
    shown = of(events, "HoloRevealed")[0]
    assert shown | {"kind": "x"} == {
        "kind": "x",
        "seat": 0,
        "trooper": "h1",
        "token": "m2",
        "hex": [7, 7],
        "echoes": ["m1", "m2"],
        "how": "acted",
    }
    assert events.index(shown) < events.index(of(events, "SkillDeclared")[0])
    assert state.trooper("h1").hex == (7, 7) and state.echoes == () and state.hidden[0].holo == ()


def test_discover_on_a_decoy_dispels_it_and_on_the_real_one_shows_it():
    """T 2402-2409: a successful Discover; « Si c'était seulement un leurre holographique, seul
    le Marqueur, ou la figurine, est retiré »; real: « les Marqueurs Holo-écho doivent être
    enlevés … la figurine réelle doit remplacer le Marqueur »."""
    data = projecting(keisotsu("k1", (6, 3)), active=1)
    look = [order(1, "k1"), declare(1, "discover", trooper="k1", target="m1", second=NONE), PASS0]
    state, events = run(data, look, {"k1.wip": [1]})
    assert of(events, "DiscoverRolled")[0]["mods"] == {"range": 0}
    assert of(events, "EchoDispelled")[0]["token"] == "m1"
    assert tokens(state) == {"h1": [6, 8], "m2": [7, 7]}
    look = [order(1, "k1"), declare(1, "discover", trooper="k1", target="m2", second=NONE), PASS0]
    state, events = run(state, look, {"k1.wip": [1]})
    assert of(events, "HoloRevealed")[0]["how"] == "discovered"
    assert tokens(state) == {"h1": [7, 7]} and state.hidden[0].holo == ()


def test_a_decoy_figure_found_leaves_and_the_figure_takes_an_echos_place():
    data = projecting(keisotsu("k1", (6, 3)), active=1, real="m2")
    look = [order(1, "k1"), declare(1, "discover", trooper="k1", target="h1", second=NONE), PASS0]
    state, events = run(data, look, {"k1.wip": [1]})
    assert of(events, "EchoDispelled")[0]["figure_to"] == {"marker": "m1", "hex": [5, 8]}
    assert tokens(state) == {"h1": [5, 8], "m2": [7, 7]}
    assert state.hidden[0].holo == (("h1", "m2"),)


def test_the_last_decoy_gone_what_stands_is_the_trooper():
    data = projecting(keisotsu("k1", (6, 3)), active=1, real="h1")
    state = state_from_json(data)
    for target in ("m1", "m2"):
        look = [
            order(1, "k1"),
            declare(1, "discover", trooper="k1", target=target, second=NONE),
            PASS0,
        ]
        state, _ = run(state, look, {"k1.wip": [1]})
    assert state.echoes == () and state.hidden[0].holo == () and state.trooper("h1").hex == (6, 8)


def test_a_failed_discover_says_nothing():
    data = projecting(keisotsu("k1", (6, 3)), active=1)
    look = [order(1, "k1"), declare(1, "discover", trooper="k1", target="m2", second=NONE), PASS0]
    state, events = run(data, look, {"k1.wip": [20]})
    assert not of(events, "HoloRevealed") and not of(events, "EchoDispelled")
    assert len(state.echoes) == 2


def test_base_contact_shows_the_token_touched():
    """T 2428-2430: « L'utilisateur, ou les Holo-échos, sont automatiquement révélés quand ils
    sont en contact socle à socle avec une autre figurine »."""
    data = projecting(keisotsu("k1", (4, 6)), active=1, real="h1")
    moves = [order(1, "k1"), declare(1, "move", trooper="k1", path=[[4, 7], [4, 8]])]
    state, events = run(data, moves)
    assert [(e["token"], e["how"]) for e in of(events, "EchoDispelled")] == [("m1", "contact")]
    assert tokens(state) == {"h1": [6, 8], "m2": [7, 7]}


def test_an_attack_on_a_decoy_that_succeeds_dispels_it_and_wounds_no_one():
    """T 2433-2435: « si un Holo-écho reçoit une touche, ou une attaque réussie, il est désactivé
    et retiré du champ de bataille ». (The third example, Morgana's hacking, is not built:
    hacking is tier 3; its lesson, an attack on a decoy finds a decoy, is this.)"""
    data = projecting(keisotsu("k1", (5, 3)), active=1, real="h1")
    moves = [order(1, "k1"), shoot(1, "k1", "combi_rifle", ("m1", 3), second=NONE), PASS0]
    state, events = run(data, moves, {"k1.bs": [1, 20, 20]})
    assert of(events, "Contest")[0]["target"] == "m1"
    assert of(events, "EchoDispelled")[0] | {"kind": "x"} == {
        "kind": "x",
        "seat": 0,
        "trooper": "h1",
        "token": "m1",
        "how": "hit",
        "by": "k1",
    }
    assert not of(events, "Saved") and state.trooper("h1").wounds == 0
    assert tokens(state) == {"h1": [6, 8], "m2": [7, 7]}


def test_an_attack_on_the_real_token_that_succeeds_shows_and_hits_the_trooper():
    data = projecting(keisotsu("k1", (5, 3)), active=1, real="m1")
    moves = [order(1, "k1"), shoot(1, "k1", "combi_rifle", ("m1", 3), second=NONE), PASS0]
    state, events = run(data, moves, {"k1.bs": [1, 20, 20], "h1.arm": [1]})
    assert of(events, "HoloRevealed")[0]["how"] == "hit"
    assert state.trooper("h1").hex == (5, 8) and state.trooper("h1").state != "normal"


def test_a_missed_attack_says_nothing():
    data = projecting(keisotsu("k1", (5, 3)), active=1, real="m1")
    moves = [order(1, "k1"), shoot(1, "k1", "combi_rifle", ("m1", 3), second=NONE), PASS0]
    state, events = run(data, moves, {"k1.bs": [20, 20, 20]})
    assert not of(events, "HoloRevealed") and len(state.echoes) == 2


# --- the worked examples ---------------------------------------------------------------------


def test_example_1_nazim_moves_each_fusilier_reacts_at_one_echo_and_nazim_shoots_from_echo_2():
    """T 2442-2455: Angus shoots at Holo-echo 1, Estévez at Holo-echo 2; Nazim, « caché
    derrière l'Holo-écho 2 », shoots Estévez face to face; « Angus voit son tir passer à
    travers l'hologramme de Nazim, qui se volatilise »."""
    data = projecting(keisotsu("k1", (4, 2)), keisotsu("k2", (8, 1)), real="m2")
    state, _ = run(data, [order(0, "h1"), declare(0, "move", trooper="h1", to=[6, 6])])
    assert state.turn.pending.kind == "aro" and set(state.turn.pending.eligible) == {"k1", "k2"}
    moves = [
        aro(1, "k1", "bs_attack", weapon="combi_rifle", target="m1"),
        aro(1, "k2", "bs_attack", weapon="combi_rifle", target="m2"),
        shoot(0, "h1", "combi_rifle", ("k2", 3)),
    ]
    dice = {"h1.bs": [2, 3, 4], "k2.bs": [19], "k2.arm": [1, 1]}
    state, events = run(state, moves, dice)
    assert of(events, "HoloRevealed")[0]["token"] == "m2"
    assert state.trooper("h1").hex == (7, 5)
    contests = [(c["attacker"], c["target"], c["opposed"]) for c in of(events, "Contest")]
    assert contests == [("h1", "k2", "attack"), ("k2", "h1", "attack")]  # none of Angus's
    assert state.trooper("k2").state != "normal"


def test_example_2_a_template_at_echo_1_still_hits_nazim_under_it():
    """T 2456-2463: « Même si la cible n'est pas le vrai Nazim, il devra faire un Jet de BLI car
    il est touché par le cône d'explosion du tir, et l'Holo-écho 1 disparaîtra »."""
    data = projecting(
        trooper("d1", 1, "jsa.domaru.chain", (6, 3), 3), real="h1", echoes=((6, 7), (7, 7))
    )
    moves = [
        order(0, "h1"),
        declare(0, "move", trooper="h1", to=[6, 6]),
        aro(1, "d1", "bs_attack", weapon="chain_rifle", target="m1"),
        declare(0, "none"),
    ]
    state, events = run(data, moves, {"h1.arm": [20], "h1.guts": [1]})
    placed = of(events, "TemplatePlaced")[0]
    assert [6, 5] in placed["hexes"] and [6, 6] in placed["hexes"]
    assert of(events, "HoloRevealed")[0] | {"kind": "x"} == {
        "kind": "x",
        "seat": 0,
        "trooper": "h1",
        "token": "h1",
        "hex": [6, 6],
        "echoes": ["m1", "m2"],
        "how": "hit",
        "by": "d1",
    }
    assert "h1" in placed["victims"] and state.echoes == ()


# --- mines and CrazyKoalas -------------------------------------------------------------------


def mined(real):
    data = projecting(keisotsu("k1", (12, 1)), real=real)
    data["hidden"]["1"]["mines"] = [{"marker": "m9", "layer": "k1", "hex": [3, 5], "shown": False}]
    data["markers_placed"] = 9
    return data


def test_an_echo_sets_a_mine_off_and_a_decoy_under_it_leaves():
    """T 2436-2438: « Les Holo-échos comptent comme des figurines réelles … pour activer les
    armes ou les dispositifs ennemis (comme les Mines …) »: m1 walks into the mine's area, the
    figure and m2 do not."""
    moves = [order(0, "h1"), declare(0, "move", trooper="h1", to=[6, 6], second=NONE), PASS1]
    state, events = run(mined("m2"), moves)
    assert of(events, "MineTriggered")[0] | {"kind": "x"} == {
        "kind": "x",
        "seat": 1,
        "mine": "m9",
        "target": "h1",
        "hex": [5, 6],
    }
    assert of(events, "MineExploded")[0]["victims"] == []
    assert (of(events, "EchoDispelled")[0]["token"], of(events, "EchoDispelled")[0]["by"]) == (
        "m1",
        "m9",
    )
    assert tokens(state) == {"h1": [6, 6], "m2": [7, 5]}


def test_the_mine_an_echo_set_off_hits_the_trooper_when_that_echo_is_real():
    moves = [order(0, "h1"), declare(0, "move", trooper="h1", to=[6, 6], second=NONE), PASS1]
    state, events = run(mined("m1"), moves, {"h1.arm": [20], "h1.guts": [1]})
    assert of(events, "HoloRevealed")[0]["token"] == "m1"
    assert of(events, "MineExploded")[0]["victims"] == ["h1"]
    assert state.trooper("h1").hex == (5, 6) and state.echoes == ()


def koala_table(real):
    data = projecting(trooper("c1", 1, "nomads.moran.crazykoala", (1, 3), 3), real=real)
    data["koalas"] = [{"id": "q1", "seat": 1, "carrier": "c1", "hex": [1, 8]}]
    return data


def test_an_echo_in_a_crazykoalas_zoc_sets_it_off_and_a_decoy_leaves():
    """The same sentence names the deployables: m1 stands in the koala's ZoC, the figure and m2
    do not; the koala's explosion finds a decoy."""
    moves = [order(0, "h1"), declare(0, "move", trooper="h1", to=[6, 6], second=NONE), PASS1]
    state, events = run(koala_table("h1"), moves)
    assert of(events, "KoalaTriggered")[0]["target"] == "m1"
    assert of(events, "EchoDispelled")[0]["token"] == "m1"
    assert state.trooper("h1").wounds == 0 and state.koalas == ()


def test_a_crazykoala_set_off_by_the_real_echo_hits_the_trooper():
    moves = [order(0, "h1"), declare(0, "move", trooper="h1", to=[6, 6], second=NONE), PASS1]
    state, events = run(koala_table("m1"), moves, {"h1.arm": [1]})
    assert of(events, "HoloRevealed")[0]["token"] == "m1"
    assert state.trooper("h1").state != "normal"


# --- reactions ---------------------------------------------------------------------------------


def test_an_enemy_seeing_only_an_echo_reacts_and_only_at_that_echo():
    """T 2436-2440: « Les Holo-échos comptent comme des figurines réelles pour les ORA, pour
    tracer les LdV … ils donnent seulement 1 ORA à chaque figurine ayant une LdV »."""
    data = projecting(keisotsu("k1", (4, 13), facing=2))
    state, _ = run(data, [order(0, "h1"), declare(0, "move", trooper="h1", to=[6, 6])])
    assert state.turn.pending.eligible == ("k1",)
    offered = SYSTEM.legal_moves(state, 1)
    shots = [m for m in offered if m.get("skill") == "bs_attack"]
    assert {m["target"] for m in shots} == {"m2"}
    state, events = run(state, [shots[0]])
    assert of(events, "AroDeclared")[0]["target"] == "m2"
    assert state.turn.pending.seat == 0  # its one reaction spent, the window closed


def test_a_trooper_among_echoes_that_dodges_or_discovers_shows_itself():
    """Only Cautious Movement and the short movement skills without a roll keep it (T
    2425-2428): a Dodge rolls, Discover is no movement."""
    data = projecting(keisotsu("k1", (6, 3)), active=1, real="m1")
    state, events = run(data, [order(1, "k1"), declare(1, "move", trooper="k1", to=[6, 4])])
    state, events = run(state, [aro(0, "h1", "dodge")])
    assert of(events, "HoloRevealed")[0]["how"] == "acted"
    assert state.trooper("h1").hex == (5, 8)
    data = projecting(trooper("c1", 1, "test.camo.camouflage", (6, 3), 3), real="m1")
    data["hidden"]["1"]["markers"] = {"m5": "c1"}
    data["markers_placed"] = 5
    state, events = run(data, [order(0, "h1"), declare(0, "discover", trooper="h1", target="m5")])
    assert of(events, "HoloRevealed")[0]["how"] == "acted"
    state, events = run(projecting(keisotsu("k1", (6, 3))), [order(0, "h1")])
    state, events = run(state, [declare(0, "change_facing", trooper="h1", facings={"h1": 1})])
    assert not of(events, "HoloRevealed") and len(state.echoes) == 2


def test_a_standing_policy_to_shoot_asks_a_trooper_among_echoes_instead():
    """Which token shows itself by shooting is its player's choice (holo.py), and a shot judged
    from the figure need not be the real one's."""
    data = projecting(keisotsu("k1", (6, 3)), active=1, reactions="auto")
    state, _ = run(data, [order(1, "k1"), declare(1, "move", trooper="k1", to=[6, 4])])
    assert state.turn.pending.kind == "aro" and state.turn.pending.eligible == ("h1",)


# --- the command line ------------------------------------------------------------------------


def test_the_command_line_deploys_echoes_and_its_view_keeps_the_secret(tmp_path, capsys):
    """`apply --view 1` and `view --seat 1` show the echoes, never which token is real; the
    position printed keeps it (`hidden.0.holo`) and reads back."""
    from games.engine.infinity.cli import main

    pos, mv = tmp_path / "position.json", tmp_path / "moves.json"
    pos.write_text(json.dumps(deployment()))
    mv.write_text(json.dumps([deploy(real=1)]))
    assert main(["apply", str(pos), str(mv)]) == 0
    written = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert written["hidden"]["0"]["holo"] == {"h1": "m1"}
    assert [e["id"] for e in written["echoes"]] == ["m1", "m2"]
    assert main(["apply", str(pos), str(mv), "--view", "1"]) == 0
    seen = capsys.readouterr().out.strip().splitlines()[-1]
    assert '"holo"' not in seen and '"real"' not in seen and '"m1"' in seen
    pos.write_text(json.dumps(written))
    assert main(["view", str(pos), "--seat", "1"]) == 0
    seen = capsys.readouterr().out.strip().splitlines()[-1]
    assert '"holo"' not in seen and json.loads(seen)["echoes"][0]["id"] == "m1"


def test_an_older_position_without_echoes_writes_as_before():
    data = position([nazim(), keisotsu("k1", (4, 2))])
    written = state_to_json(state_from_json(data))
    assert "echoes" not in written and "holo" not in written["hidden"]["0"]


def test_a_trooper_among_echoes_holds_no_zone():
    """D (zones.py): where it really stands is secret and its figure may be a decoy, so it
    counts for no zone, as a marker does not."""
    from games.engine.infinity import zones

    data = projecting(keisotsu("k1", (12, 1)), scenario="zone_control")
    state = state_from_json(data)
    first = zones.zone_hexes(state.board)[0][0]
    data["troopers"][0]["hex"] = list(first)
    data["echoes"] = []
    data["hidden"]["0"]["holo"] = {}
    plain = zones.holders(state_from_json(data))
    assert 0 in plain
    data = projecting(keisotsu("k1", (12, 1)), scenario="zone_control")
    data["troopers"][0]["hex"] = list(first)
    data["echoes"] = [
        {"id": f"m{n + 1}", "seat": 0, "trooper": "h1", "hex": list(h)}
        for n, h in enumerate(zones.zone_hexes(state.board)[0][1:3])
    ]
    assert 0 not in zones.holders(state_from_json(data))


def test_its_player_is_offered_the_shots_of_where_the_trooper_really_stands():
    """Shooting shows it first (holo.KEEPS), so its player's shots are those of its real token
    (m2 sees k1 past the building; the figure does not); a move keeps the figure's."""
    walls = [((6, 7), "building"), ((6, 6), "building"), ((5, 7), "building")]
    data = projecting(keisotsu("k1", (6, 3)), scenery=walls, real="m2")
    state, _ = run(data, [order(0, "h1")])
    offered = SYSTEM.legal_moves(state, 0)
    shots = [m for m in offered if m.get("skill") == "bs_attack"]
    assert shots and all(m["targets"][0]["trooper"] == "k1" for m in shots)
    assert any(m.get("skill") == "move" for m in offered)
    state, events = run(state, [shots[0] | {"second": NONE}], {"h1.bs": [20, 20, 20]})
    assert of(events, "HoloRevealed")[0]["hex"] == [7, 7]


def test_a_position_with_an_echo_of_nobody_or_a_real_token_of_nothing_is_unreadable():
    from games.engine.infinity.position_read import PositionError

    data = projecting(keisotsu("k1", (12, 1)))
    data["echoes"][0]["trooper"] = "k9"
    with pytest.raises(PositionError):
        state_from_json(data)
    data = projecting(keisotsu("k1", (12, 1)), real="m7")
    with pytest.raises(PositionError):
        state_from_json(data)
