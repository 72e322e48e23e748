"""G: Servant (rules seed 003, 'Ghost : Serviteur'; spec A.6 row 4): a Doctor acting through its
remote. The text's example (Mech-Engineer Yie Yang and her Yáozăo) is played with a Zhanshi
Doctor standing in for the Engineer (Engineers and TAG repair are tier 3): its moves apart, its
dodge that only the threatened remote rolls, its orders where one stands still, and the
treatment the remote gives for its controller. The profiles are test guesses
(data/profiles.json)."""

import pytest
from infh import aro, declare, keisotsu, of, order, position, run, trooper

from games.engine.infinity.ctx import Ctx
from games.engine.infinity.dice import Dice
from games.engine.infinity.moves import decode
from games.engine.infinity.position import state_from_json
from games.engine.infinity.rules import play
from games.engine.infinity.system import SYSTEM
from games.engine.infinity.turns import casualty_points, order_pool
from games.engine.protocol import IllegalMove

COVER = [((3, 10), "building"), ((4, 10), "building"), ((5, 10), "building")]


def doctor(hex_=(4, 12), tid="z1", **extra):
    return trooper(tid, 0, "yujing.zhanshi.doctor", hex_, 0, **extra)


def yaozao(hex_=(7, 12), **extra):
    return trooper("y1", 0, "yujing.yaozao.servant", hex_, 0, controller="z1", **extra)


def downed(tid="p1", hex_=(8, 6), profile="yujing.zhanshi.doctor"):
    return trooper(tid, 0, profile, hex_, 0, state="unconscious", wounds=1)


def table(*extra, orders=None, **kw):
    """Yie Yang (the Doctor z1) south, behind her a wall of buildings; her Yáozăo y1 beside
    her; the downed comrade p1 (the Gūijiă of the text) in the middle; a Keisotsu k1 north."""
    return position(
        [doctor(), yaozao(), downed(), keisotsu("k1", (11, 3), 3), *extra],
        scenery=COVER,
        sectorials=(None, "jsa"),
        lieutenants=("z1", None),
        orders=orders or {0: {"regular": 3}},
        **kw,
    )


def passing(state, moves, dice=None):
    """Moves of seat 0 with forced dice, the Keisotsu letting every reaction pass."""
    state = state_from_json(state) if isinstance(state, dict) else state
    forced = Dice(forced={k: list(v) for k, v in (dice or {}).items()})
    events = []
    for move in moves:
        ctx = Ctx(state, forced)
        play(ctx, move["seat"], decode(move))
        while ctx.state.turn.pending.kind == "aro":
            play(ctx, 1, decode({"type": "aro_done", "seat": 1}))
        state, events = ctx.state, events + [{**e.data, "kind": e.kind} for e in ctx.events]
    assert not forced.unused()
    return state, events


def first_order():
    """« Yie Yang déclare la 1ère Compétence Courte de son Ordre : Se Déplacer. Elle se dirige
    vers un secteur de Couverture Totale tandis que le petit Yáozăo … se déplace vers un Gūijiă
    Inconscient »; the Keisotsu's ARO shoots at the Yáozăo."""
    state, events = run(
        table(),
        [order(0, "z1"), declare(0, "move", paths={"z1": [[3, 12]], "y1": [[7, 11], [7, 10]]})],
    )
    spent = of(events, "OrderSpent")[0]
    assert spent["troopers"] == ["z1", "y1"] and spent["synchronised"] is True
    assert spent["servant"] is True
    assert state.trooper("z1").hex == (3, 12) and state.trooper("y1").hex == (7, 10)
    assert state.turn.pending.kind == "aro"
    return run(state, [aro(1, "k1", "bs_attack", weapon="combi_rifle", target="y1")])[0]


def test_the_doctor_and_its_servant_give_one_order_and_the_servant_no_victory_points():
    state, _ = run(table(), [])
    assert order_pool(state, 0).regular == 1  # z1 and y1 together, p1 is down
    dead = run(table(), [])[0].update("y1", state="dead", wounds=2)
    assert casualty_points(dead, 0) == casualty_points(state, 0)  # « ne donne pas de Points »


def test_example_only_the_threatened_yaozao_rolls_the_pairs_dodge():
    """« Yie Yang déclare la 2ème Compétence Courte de l'Ordre : Esquiver. Le Yáozăo doit
    effectuer un Jet d'Opposition, mais pas Yie Yang, car elle n'est pas menacée. Le vaillant
    Yáozăo gagne le Jet, esquivant le tir ennemi. » No die is forced for Yie Yang: had she
    rolled, the forced dice would have run out."""
    state, events = run(first_order(), [declare(0, "dodge")], dice={"k1.bs": [5], "y1.ph": [7]})
    assert [d["trooper"] for d in of(events, "Dodged")] == ["y1"]
    contest = of(events, "Contest")[0]
    assert contest["opposed"] == "dodge" and contest["hits"] == 0
    assert state.trooper("y1").state == "normal" and state.turn.pending.kind == "order"


