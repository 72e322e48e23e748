"""The Minesweeper (mines.py `sweep`; T: 'Nettoyeur de Mines', seed 003 lines 2574-2597, cited
by line). `test.minesweeper` is a placeholder (no profile of our two sectorials carries one):
only its Minesweeper matters (WIP 13).

Seat 1's mine m1 lies at (6, 6) (test_infinity_mines.py's `mined`); Corregidor's sweeper s1
starts at (6, 10) and walks to (6, 8), inside the mine's area (a small teardrop from it)."""

from infh import alguacil, declare, of, order, position, run, trooper
from test_infinity_mines import PASS, mined, refused

from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.system import SYSTEM
from games.engine.infinity.view import view
from games.engine.rng import Rng


def sweeper_position(mine_at=(6, 6), shown=False, start=(6, 10)):
    data = mined(mine_at=mine_at, shown=shown)
    data["troopers"][0] = trooper("s1", 0, "test.minesweeper", start, 0)
    return data


def walk_and_sweep(to=((6, 9), (6, 8))):
    return [
        order(0, "s1"),
        declare(0, "move", trooper="s1", path=[list(h) for h in to]),
        declare(0, "minesweep", trooper="s1"),
    ]


def test_inside_its_area_a_passed_wip_roll_turns_the_mine_to_the_sweepers_side():
    """T 2578-2582: « l'utilisateur doit se déplacer dans l'aire d'effet …, dépenser une
    Compétence Courte … et effectuer un Jet Normal de VOL. En cas de succès l'arme n'explose
    pas et devient la propriété de l'armée du Nettoyeur de Mines ». The mine was set off by the
    walk (D: as at any enemy); turned, it does not go off."""
    state, events = run(sweeper_position(), walk_and_sweep(), {"s1.wip": [13]})
    assert of(events, "MineTriggered")[0]["target"] == "s1"
    rolled = of(events, "MinesweepRolled")[0]
    assert (rolled["sv"], rolled["die"], rolled["success"], rolled["mines"]) == (
        13,
        13,
        True,
        ["m1"],
    )
    swept = of(events, "MineSwept")[0]
    assert (swept["seat"], swept["owner"], swept["mine"], swept["by"]) == (0, 1, "m1", "s1")
    assert not of(events, "MineExploded")
    assert state.hidden[1].mines == ()
    (mine,) = state.hidden[0].mines
    assert (mine.id, mine.hex, mine.shown) == ("m1", (6, 6), True)
    for seat in (0, 1, None):
        assert view(state, seat)["mines"] == [{"marker": "m1", "seat": 0, "hex": [6, 6]}]


def test_a_failed_wip_roll_sets_it_off_at_the_sweeper():
    """T 2582-2584: « En cas d'échec au Jet de VOL l'arme déployante s'active et explose »."""
    state, events = run(sweeper_position(), walk_and_sweep(), {"s1.wip": [14], "s1.arm": [5]})
    assert of(events, "MinesweepRolled")[0]["success"] is False
    assert of(events, "MineExploded")[0]["victims"] == ["s1"]
    assert not of(events, "MineSwept") and state.hidden[1].mines == ()
    assert not state.trooper("s1").normal


def test_one_roll_for_every_mine_around_it():
    """T 2593-2594: « Si le Nettoyeur de Mine se trouve dans l'aire d'effet de plusieurs Mines,
    il n'a besoin que d'un unique Jet pour utiliser cet équipement contre toutes »."""
    data = sweeper_position()
    data["hidden"]["1"]["mines"].append(
        {"marker": "m2", "layer": "l1", "hex": [5, 7], "shown": False}
    )
    data["markers_placed"] = 2
    state, events = run(data, walk_and_sweep(), {"s1.wip": [2]})
    assert len(of(events, "MinesweepRolled")) == 1
    assert sorted(of(events, "MinesweepRolled")[0]["mines"]) == ["m1", "m2"]
    assert sorted(m.id for m in state.hidden[0].mines) == ["m1", "m2"]
    assert not of(events, "MineExploded")


