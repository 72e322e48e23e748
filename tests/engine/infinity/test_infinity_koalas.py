"""CrazyKoalas (rules seed 003, 'CrazyKoala', Exemples 1–3 with Akinyi the Moran and the
Zhanshi Wen Liu; koalas.py). Akinyi and Wen Liu are test profiles (data/profiles.json marks their
attributes as guesses; Wen Liu's PH 10 is the text's). Example 3 needs TO markers and the
Intuitive Attack (tier 3). Discover is not built: Change Facing, another short movement skill,
stands in for it in example 1."""

import pytest
from infh import declare, of, order, position, run, trooper

from games.engine.hexgrid import distance
from games.engine.infinity import koalas as koalas_rules
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.system import SYSTEM
from games.engine.protocol import IllegalMove

PASS = {1: {"w1": {"on_sight": "pass", "on_template": "pass"}}}  # Wen Liu lets them be
WALL = [((4, 8), "building"), ((5, 8), "building"), ((6, 8), "building")]


def akinyi(hex_=(5, 12), facing=3):
    return trooper("a1", 0, "nomads.moran.crazykoala", hex_, facing)


def wen_liu(hex_=(5, 6)):
    return trooper("w1", 1, "yujing.zhanshi.combi", hex_, 3)


def koalas(*hexes):
    return [
        {"id": f"a1.k{i + 1}", "seat": 0, "carrier": "a1", "hex": list(h)}
        for i, h in enumerate(hexes)
    ]


def example_2():
    """« Il s'avance vers un mur suivi de ses CrazyKoalas, et les place à ses côtés. Pendant le
    tour de son adversaire, le Zhanshi Wen Liu, qui est de l'autre côté du mur, déclare la 1ère
    Compétence Courte d'un Ordre : Se Déplacer. Cela active les deux CrazyKoalas »."""
    data = position(
        [akinyi((5, 12)), wen_liu()],
        scenery=WALL,
        active=1,
        orders={1: {"regular": 1}},
        sectorials=(None, None),
    )
    data["koalas"] = koalas((4, 9), (6, 9))
    state, events = run(data, [order(1, "w1"), declare(1, "move", path=[[6, 5]])])
    assert [e["koala"] for e in of(events, "KoalaTriggered")] == ["a1.k1", "a1.k2"]
    assert all(e["target"] == "w1" for e in of(events, "KoalaTriggered"))
    return state


def test_example_2_wen_liu_dodges_both_koalas_with_one_normal_ph_roll():
    """« Son PH est de 10 et il obtient 5, réussissant le Jet. Il esquive donc les deux
    attaques … il ne subit pas de dégâts et les CrazyKoalas doivent être retirés de la table »."""
    state, events = run(example_2(), [declare(1, "dodge")], dice={"w1.ph": [5]})
    assert of(events, "Dodged")[0]["sv"] == 10 and of(events, "Dodged")[0]["success"]
    assert [e["dodged"] for e in of(events, "KoalaExploded")] == [True, True]
    assert state.koalas == () and state.trooper("w1").state == "normal"
    assert not of(events, "SaveRolled")


def test_example_2_had_wen_liu_failed_he_would_save_twice_against_damage_15_shock():
    """« Si Wen Liu avait échoué à son Jet de PH, il aurait dû faire deux Jets de BLI contre des
    Dommages de 15, avec les règles de la Munition Spéciale Shock »; no cover in contact."""
    state, events = run(example_2(), [declare(1, "dodge")], dice={"w1.ph": [15], "w1.arm": [16, 3]})
    saves = of(events, "SaveRolled")
    assert len(saves) == 2 and all(s["dam"] == 15 and not s["cover"] for s in saves)
    assert state.koalas == ()
    assert state.trooper("w1").state == "dead"  # one wound, Shock: dead at once


def test_a_koala_with_no_way_to_its_target_does_not_set_off():
    """« Si un obstacle infranchissable … bloque son chemin, le CrazyKoala ne s'activera pas »:
    a koala boxed in by buildings stays."""
    data = position(
        [akinyi((5, 12)), wen_liu((5, 7))],
        scenery=[((5, 9), "building"), ((5, 11), "building"), ((4, 10), "building")]
        + [((4, 11), "building"), ((6, 9), "building"), ((6, 10), "building")],
        active=1,
        orders={1: {"regular": 1}},
        sectorials=(None, None),
    )
    data["koalas"] = koalas((5, 10))
    state, events = run(data, [order(1, "w1"), declare(1, "move", path=[[6, 6]])])
    assert not of(events, "KoalaTriggered") and len(state.koalas) == 1


