"""Mines laid by a Minelayer (tier 3; mines.py): the French text, seed 003 'Poseur de Mines'
(lines 1476-1490), cited by line; the engine README's "Mines" for what the text leaves to us
(D: the mine's profile, its area, its trigger).

`test.minelayer` is a placeholder (no profile of our two sectorials has Minelayer): only its
Minelayer and Infiltration matter. Seat 1 (north) lays; seat 0's Alguacil walks into it."""

import json

from infh import alguacil, declare, of, order, position, refused, run, trooper

from games.engine.infinity import mines
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.state import Mine
from games.engine.infinity.system import SYSTEM
from games.engine.infinity.view import view
from games.engine.protocol import event_for_seat
from games.engine.rng import Rng

PASS = {"on_sight": "pass", "on_template": "pass"}


def layer(hex_=(6, 2), facing=3):
    return trooper("l1", 1, "test.minelayer", hex_, facing)


def deployment(*extra, layer_at=(6, 2)):
    """The JSA deploying, its Minelayer on the table; Corregidor's HMG Alguacil far south."""
    return position(
        [alguacil("a1", (6, 12), kind="hmg"), layer(layer_at), *extra],
        active=1,
        phase="deployment",
        pending={"seat": 1, "kind": "deploy"},
        orders={0: {}, 1: {}},
    )


def lay(hex_):
    return {"type": "lay_mine", "seat": 1, "trooper": "l1", "hex": list(hex_)}


def mined(mine_at=(6, 6), shown=False, **kw):
    """Seat 0 to give orders; the Minelayer's mine m1 lies at `mine_at`."""
    data = position(
        [alguacil("a2", (6, 10)), layer((13, -4))],
        policies={1: {"l1": PASS}},
        orders={0: {"regular": 3}},
        **kw,
    )
    data["hidden"]["1"]["mines"] = [
        {"marker": "m1", "layer": "l1", "hex": list(mine_at), "shown": shown}
    ]
    data["markers_placed"] = 1
    return data


# --- laying it ----------------------------------------------------------------------------------


def test_a_minelayer_lays_its_mine_in_its_zoc_as_a_camouflage_marker():
    """T 1479-1482: « placer un Marqueur Camouflage à l'intérieur de leur ZdC pour représenter
    une Mine camouflée »."""
    state, events = run(deployment(), [lay((6, 5))])
    assert state.hidden[1].mines == (Mine("m1", "l1", (6, 5), False),)
    assert state.markers_placed == 1
    assert of(events, "Deployed")[0]["mine"] is True


def test_the_other_seat_reads_a_camouflage_marker_deployed_and_nothing_of_a_mine():
    """To the other seat a mine's marker is a camouflage marker (D: same id, event, view)."""
    state = state_from_json(deployment())
    step = SYSTEM.apply(state, 1, lay((6, 5)), Rng(1))
    for seat in (0, None):
        seen = [event_for_seat(e.to_json(), seat) for e in step.events]
        assert seen == [
            {
                "seat": 1,
                "trooper": "m1",
                "hex": [6, 5],
                "marker": "m1",
                "marker_kind": "camouflage",
                "kind": "Deployed",
            }
        ]
        theirs = view(step.state, seat)
        assert theirs["markers"] == [
            {"marker": "m1", "seat": 1, "hex": [6, 5], "kind": "camouflage"}
        ]
        assert theirs["mines"] == []
        assert '"layer"' not in json.dumps(theirs) and '"mine"' not in json.dumps(theirs)
    from hidden import secrets

    for seat in (0, None):  # the secrets every view and event is held to (tests/…/hidden.py)
        found = secrets(step.state, seat)
        assert '"marker": "m1", "mine": true' in found
        text = json.dumps([view(step.state, seat), [e.for_seat(seat) for e in step.events]])
        assert not [s for s in found if s in text]
    assert view(step.state, 1)["mines"] == [
        {"marker": "m1", "seat": 1, "hex": [6, 5], "camouflaged": True}
    ]