def test_a_mine_not_yet_found_is_swept_too():
    """T 2595-2596: « peut être utilisé contre les Mines qui n'ont pas été préalablement
    détectées »: m2, a camouflage marker to Corregidor until the sweeper stops inside its area
    (it goes off then, shown a mine, D), is turned with m1 by the one roll."""
    data = sweeper_position()
    data["hidden"]["1"]["mines"].append(
        {"marker": "m2", "layer": "l1", "hex": [3, 8], "shown": False}
    )
    data["markers_placed"] = 2
    state, events = run(data, walk_and_sweep(), {"s1.wip": [2]})
    assert sorted(of(events, "MinesweepRolled")[0]["mines"]) == ["m1", "m2"]
    assert sorted(m.id for m in state.hidden[0].mines) == ["m1", "m2"]
    assert all(m.shown for m in state.hidden[0].mines) and not of(events, "MineExploded")


def test_turned_it_goes_off_only_at_its_former_owners_troopers():
    """T 2581-2582: « ne détonant que contre les troupes de son précédent possesseur »: the
    sweeper's side walks by it (no trigger); the JSA's Keisotsu walking in sets it off."""
    state, _ = run(sweeper_position(), walk_and_sweep(), {"s1.wip": [1]})
    again = [
        order(0, "s1"),
        declare(0, "move", trooper="s1", path=[[6, 7]], second={"skill": "none"}),
    ]
    state, events = run(state, again)
    assert not of(events, "MineTriggered") and state.hidden[0].mines
    data = state_to_json(state)
    data["troopers"].append(trooper("k1", 1, "jsa.keisotsu.combi", (6, 2), 3))
    data["troopers"] = [t for t in data["troopers"] if t["id"] != "s1"]
    data["troopers"].append(alguacil("a9", (13, 14)))
    data["hidden"]["0"]["policies"] = {"a9": PASS}
    data["turn"].update(active_seat=1, current_order=None, pending={"seat": 1, "kind": "order"})
    data["turn"]["orders"]["1"] = {"regular": 3}
    walk = declare(1, "move", trooper="k1", path=[[6, 3], [6, 4]], second={"skill": "none"})
    state, events = run(data, [order(1, "k1"), walk], {"k1.arm": [20]})
    triggered = of(events, "MineTriggered")[0]
    assert (triggered["seat"], triggered["mine"], triggered["target"]) == (0, "m1", "k1")


def test_only_a_minesweeper_carrier_sweeps():
    data = sweeper_position()
    data["troopers"][0] = alguacil("s1", (6, 10))
    assert refused(data, walk_and_sweep()) == "skill_not_allowed"


def test_with_no_mine_around_it_rolls_and_nothing_changes():
    """D: declared anywhere (a refusal would tell where mines lie); the roll says no mine of
    the enemy has it in its area, as the player at the table would be told."""
    state, events = run(sweeper_position(mine_at=(13, -2)), walk_and_sweep(), {"s1.wip": [3]})
    assert of(events, "MinesweepRolled")[0]["mines"] == []
    assert state.hidden[1].mines and not state.hidden[0].mines


def test_legal_moves_offer_it_near_any_enemy_marker_so_the_offer_tells_nothing():
    """Offered where the sweeper stands in the area a mine would have at an enemy marker or
    known mine: a camouflaged trooper's marker gets the same offer as a hidden mine."""

    def offered(data):
        state, _ = run(data, [order(0, "s1")])
        return any(m.get("skill") == "minesweep" for m in SYSTEM.legal_moves(state, 0))

    assert offered(sweeper_position(start=(6, 8)))
    assert not offered(sweeper_position(start=(6, 12)))
    camo = sweeper_position(mine_at=(13, -2), start=(6, 8))
    camo["troopers"].append(trooper("c1", 1, "test.camo.camouflage", (6, 6), 3))
    camo["hidden"]["1"]["markers"] = {"m2": "c1"}
    camo["hidden"]["1"]["policies"]["c1"] = PASS
    camo["markers_placed"] = 2
    assert offered(camo)