def test_example_1_koalas_follow_any_short_movement_skill_inside_the_carriers_zoc():
    """« Avec la 1ère Compétence Courte … Akinyi se déplacera, avec ses 2 CrazyKoalas le suivant
    à l'intérieur sa ZdC. Avec la 2ème Compétence Courte : Détecter, les CrazyKoalas pourraient
    aussi se déplacer, même si Akinyi ne bouge pas »."""
    data = position(
        [akinyi((5, 12), 0), wen_liu((12, 1))], orders={0: {"regular": 2}}, policies=PASS
    )
    data["koalas"] = koalas((4, 12), (6, 12))
    move = declare(0, "move", path=[[5, 11]], koalas={"a1.k1": [4, 11], "a1.k2": [6, 11]})
    turn = declare(0, "change_facing", facing=1, koalas={"a1.k1": [4, 10]})
    state, events = run(data, [order(0, "a1"), move, turn])
    assert {k.id: k.hex for k in state.koalas} == {"a1.k1": (4, 10), "a1.k2": (6, 11)}
    assert len(of(events, "KoalaMoved")) == 3


def test_example_1_a_koala_left_out_of_the_zoc_stays_and_none_moves_with_a_shot():
    """« Akinyi se déplacera avec un de ses CrazyKoalas. L'autre garde sa position, bien que
    cela signifie qu'il sera hors de la ZdC … Avec la 2ème Compétence Courte de l'Ordre : Tirer,
    le CrazyKoala qui est à l'intérieur de la ZdC de son porteur ne peut pas se déplacer »."""
    data = position(
        [akinyi((5, 12), 0), wen_liu((5, 1))], orders={0: {"regular": 2}}, policies=PASS
    )
    data["koalas"] = koalas((4, 12), (1, 14))
    path = [[6, 11], [7, 10]]
    state, _ = run(data, [order(0, "a1"), declare(0, "move", path=path, koalas={"a1.k1": [5, 11]})])
    assert {k.id: k.hex for k in state.koalas} == {"a1.k1": (5, 11), "a1.k2": (1, 14)}
    shot = declare(
        0,
        "bs_attack",
        trooper="a1",
        weapon="combi_rifle",
        targets=[{"trooper": "w1", "burst": 3}],
        koalas={"a1.k1": [6, 10]},
    )
    with pytest.raises(IllegalMove):
        run(state, [shot])
    state, _ = run(state, [declare(0, "none")])
    data = state_to_json(state)
    data["turn"]["orders"]["0"] = {"regular": 1}
    state = state_from_json(data)
    with pytest.raises(IllegalMove) as err:  # out of Akinyi's ZoC: « ne peut pas être déplacé »
        run(state, [order(0, "a1"), declare(0, "move", path=[[7, 9]], koalas={"a1.k2": [2, 13]})])
    assert err.value.code == "skill_not_allowed"


def _deploying(enemy_hex=(5, 2)):
    data = position(
        [trooper("a1", 0, "nomads.moran.crazykoala", (0, 0), 0), wen_liu(enemy_hex)],
        pending={"seat": 0, "kind": "deploy"},
        sectorials=(None, None),
    )
    data["troopers"][0]["hex"] = None
    data["turn"]["phase"] = "deployment"
    return data


def test_the_koalas_are_deployed_with_their_carrier_inside_its_zoc():
    deploy = {"type": "deploy", "seat": 0, "trooper": "a1", "hex": [5, 12], "facing": 0}
    state, events = run(_deploying(), [deploy])
    assert [e["koala"] for e in of(events, "KoalaDeployed")] == ["a1.k1", "a1.k2"]
    assert all(
        k.hex in ((5, 11), (6, 11), (6, 12), (5, 13), (4, 13), (4, 12)) for k in state.koalas
    )
    placed = {**deploy, "koalas": [[5, 9], [7, 11]]}
    state, _ = run(_deploying(), [placed])
    assert [k.hex for k in state.koalas] == [(5, 9), (7, 11)]
    with pytest.raises(IllegalMove) as err:
        run(_deploying(), [{**deploy, "koalas": [[5, 6]]}])  # outside its ZoC
    assert err.value.code == "illegal_path"
    view = SYSTEM.view(state, 1)
    assert len(view["koalas"]) == 2  # on the table for everybody