def test_a_mine_and_a_camouflaged_trooper_deploy_alike_for_the_other_seat():
    """Nothing in the other seat's copy of the two deployments tells the mine from the trooper:
    the same fields (a marker's facing is secret, its kind is public)."""
    data = deployment(trooper("c1", 1, "test.camo.camouflage", None, 3))
    state = state_from_json(data)
    placed = SYSTEM.apply(
        state,
        1,
        {"type": "deploy", "seat": 1, "trooper": "c1", "hex": [4, 1], "marker": True},
        Rng(1),
    )
    laid = SYSTEM.apply(placed.state, 1, lay((6, 5)), Rng(2))
    for seat in (0, None):
        (as_marker,) = [e.for_seat(seat) for e in placed.events if e.kind == "Deployed"]
        (as_mine,) = [e.for_seat(seat) for e in laid.events if e.kind == "Deployed"]
        assert as_marker is not None and as_mine is not None
        assert sorted(as_marker) == sorted(as_mine)
        assert as_marker["marker_kind"] == as_mine["marker_kind"] == "camouflage"


def test_not_outside_its_zoc_nor_with_an_enemy_in_the_mines_area():
    """T 1483-1485: « Le Marqueur ne peut pas être placé s'il y a une troupe ennemie à
    l'intérieur de l'aire d'effet de la Mine »; the area: a small teardrop from it, any aim
    (D)."""
    assert refused(deployment(), [lay((6, 7))]) == "illegal_path"  # 5 hexes away
    near = deployment(alguacil("a2", (6, 8)))
    assert refused(near, [lay((6, 5))]) == "illegal_path"  # a2 three hexes south of it
    assert run(near, [lay((6, 3))])[0].hidden[1].mines


def test_only_a_minelayer_lays_one_and_laying_again_moves_it():
    data = deployment(trooper("k1", 1, "jsa.keisotsu.combi", (8, 1), 3))
    bad = {"type": "lay_mine", "seat": 1, "trooper": "k1", "hex": [8, 2]}
    assert refused(data, [bad]) == "skill_not_allowed"
    state, _ = run(data, [lay((6, 5)), lay((5, 4))])
    assert state.hidden[1].mines == (Mine("m1", "l1", (5, 4), False),)


def test_legal_moves_offer_the_mine_once_the_minelayer_stands():
    offered = SYSTEM.legal_moves(state_from_json(deployment()), 1)
    lays = [m for m in offered if m["type"] == "lay_mine"]
    assert lays and all(
        mines.lays(state_from_json(deployment()).trooper(m["trooper"])) for m in lays
    )
    state, _ = run(deployment(), [lays[0]])
    assert not [m for m in SYSTEM.legal_moves(state, 1) if m["type"] == "lay_mine"]


def test_after_a_failed_infiltration_the_mine_is_laid_in_the_open():
    """T 1486-1488: « Si la figurine se déploie dans la moitié de terrain ennemi en utilisant la
    Compétence Spéciale Infiltration et rate son Jet de PH, un Marqueur Mine sera placé au lieu
    d'un Marqueur Camouflage »."""
    data = deployment()
    data["troopers"][1]["hex"] = None
    infiltrate = {"type": "deploy", "seat": 1, "trooper": "l1", "hex": [6, 5]}  # row 8: −1
    state, events = run(data, [infiltrate], {"l1.ph": [20]})
    spot = state.trooper("l1").hex
    assert spot is not None
    near = next(h for h in mines.lay_hexes(state, "l1"))
    state, events = run(state, [lay(near)])
    assert state.hidden[1].mines[0].shown
    assert of(events, "MineLaid")[0]["mine"] == "m1"
    theirs = view(state, 0)
    assert theirs["mines"] == [{"marker": "m1", "seat": 1, "hex": list(near)}]
    assert theirs["markers"] == []


