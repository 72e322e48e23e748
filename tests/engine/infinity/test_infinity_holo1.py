"""Holoprojector L1: a trooper disguised as another figure of its army (disguise.py; T: seed 003
'Holoprojecteur N1', lines 2334-2384). `test.holo1` is a placeholder: no profile of our data
carries a Holoprojector L1."""

import json

import pytest
from infh import alguacil, declare, keisotsu, of, order, position, refused, run, shoot, trooper

from games.engine.infinity import disguise
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.view import view

NONE = {"skill": "none"}
PASS0 = {"type": "aro_done", "seat": 0}
AS = "corregidor.alguacil.hmg"  # what t1 stands as


def t1(hex_=(6, 8), facing=0):
    return trooper("t1", 0, "test.holo1", hex_, facing)


def disguised(*others, **kw):
    data = position([t1(), alguacil("a1", (2, 12), kind="hmg"), *others], **kw)
    data["hidden"]["0"]["disguises"] = {"t1": AS}
    return data


def deployment():
    return position(
        [t1(None), alguacil("a1", (2, 12), kind="hmg"), keisotsu("k1", (4, 2))],
        phase="deployment",
        pending={"seat": 0, "kind": "deploy"},
        orders={0: {}, 1: {}},
    )


def deploy(**extra):
    return {"type": "deploy", "seat": 0, "trooper": "t1", "hex": [6, 8], **extra}


def test_deployed_as_another_figure_of_its_army_the_real_one_noted_secretly():
    """T 2343-2350: « une autre figurine de son armée est déployée à sa place … Le joueur doit
    noter secrètement quelle est la figurine réelle »."""
    state, events = run(deployment(), [deploy(disguise=AS)])
    assert state.hidden[0].disguises == (("t1", AS),)
    assert of(events, "DisguiseNoted")[0] == {
        "seat": 0,
        "trooper": "t1",
        "disguise": AS,
        "kind": "DisguiseNoted",
    }
    theirs = view(state, 1)
    assert next(t for t in theirs["troopers"] if t["id"] == "t1")["profile"] == AS
    assert "test.holo1" not in json.dumps(theirs) and "disguises" not in json.dumps(theirs)
    mine = view(state, 0)
    assert next(t for t in mine["troopers"] if t["id"] == "t1")["profile"] == "test.holo1"


def test_its_army_shows_each_figure_as_it_deploys_so_no_list_tells_the_carrier():
    """D: a side facing an army with a Holoprojector L1 sees none of its figures before they
    deploy (the list would name the carrier), and each `Deployed` says what arrives."""
    before = view(state_from_json(deployment()), 1)
    assert "t1" not in [t["id"] for t in before["troopers"]]
    _, events = run(deployment(), [deploy(disguise=AS)])
    assert of(events, "Deployed")[0]["profile"] == AS
    _, events = run(deployment(), [deploy()])
    assert of(events, "Deployed")[0]["profile"] == "test.holo1"  # plainly: as itself


def test_the_disguise_is_one_of_its_own_army_of_its_size_and_only_a_holoprojector_l1s():
    assert refused(deployment(), [deploy(disguise="jsa.keisotsu.combi")]) == "skill_not_allowed"
    other = {"type": "deploy", "seat": 0, "trooper": "a1", "hex": [3, 12], "disguise": AS}
    assert refused(deployment(), [other]) == "skill_not_allowed"
    state = state_from_json(deployment())
    assert disguise.choices(state, state.trooper("t1")) == [AS]
    remote = position([t1(None), trooper("r1", 0, "panoceania.auxbot.hft", (2, 12))])
    state = state_from_json(remote)
    assert disguise.choices(state, state.trooper("t1")) == []  # a man is no remote (T 2347)


def test_legal_moves_offer_each_disguise_and_a_plain_deployment():
    from games.engine.infinity.system import SYSTEM

    moves = SYSTEM.legal_moves(state_from_json(deployment()), 0)
    mine = [m for m in moves if m.get("trooper") == "t1"]
    assert {m.get("disguise") for m in mine} == {None, AS}


def test_moving_keeps_the_disguise_shooting_shows_it_first():
    """T 2351-2354: only Cautious Movement and roll-free short movement skills keep it."""
    moves = [order(0, "t1"), declare(0, "move", trooper="t1", to=[6, 7], second=NONE)]
    state, events = run(disguised(keisotsu("k1", (12, 1))), moves)
    assert state.hidden[0].disguises == (("t1", AS),) and not of(events, "DisguiseRevealed")
    moves = [order(0, "t1"), shoot(0, "t1", "combi_rifle", ("k1", 3))]
    state, events = run(disguised(keisotsu("k1", (7, 2))), moves)
    shown = of(events, "DisguiseRevealed")[0]
    assert shown["how"] == "acted" and shown["profile"] == "test.holo1"
    assert events.index(shown) < events.index(of(events, "SkillDeclared")[0])
    assert state.hidden[0].disguises == ()