def test_with_an_enemy_in_their_area_the_koalas_are_lost():
    """« s'il y a des troupes ennemies dans l'aire d'effet de ces armes, alors le joueur ne peut
    pas déployer les CrazyKoalas, et ils sont considérés perdus »."""
    deploy = {"type": "deploy", "seat": 0, "trooper": "a1", "hex": [5, 10], "facing": 0}
    state, events = run(_deploying(enemy_hex=(5, 7)), [deploy])
    assert of(events, "KoalasLost") and state.koalas == ()


def test_a_carrier_in_hidden_deployment_deploys_no_koala():
    data = _deploying()
    data["options"]["hidden_deployment"] = True
    deploy = {"type": "deploy", "seat": 0, "trooper": "a1", "hex": [5, 12], "hidden": True}
    state, events = run(data, [deploy])
    assert state.koalas == () and not of(events, "KoalaDeployed")


def test_the_hexes_offered_for_a_koala_are_free_open_ground_in_the_zoc_out_of_enemy_reach():
    """What the match page offers a player placing the koalas by hand (koalas.deploy_hexes):
    « à l'intérieur de sa ZdC » and « il ne doit pas y avoir de troupes ennemies dans l'aire
    d'effet », on open ground, never the carrier's own hex nor a trooper's."""
    data = _deploying(enemy_hex=(5, 5))
    data["scenery"] = [{"hex": [6, 12], "kind": "building"}]
    data["troopers"].append(trooper("b1", 0, "nomads.moran.crazykoala", (4, 12), 0))
    state = state_from_json(data)
    offered = koalas_rules.deploy_hexes(state, "a1", (5, 12))
    assert offered[0] in ((5, 11), (5, 13), (4, 13))  # nearest first
    assert (5, 12) not in offered and (4, 12) not in offered and (6, 12) not in offered
    assert (5, 9) not in offered  # Wen Liu (5, 5) is 4 hexes away: the koala would be lost
    assert (5, 10) in offered and (8, 8) in offered
    assert all(distance((5, 12), h) <= 4 for h in offered)
    for h in offered[:6]:  # the engine accepts what the page offers
        placed = {"type": "deploy", "seat": 0, "trooper": "a1", "hex": [5, 12]}
        after, _ = run(data, [{**placed, "koalas": [list(h)]}])
        assert [k.hex for k in after.koalas] == [h]


def test_a_koala_may_follow_to_free_open_ground_within_3_hexes_inside_the_new_zoc():
    data = position(
        [akinyi((5, 12), 0), wen_liu((12, 1))], orders={0: {"regular": 2}}, policies=PASS
    )
    data["koalas"] = koalas((4, 12), (10, 12))  # the second out of Akinyi's ZoC
    state = state_from_json(data)
    assert [k.id for k in koalas_rules.followers(state, "a1")] == ["a1.k1"]
    offered = koalas_rules.follow_hexes(state, "a1.k1", (6, 10))
    assert offered[0] == (4, 12)  # it may stay: still inside the new ZoC
    assert (6, 10) not in offered and (10, 12) not in offered
    assert all(distance((4, 12), h) <= 3 and distance((6, 10), h) <= 4 for h in offered)
    assert (4, 9) in offered and (3, 15) not in offered  # (3, 15) is 5 from (6, 10)
    move = declare(0, "move", path=[[5, 11], [6, 10]], koalas={"a1.k1": list(offered[-1])})
    after, _ = run(data, [order(0, "a1"), move])
    assert {k.id: k.hex for k in after.koalas}["a1.k1"] == offered[-1]


def _coordinated_into_koalas():
    """Two Zhanshi of a coordinated order both step inside the ZoC of Akinyi's koala (5, 9)."""
    data = position(
        [akinyi((5, 12)), wen_liu((4, 6)), trooper("w2", 1, "yujing.zhanshi.combi", (7, 6), 3)],
        active=1,
        orders={1: {"regular": 2}},
        sectorials=(None, None),
        policies={1: {}, 0: {"a1": {"on_sight": "pass", "on_template": "pass"}}},
    )
    data["koalas"] = koalas((5, 9))
    move = declare(1, "move", paths={"w1": [[4, 7]], "w2": [[7, 7]]})
    return run(data, [order(1, coordinated=["w1", "w2"]), move])