# --- setting it off ------------------------------------------------------------------------------


def walk_in(second=True):
    move = declare(0, "move", trooper="a2", path=[[6, 9], [6, 8]])
    if second:
        move["second"] = {"skill": "none"}
    return [order(0, "a2"), move]


def test_an_enemy_walking_into_its_area_sets_it_off_and_the_teardrop_hits_it():
    """D: the first hex of its route inside the area (6, 9); the small teardrop aimed there
    covers (6, 8) where it stands: DAM 13 Shock, saved with 20."""
    state, events = run(mined(), walk_in(), {"a2.arm": [20], "a2.guts": [1]})
    triggered = of(events, "MineTriggered")[0]
    assert (triggered["mine"], triggered["target"], triggered["hex"]) == ("m1", "a2", [6, 9])
    exploded = of(events, "MineExploded")[0]
    assert exploded["victims"] == ["a2"] and [6, 8] in exploded["template"]
    saved = of(events, "SaveRolled")[0]
    assert (saved["dam"], saved["ammo"], saved["attacker"]) == (13, "Shock", "m1")
    assert state.hidden[1].mines == () and state.trooper("a2").normal


def test_a_failed_save_against_the_mine_wounds():
    state, _ = run(mined(), walk_in(), {"a2.arm": [5]})
    assert not state.trooper("a2").normal


def test_a_mine_goes_off_in_public_and_shows_itself_a_mine():
    state = state_from_json(mined())
    for move in walk_in()[:1]:
        state = SYSTEM.apply(state, 0, move, Rng(1)).state
    step = SYSTEM.apply(state, 0, walk_in()[1], Rng(2))
    for seat in (0, None):
        kinds = [e["kind"] for e in (event_for_seat(x.to_json(), seat) for x in step.events) if e]
        assert "MineTriggered" in kinds and "MineExploded" in kinds


def test_far_from_it_nothing_happens():
    state, events = run(mined(mine_at=(13, -2)), walk_in())
    assert not of(events, "MineTriggered") and state.hidden[1].mines


def test_an_enemy_cannot_walk_onto_the_mines_hex():
    moves = [order(0, "a2"), declare(0, "move", trooper="a2", path=[[6, 9], [6, 8]])]
    assert refused(mined(mine_at=(6, 8)), moves) == "illegal_path"


# --- discovering it ------------------------------------------------------------------------------


def test_discover_finds_a_mine_as_it_finds_a_camouflage_marker():
    """Spec B.14 / B.9: Discover, −3 against a camouflage marker: the finder cannot tell (D)."""
    moves = [
        order(0, "a2"),
        declare(0, "discover", trooper="a2", target="m1", second={"skill": "none"}),
    ]
    state, events = run(mined(), moves, {"a2.wip": [1]})
    rolled = of(events, "DiscoverRolled")[0]
    assert rolled["mods"] == {"range": 0, "camouflage": -3} and rolled["sv"] == 10
    revealed = of(events, "MarkerRevealed")[0]
    assert revealed["mine"] is True and revealed["marker"] == "m1"
    assert state.hidden[1].mines[0].shown
    assert view(state, 0)["mines"] == [{"marker": "m1", "seat": 1, "hex": [6, 6]}]
    ordered, _ = run(mined(), [order(0, "a2")])
    offered = SYSTEM.legal_moves(ordered, 0)
    assert any(m.get("skill") == "discover" and m.get("target") == "m1" for m in offered)


# --- the position format -------------------------------------------------------------------------


def test_mines_are_written_in_their_owners_secret_and_read_back():
    state, _ = run(deployment(), [lay((6, 5))])
    data = state_to_json(state)
    assert data["hidden"]["1"]["mines"] == [
        {"marker": "m1", "layer": "l1", "hex": [6, 5], "shown": False}
    ]
    assert state_from_json(data) == state
    assert state_from_json(deployment()).hidden[1].mines == ()