def test_example_the_next_orders_move_them_apart_then_the_servant_treats_for_its_doctor():
    """« Yie Yang reçoit un nouvel Ordre … Se Déplacer. Elle bouge jusqu'à ce que son socle soit
    au contact de la Couverture Totale et le Yáozăo court vers le Gūijiă. Il n'y a aucun ORA …
    la 2ème Compétence Courte est de nouveau : Se Déplacer. Yie Yang reste immobile derrière la
    Couverture et le Yáozăo continue sa route … L'Ordre suivant est se Déplacer + Réparer »
    (here + Soigner: the remote in base contact, the Doctor's WIP roll)."""
    state, _ = run(first_order(), [declare(0, "dodge")], dice={"k1.bs": [5], "y1.ph": [7]})
    state, events = passing(
        state,
        [
            order(0, "z1"),
            declare(0, "move", paths={"z1": [[3, 11]], "y1": [[7, 9]]}),
            declare(0, "move", paths={"y1": [[8, 8]]}),  # Yie Yang stays behind her cover
        ],
    )
    assert state.trooper("z1").hex == (3, 11) and state.trooper("y1").hex == (8, 8)
    # far beyond her Zone of Control, it stays connected: « aucune limite de distance »
    assert not of(events, "RemoteDisconnected") and state.trooper("y1").state == "normal"
    state, _ = passing(state, [order(0, "z1"), declare(0, "move", paths={"y1": [[8, 7]]})])
    heal = declare(0, "heal", trooper="y1", target="p1")
    assert heal in SYSTEM.legal_moves(state, 0)
    state, events = run(state, [heal], dice={"z1.wip": [4]})
    treated = of(events, "Treated")[0]
    assert treated["method"] == "servant" and treated["controller"] == "z1"
    assert treated["sv"] == 13 and treated["success"]  # the Zhanshi Doctor's WIP
    assert state.trooper("p1").state == "normal"


def test_a_failed_wip_roll_through_the_servant_kills_as_a_doctors_does():
    data = table()
    data["troopers"][1]["hex"] = [8, 7]  # already in base contact with p1
    state, events = passing(
        data,
        [order(0, "z1"), declare(0, "heal", trooper="y1", target="p1"), declare(0, "none")],
        {"z1.wip": [18]},
    )
    assert not of(events, "Treated")[0]["success"] and state.trooper("p1").state == "dead"


def test_the_servant_treats_only_in_base_contact_and_never_by_itself():
    state, _ = passing(table(), [order(0, "z1")])
    with pytest.raises(IllegalMove) as err:  # y1 at (7, 12), p1 at (8, 6)
        run(state, [declare(0, "heal", trooper="y1", target="p1")])
    assert err.value.code == "skill_not_allowed"
    data = table()
    data["troopers"][1]["controller"] = None  # a servant nobody controls
    data["troopers"][1]["hex"] = [8, 7]
    data["troopers"].append(doctor((1, 14), tid="d2"))
    state, _ = passing(data, [order(0, "d2")])
    with pytest.raises(IllegalMove):
        run(state, [declare(0, "heal", trooper="y1", target="p1")])


def test_the_servant_disconnects_when_its_doctor_falls_and_reconnects_when_it_is_healed():
    """« se déconnecte automatiquement si le Médecin … passe l'état Inconscient … se connecte
    automatiquement … à la fin de l'Ordre durant lequel le Médecin / l'Ingénieur est revenu de
    l'état Inconscient »: a second Doctor (the 112) treats Yie Yang back up."""
    data = table(trooper("d2", 0, "mercenary.112.doctor", (4, 13), 0))
    data["troopers"][0].update(state="unconscious", wounds=1)
    state, events = passing(
        data, [order(0, "d2"), declare(0, "move", path=[[5, 12]]), declare(0, "none")]
    )
    assert of(events, "RemoteDisconnected") and state.trooper("y1").state == "immobilised"
    with pytest.raises(IllegalMove):  # a disconnected remote takes no order
        run(state, [order(0, "y1")])
    state, events = passing(
        state,
        [order(0, "d2"), declare(0, "heal", trooper="d2", target="z1"), declare(0, "none")],
        {"d2.wip": [3]},
    )
    assert state.trooper("z1").state == "normal"
    assert of(events, "RemoteReconnected") and state.trooper("y1").state == "normal"


def test_an_impetuous_order_leaves_the_servant_behind():
    """« Les D.C.D. avec G : Serviteur sont des figurines Non Impétueuses »."""
    state, events = run(
        table(orders={0: {"regular": 0, "impetuous": {"z1": 1}}}),
        [order(0, "z1", kind="impetuous")],
    )
    assert of(events, "OrderSpent")[0]["troopers"] == ["z1"]


def test_the_doctor_may_dodge_what_only_its_servant_sees():
    """« Le Médecin … peut voir par les capteurs … de son D.C.D., il peut donc réagir à un
    Ordre déclaré dans la LdV, ou la ZdC, de son D.C.D. avec … Esquiver »."""
    data = table(active=1, orders={1: {"regular": 2}})
    data["troopers"][0]["facing"] = 3  # Yie Yang looks away from the Keisotsu
    data["troopers"][1]["hex"] = [10, 6]  # her Yáozăo sees it
    state, _ = run(data, [order(1, "k1"), declare(1, "move", path=[[11, 4]])])
    assert state.turn.pending.kind == "aro" and "z1" in state.turn.pending.eligible
    with pytest.raises(IllegalMove):
        run(state, [aro(0, "z1", "bs_attack", weapon="combi_rifle", target="k1")])
    state, _ = run(state, [aro(0, "z1", "dodge")])
    with pytest.raises(IllegalMove):  # « Cet ORA doit être le même pour les deux figurines »
        run(state, [aro(0, "y1", "change_facing", facing=1)])