def test_against_a_coordinated_order_the_owner_chooses_the_koalas_target():
    """« Contre un Ordre Coordonné exécuté à l'intérieur de sa ZdC, un CrazyKoala peut réagir
    contre n'importe quelle figurine au choix du joueur »: its owner is asked which trooper of
    the order it goes for, the nearest offered first; the window opens once it is aimed."""
    state, events = _coordinated_into_koalas()
    assert not of(events, "KoalaTriggered")
    assert SYSTEM.to_act(state) == (0,) and state.turn.pending.kind == "koala_target"
    assert state_from_json(state_to_json(state)) == state  # it survives the position format
    offered = SYSTEM.legal_moves(state, 0)
    assert [m["target"] for m in offered] == ["w2", "w1"]  # (7, 6) is 3 hexes away, (4, 6) 4
    assert SYSTEM.view(state, 1)["turn"]["pending"] == {"seat": 0, "kind": "waiting"}
    with pytest.raises(IllegalMove):
        run(state, [{"type": "koala_target", "seat": 0, "koala": "a1.k1", "target": "a1"}])
    state, events = run(state, [offered[1]])
    assert [(e["koala"], e["target"]) for e in of(events, "KoalaTriggered")] == [("a1.k1", "w1")]
    assert state.turn.current.koalas == (("a1.k1", "w1"),)
    assert state.turn.pending.kind != "koala_target"


def test_a_koala_left_unaimed_at_its_deadline_goes_for_the_nearest():
    state, _ = _coordinated_into_koalas()
    assert SYSTEM.timeout_move(state, 0) == {
        "type": "koala_target",
        "seat": 0,
        "koala": "a1.k1",
        "target": "w2",
    }


def test_the_hexes_offered_tell_nothing_of_an_enemy_in_hidden_deployment():
    """A hidden enemy's hex is offered as any free hex (its owner's view holds only a guess of
    it), and it does not make the koalas lost: it is not public."""
    data = _deploying(enemy_hex=(5, 9))
    data["hidden"]["1"]["hidden_deployment"] = ["w1"]
    state = state_from_json(data)
    offered = koalas_rules.deploy_hexes(state, "a1", (5, 12))
    assert (5, 9) in offered and (5, 10) in offered
    follow = position([akinyi((5, 12), 0), wen_liu((4, 10))], orders={0: {"regular": 1}})
    follow["hidden"]["1"]["hidden_deployment"] = ["w1"]
    follow["koalas"] = koalas((4, 12))
    assert (4, 10) in koalas_rules.follow_hexes(state_from_json(follow), "a1.k1", (5, 11))


# --- civilians ------------------------------------------------------------------------------------


def wen_liu_leading_a_civilian_to_the_koala():
    """Wen Liu (seat 1) leads the civilian c1 and sends it one hex into the ZoC of Akinyi's koala
    at (5, 9) while he steps away himself, out of its reach all along."""
    data = position(
        [akinyi((5, 12)), wen_liu((5, 3))],
        civilians=[{"id": "c1", "hex": [5, 4], "kind": "neutral", "synced_to": "w1"}],
        active=1,
        orders={1: {"regular": 1}},
        policies={0: {"a1": {"on_sight": "pass", "on_template": "pass"}}},
        sectorials=(None, None),
    )
    data["koalas"] = koalas((5, 9))
    move = declare(1, "move", trooper="w1", path=[[5, 2]], companions={"c1": [[5, 5]]})
    return data, [order(1, "w1"), move]


def test_a_civilian_led_into_the_zoc_sets_the_koala_off_and_its_leader_pays_for_it():
    """T 955-957: « Les Civils peuvent activer les armes et les équipements déployants (Mines,
    E/Maulers, CrazyKoalas…) mais le joueur doit se rappeler que s'il leurs permet de s'activer
    et qu'ils meurent, il subira une pénalité » (spec CIV-11), as mines.py reads it: the koala
    leaps at c1, whose death (DAM 15 Shock, one wound) costs seat 1, who led it there (D)."""
    data, moves = wen_liu_leading_a_civilian_to_the_koala()
    state, events = run(data, [*moves, declare(1, "none")], {"c1.arm": [5]})
    assert [(e["koala"], e["target"]) for e in of(events, "KoalaTriggered")] == [("a1.k1", "c1")]
    assert of(events, "KoalaExploded")[0]["target"] == "c1"
    c1 = state.civilian("c1")
    assert c1.state == "dead" and c1.killed_by == 1
    assert state.koalas == () and state.trooper("w1").state == "normal"


def test_a_civilian_kept_out_of_the_zoc_leaves_the_koala_standing():
    data, moves = wen_liu_leading_a_civilian_to_the_koala()
    moves[1]["companions"] = {"c1": [[4, 4]]}  # still five hexes from the koala
    state, events = run(data, [*moves, declare(1, "none")])
    assert not of(events, "KoalaTriggered") and len(state.koalas) == 1