def test_the_sweep_is_written_in_the_position_and_read_back():
    moves = walk_and_sweep()[:2]
    state, _ = run(sweeper_position(), moves)
    sweep = SYSTEM.apply(state, 0, walk_and_sweep()[2], Rng(1))
    assert state_from_json(state_to_json(sweep.state)) == sweep.state


def reacting_sweeper():
    """The JSA's turn: its Keisotsu k1 steps south in s1's sight; s1 stands in the area of the
    JSA's own mine m1 (a mine never goes off at its own side's troopers)."""
    data = sweeper_position(start=(6, 8))
    data["troopers"].append(trooper("k1", 1, "jsa.keisotsu.combi", (6, 1), 3))
    data["turn"].update(active_seat=1, pending={"seat": 1, "kind": "order"})
    data["turn"]["orders"] = {"1": {"regular": 2}}
    data["hidden"]["0"]["policies"] = {"s1": {"on_sight": "ask", "on_template": "ask"}}
    return data


def test_as_a_reaction_it_turns_the_mines_around_it():
    """T 2579: « dépenser une Compétence Courte ou un ORA »: offered in the window (no line of
    fire needed, D), rolled at the resolution; m1 turns to Corregidor."""
    walk = declare(1, "move", trooper="k1", path=[[6, 2]], second={"skill": "none"})
    state, _ = run(reacting_sweeper(), [order(1, "k1"), walk])
    assert state.turn.pending.kind == "aro" and state.turn.pending.eligible == ("s1",)
    offered = SYSTEM.legal_moves(state, 0)
    assert {"type": "aro", "seat": 0, "trooper": "s1", "skill": "minesweep"} in offered
    sweep = {"type": "aro", "seat": 0, "trooper": "s1", "skill": "minesweep"}
    state, events = run(state, [sweep], {"s1.wip": [4]})
    assert of(events, "MinesweepRolled")[0]["mines"] == ["m1"]
    assert [m.id for m in state.hidden[0].mines] == ["m1"] and not state.hidden[1].mines
    # never set off (its own side acts), m1 was still a marker: it shows itself a mine first
    revealed = of(events, "MarkerRevealed")[0]
    assert (revealed["marker"], revealed["mine"], revealed["how"]) == ("m1", True, "swept")


def test_as_a_reaction_only_a_minesweeper_carrier_sweeps():
    data = reacting_sweeper()
    data["troopers"][0] = alguacil("s1", (6, 8))
    walk = declare(1, "move", trooper="k1", path=[[6, 2]], second={"skill": "none"})
    state, _ = run(data, [order(1, "k1"), walk])
    sweep = {"type": "aro", "seat": 0, "trooper": "s1", "skill": "minesweep"}
    assert refused(state_to_json(state), [sweep]) == "skill_not_allowed"


# --- the JSA's Yaopu Pangguling ------------------------------------------------------------------