def test_a_state_dealt_from_a_view_with_mines_shows_that_view_again():
    """The computer's `determinize`: the other side's hidden mine is a marker it takes for a
    trooper, a shown one stays a mine, its own mines are its own."""
    from games.engine.infinity.view import determinize

    data = mined()
    data["hidden"]["1"]["mines"].append(
        {"marker": "m2", "layer": "l1", "hex": [3, 3], "shown": True}
    )
    data["markers_placed"] = 2
    state = state_from_json(data)
    for seat in (0, 1):
        seen = view(state, seat)
        dealt = determinize(seen, seat, Rng("deal"))
        assert view(dealt, seat) == seen


def test_the_computer_plays_with_a_mine_on_the_table_and_lays_one():
    """It must at least not break: seat 0 facing a hidden mine (a marker to it), seat 1 with a
    Minelayer to lay."""
    from games.engine.search import bot_move

    state = state_from_json(mined())
    move = bot_move(SYSTEM, state, 0, Rng("bot"), "easy")
    SYSTEM.apply(state, 0, move, Rng("apply"))
    laying = state_from_json(deployment())
    move = bot_move(SYSTEM, laying, 1, Rng("bot"), "easy")
    SYSTEM.apply(laying, 1, move, Rng("apply"))


def test_a_template_on_a_mines_marker_alone_is_refused_as_on_a_camouflage_marker():
    """T 873-876 (« … si le Gabarit affecte des Marqueurs Camouflage ennemis, à moins qu'il y ait
    d'autres figurines ennemies »): the same refusal as camouflage.py's, so the refusal tells
    nothing (D)."""
    data = mined(mine_at=(6, 8))
    data["troopers"][0] = alguacil("a3", (6, 12), kind="lgl")
    data["scenery"] = [{"hex": [6, 9], "kind": "building"}]
    moves = [order(0, "a3"), declare(0, "speculative", trooper="a3", weapon="light_gl", to=[6, 8])]
    assert refused(data, moves) == "skill_not_allowed"


def test_a_reaction_may_not_look_for_a_mines_marker_as_for_any_marker_standing_still():
    """A reaction looks for the marker of an activated trooper (camouflage.py); a mine is never
    activated: refused as a camouflage marker standing still is (`aro_not_eligible`), so the
    refusal tells nothing (D)."""
    data = mined()
    data["hidden"]["0"]["mines"] = data["hidden"]["1"].pop("mines")  # Corregidor's mine now
    data["hidden"]["0"]["mines"][0].update(hex=[2, 6], layer="a2")
    data["troopers"].append(trooper("k1", 1, "jsa.keisotsu.combi", (4, 2), 3))
    data["hidden"]["1"]["policies"]["k1"] = {"on_sight": "ask", "on_template": "ask"}
    moves = [order(0, "a2"), declare(0, "move", trooper="a2", path=[[6, 9], [6, 8]])]
    state, _ = run(data, moves)
    assert state.turn.pending.kind == "aro" and state.turn.pending.eligible == ("k1",)
    look = {"type": "aro", "seat": 1, "trooper": "k1", "skill": "discover", "target": "m1"}
    assert refused(state_to_json(state), [look]) == "aro_not_eligible"


def test_an_enemy_template_on_a_mine_shows_it_and_destroys_it():
    """D: a camouflage marker hit by a template shows itself (camouflage.py); a mine's marker
    shows itself a mine, and the blast destroys the mine (the later editions' one structure
    point, no armour). Here a grenade lobbed at the Keisotsu beside it."""
    data = mined(mine_at=(6, 7))
    data["troopers"][0] = alguacil("a3", (6, 12), kind="lgl")
    data["troopers"].append(trooper("k1", 1, "jsa.keisotsu.combi", (6, 8), 3))
    data["hidden"]["1"]["policies"]["k1"] = PASS
    moves = [order(0, "a3"), declare(0, "speculative", trooper="a3", weapon="light_gl", to=[6, 8])]
    state, events = run(data, moves, {"a3.bs": [1], "k1.arm": [20]})
    revealed = of(events, "MarkerRevealed")[0]
    assert (revealed["marker"], revealed["mine"], revealed["how"]) == ("m1", True, "hit")
    assert of(events, "MineDestroyed")[0]["mine"] == "m1" and state.hidden[1].mines == ()