def test_a_successful_discover_shows_it_and_on_a_plain_figure_tells_only_the_roll():
    """T 2356-2358: « N'importe quelle figurine avec une LdV peut déclarer la Compétence Courte
    Détecter, ou un ORA, et une réussite au Jet de VOL révélera l'Holoprojecteur »."""
    data = disguised(keisotsu("k1", (6, 3)), active=1)
    look = [order(1, "k1"), declare(1, "discover", trooper="k1", target="t1", second=NONE), PASS0]
    state, events = run(data, look, {"k1.wip": [1]})
    assert of(events, "DisguiseRevealed")[0]["how"] == "discovered"
    assert state.hidden[0].disguises == ()
    data = disguised(keisotsu("k1", (6, 3)), alguacil("a2", (7, 8)), active=1)
    look = [order(1, "k1"), declare(1, "discover", trooper="k1", target="a2", second=NONE), PASS0]
    state, events = run(data, look, {"k1.wip": [1]})
    assert of(events, "DiscoverRolled")[0]["success"] and not of(events, "DisguiseRevealed")


def test_discover_at_figures_is_offered_only_against_an_army_with_a_holoprojector_l1():
    state = state_from_json(disguised(keisotsu("k1", (6, 3))))
    assert set(disguise.discover_targets(state, 1)) == {"t1", "a1"}
    assert disguise.discover_targets(state, 0) == []


def test_base_contact_with_an_enemy_shows_it():
    """T 2354-2355: « automatiquement révélé quand il est au contact socle à socle »."""
    data = disguised(keisotsu("k1", (6, 5), facing=0), active=1)
    moves = [order(1, "k1"), declare(1, "move", trooper="k1", path=[[6, 6], [6, 7]])]
    state, events = run(data, moves)
    shown = of(events, "DisguiseRevealed")[0]
    assert shown["how"] == "contact" and shown["by"] == "k1"


def test_a_hit_shows_it_before_its_save():
    """D: its save reads its real ARM, so a hit shows it first."""
    data = disguised(keisotsu("k1", (6, 3)), active=1)
    moves = [order(1, "k1"), shoot(1, "k1", "combi_rifle", ("t1", 3), second=NONE), PASS0]
    state, events = run(data, moves, {"k1.bs": [1, 20, 20], "t1.arm": [20], "t1.guts": [1]})
    shown = of(events, "DisguiseRevealed")[0]
    assert shown["how"] == "hit"
    assert events.index(shown) < events.index(of(events, "SaveRolled")[0])


def test_reactivated_for_an_order_out_of_every_enemys_line_of_fire():
    """T 2378-2381: « récupérer son statut d'Holoprojecteur actif … dépenser 1 Ordre, à condition
    qu'il ne soit dans la LdV d'aucune figurine ennemie »."""
    data = position([t1(), alguacil("a1", (2, 12), kind="hmg"), keisotsu("k1", (14, 1), facing=0)])
    again = [order(0, "t1"), declare(0, "holo_reactivate", trooper="t1", disguise=AS)]
    state, events = run(data, again)
    assert state.hidden[0].disguises == (("t1", AS),)
    assert of(events, "HoloReactivated")[0] == {
        "seat": 0,
        "trooper": "t1",
        "disguise": AS,
        "kind": "HoloReactivated",
    }
    seen = position([t1(), alguacil("a1", (2, 12), kind="hmg"), keisotsu("k1", (6, 3))])
    assert refused(seen, again) == "skill_not_allowed"
    assert refused(state_to_json(state), again) == "skill_not_allowed"  # disguised already


def test_a_position_reads_back_and_a_disguise_of_nobody_is_unreadable():
    from games.engine.infinity.position_read import PositionError

    data = disguised(keisotsu("k1", (12, 1)))
    assert state_to_json(state_from_json(data))["hidden"]["0"]["disguises"] == {"t1": AS}
    data["hidden"]["0"]["disguises"] = {"zz": AS}
    with pytest.raises(PositionError):
        state_from_json(data)


def test_the_command_line_deploys_a_disguise_and_its_view_keeps_the_secret(tmp_path, capsys):
    """`apply --view 1` and `view --seat 1` show the disguise as t1's profile; the position
    printed keeps the truth (`hidden.0.disguises`) and reads back."""
    from games.engine.infinity.cli import main

    pos, mv = tmp_path / "position.json", tmp_path / "moves.json"
    pos.write_text(json.dumps(deployment()))
    mv.write_text(json.dumps([deploy(disguise=AS)]))
    assert main(["apply", str(pos), str(mv)]) == 0
    written = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert written["hidden"]["0"]["disguises"] == {"t1": AS}
    assert main(["apply", str(pos), str(mv), "--view", "1"]) == 0
    seen = capsys.readouterr().out.strip().splitlines()[-1]
    assert "test.holo1" not in seen and '"disguises"' not in seen
    pos.write_text(json.dumps(written))
    assert main(["view", str(pos), "--seat", "1"]) == 0
    seen = capsys.readouterr().out.strip().splitlines()[-1]
    t1 = next(t for t in json.loads(seen)["troopers"] if t["id"] == "t1")
    assert t1["profile"] == AS and "test.holo1" not in seen