def test_the_jsas_pangguling_fields_a_minesweeper_that_turns_a_corregidor_mine():
    """The sources' Minesweeper: the Yaopu Pangguling of the N2 Yu Jing data (8 points, SWC 0,
    WIP 13), AVA 2 in the JSA: the army builder offers it; in play it walks into Corregidor's
    mine and turns it."""
    from games.engine.infinity.armies import offered, price, troopers

    assert "jsa.pangguling.minesweeper" in offered("jsa")
    army = {
        "sectorial": "jsa",
        "units": [{"profile": "jsa.keisotsu.lt"}] + [{"profile": "jsa.pangguling.minesweeper"}] * 2,
    }
    assert price(army).total == 9 + 2 * 8 and not price(army).problems
    assert [tid for tid, _ in troopers([army])[0][2]] == ["k1", "p1", "p2"]
    three = {**army, "units": army["units"] + [{"profile": "jsa.pangguling.minesweeper"}]}
    assert [p.code for p in price(three).problems] == ["over_ava"]
    data = position(
        [
            trooper("p1", 1, "jsa.pangguling.minesweeper", (6, 2), 3),
            trooper("l0", 0, "test.minelayer", (13, 14), 0),
        ],
        active=1,
        policies={0: {"l0": PASS}},
        orders={1: {"regular": 2}},
    )
    data["hidden"]["0"]["mines"] = [{"marker": "m1", "layer": "l0", "hex": [6, 6], "shown": False}]
    data["markers_placed"] = 1
    moves = [
        order(1, "p1"),
        declare(1, "move", trooper="p1", path=[[6, 3], [6, 4]]),
        declare(1, "minesweep", trooper="p1"),
    ]
    state, events = run(data, moves, {"p1.wip": [13]})
    assert of(events, "MinesweepRolled")[0]["sv"] == 13
    assert [m.id for m in state.hidden[1].mines] == ["m1"] and not state.hidden[0].mines


# --- CrazyKoalas --------------------------------------------------------------------------------


def koala_table():
    """The CrazyKoalas' example 2 (test_infinity_koalas.py) with the JSA's Pangguling p1 in Wen
    Liu's place: Akinyi's koalas a1.k1, a1.k2 beyond the wall; p1 steps forward (they set off)
    and sweeps."""
    data = position(
        [
            trooper("a1", 0, "nomads.moran.crazykoala", (5, 12), 3),
            trooper("p1", 1, "jsa.pangguling.minesweeper", (5, 6), 3),
        ],
        scenery=[((4, 8), "building"), ((5, 8), "building"), ((6, 8), "building")],
        active=1,
        orders={1: {"regular": 1}},
        sectorials=(None, None),
    )
    data["koalas"] = [
        {"id": "a1.k1", "seat": 0, "carrier": "a1", "hex": [4, 9]},
        {"id": "a1.k2", "seat": 0, "carrier": "a1", "hex": [6, 9]},
    ]
    return data, [order(1, "p1"), declare(1, "move", trooper="p1", path=[[6, 5]])]


def test_crazykoalas_around_the_sweeper_turn_to_its_side():
    """T 2575-2577: « inverser le système d'identification Alliés / Ennemis (IFF) d'une arme
    déployante ennemie [Mines …, E/Maulers, CrazyKoalas…] en signal ami »; their area, where
    they set off: their ZoC (D). Turned, they stand by for the JSA, p1 their carrier (D)."""
    data, moves = koala_table()
    state, events = run(data, moves + [declare(1, "minesweep", trooper="p1")], {"p1.wip": [9]})
    assert len(of(events, "KoalaTriggered")) == 2
    assert of(events, "MinesweepRolled")[0]["koalas"] == ["a1.k1", "a1.k2"]
    assert [(e["koala"], e["seat"], e["owner"]) for e in of(events, "KoalaSwept")] == [
        ("a1.k1", 1, 0),
        ("a1.k2", 1, 0),
    ]
    assert not of(events, "KoalaExploded")
    assert {(k.seat, k.carrier) for k in state.koalas} == {(1, "p1")}


def test_a_failed_sweep_lets_the_crazykoalas_explode_at_the_sweeper():
    data, moves = koala_table()
    moves.append(declare(1, "minesweep", trooper="p1"))
    state, events = run(data, moves, {"p1.wip": [15], "p1.arm": [20, 20], "p1.guts": [1]})
    assert [e["target"] for e in of(events, "KoalaExploded")] == ["p1", "p1"]
    assert state.koalas == ()


def test_near_an_enemy_crazykoala_the_sweep_is_offered():
    data, moves = koala_table()
    state, _ = run(data, moves[:1])
    assert any(m.get("skill") == "minesweep" for m in SYSTEM.legal_moves(state, 1))