# --- a real Minelayer ------------------------------------------------------------------------------


def test_the_guilang_minelayer_deploys_as_a_camouflage_marker_and_lays_its_mine_as_another():
    """A Minelayer of the sources, the Yu Jing Guilang (toadchild/inf-dice's N2 data, option
    'Minelayer', with CH: Camouflage): its marker m1, then its mine m2, two camouflage markers
    to Corregidor. No lobby list fields it: neither the JSA's nor Corregidor's AVA has the unit."""
    from games.engine.infinity.armies import offered

    data = deployment()
    data["troopers"][1] = trooper("g1", 1, "yujing.guilang.minelayer", None, 3)
    deploy = {"type": "deploy", "seat": 1, "trooper": "g1", "hex": [6, 2], "facing": 3}
    state, _ = run(data, [deploy, {**lay((6, 5)), "trooper": "g1"}])
    assert dict(state.hidden[1].markers) == {"m1": "g1"}
    assert state.hidden[1].mines == (Mine("m2", "g1", (6, 5), False),)
    theirs = view(state, 0)
    assert sorted(m["marker"] for m in theirs["markers"]) == ["m1", "m2"]
    assert theirs["mines"] == []
    assert not [p for s in ("jsa", "corregidor") for p in offered(s) if "guilang" in p]


# --- civilians ------------------------------------------------------------------------------------


def leading_into_the_mine():
    """Corregidor's a2 leads the civilian c1 (synchronised) and sends it one hex into the mine's
    area while stepping away itself."""
    data = mined()
    data["troopers"][0] = alguacil("a2", (4, 10))
    data["civilians"] = [{"id": "c1", "hex": [5, 10], "kind": "neutral", "synced_to": "a2"}]
    move = declare(0, "move", trooper="a2", path=[[3, 10]], companions={"c1": [[5, 9]]})
    return data, [order(0, "a2"), move]


def test_a_civilian_led_into_its_area_sets_it_off_and_its_leader_pays_for_the_civilian():
    """T 955-957: « Les Civils peuvent activer les armes et les équipements déployants (Mines,
    E/Maulers, CrazyKoalas…) mais le joueur doit se rappeler que s'il leurs permet de s'activer
    et qu'ils meurent, il subira une pénalité » (spec CIV-11): the mine goes off at c1, whose
    death (DAM 13 Shock, one wound) costs Corregidor, who led it there (D)."""
    data, moves = leading_into_the_mine()
    state, events = run(data, [*moves, declare(0, "none")], {"c1.arm": [5]})
    triggered = of(events, "MineTriggered")[0]
    assert (triggered["target"], triggered["hex"]) == ("c1", [5, 9])
    assert of(events, "MineExploded")[0]["victims"] == ["c1"]
    c1 = state.civilian("c1")
    assert c1.state == "dead" and c1.killed_by == 0


def test_the_civilians_route_is_kept_in_the_order_and_read_back():
    data, moves = leading_into_the_mine()
    data["hidden"]["1"]["mines"][0]["hex"] = [13, -2]  # far: nothing goes off
    state, _ = run(data, moves)
    assert state.turn.current is not None
    assert state.turn.current.escorts == (("c1", ((5, 10), (5, 9))),)
    written = state_to_json(state)
    assert written["turn"]["current_order"]["escorts"] == {"c1": [[5, 10], [5, 9]]}
    assert state_from_json(written) == state
