"""Viral Mines and their Viral ammunition (mines.py, damage.py; T: 'Mines Virales', seed 003
lines 2101-2104, and 'Munition Spéciale Virale', lines 1678-1697, cited by line; spec A.7 a4
for the sentence the text cuts at line 1689). `test.minelayer.viral` is a placeholder: only its
Minelayer and its Viral Mines matter. Seat 1's Viral Mine m1 lies at (6, 6); Corregidor walks
into it as in test_infinity_mines.py."""

import json

from infh import alguacil, of, position, run, trooper
from test_infinity_mines import PASS, deployment, lay, mined, walk_in

from games.engine.hexgrid import Hex
from games.engine.infinity import damage
from games.engine.infinity.ctx import Ctx
from games.engine.infinity.dice import Dice
from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.state import Mine
from games.engine.infinity.view import view


def viral(**kw):
    data = mined(**kw)
    data["hidden"]["1"]["mines"][0]["ammo"] = "Viral"
    return data


def test_a_minelayer_with_viral_mines_lays_a_viral_mine_and_nobody_else_can_tell():
    """T 2101-2104: « ces Mines sont chargées avec la Munition Spéciale Virale »: laid as any
    mine, a camouflage marker to the other seat, nothing in its view nor its events says more."""
    data = deployment()
    data["troopers"][1] = trooper("l1", 1, "test.minelayer.viral", (6, 2), 3)
    state, events = run(data, [lay((6, 5))])
    assert state.hidden[1].mines == (Mine("m1", "l1", (6, 5), False, "Viral"),)
    assert state_to_json(state)["hidden"]["1"]["mines"][0]["ammo"] == "Viral"
    assert state_from_json(state_to_json(state)) == state
    theirs = view(state, 0)  # the layer's profile is public (its loadout, as at the table)
    assert theirs["mines"] == [] and '"viral"' not in json.dumps(theirs)
    assert theirs["markers"] == [{"marker": "m1", "seat": 1, "hex": [6, 5], "kind": "camouflage"}]
    assert view(state, 1)["mines"] == [
        {"marker": "m1", "seat": 1, "hex": [6, 5], "viral": True, "camouflaged": True}
    ]


def test_it_goes_off_as_an_antipersonnel_mine_and_is_saved_twice_with_bts():
    """T 2102-2103: « Elles fonctionnent comme des Mines Antipersonnel, ont les mêmes
    caractéristiques » (DAM 13, the small teardrop); T 1680-1683: « L'Attribut pour résister …
    est toujours la PB et non le BLI … doit effectuer deux Jets de PB »: the Alguacil's BTS 0,
    not its ARM 1, two saves."""
    state, events = run(viral(), walk_in(), {"a2.arm": [20, 14], "a2.guts": [1]})
    saved = of(events, "SaveRolled")[0]
    assert (saved["ammo"], saved["dam"], saved["arm"], saved["dice"]) == ("Viral", 13, 0, [20, 14])
    assert saved["weapon"] == "viral_mine" and state.trooper("a2").normal
    assert view(state, 0)["mines"] == []  # gone, one use


def test_a_base_w1_trooper_failing_is_dead_at_once():
    """T 1687-1689: « Les figurines, dont le profil a un Attribut de base de B de 1, qui
    échouent au Jet de PB passent directement à l'état Mort sans passer par l'état
    Inconscient »."""
    state, events = run(viral(), walk_in(), {"a2.arm": [13]})
    assert of(events, "SaveRolled")[0]["dice"] == [13] and state.trooper("a2").state == "dead"


def hit(victim: str, critical: bool = False, origin: Hex = (6, 6)) -> damage.Hit:
    return damage.Hit(victim, "m1", "viral_mine", "Viral", 13, critical, False, origin)


def saves(data, hits, dice):
    ctx = Ctx(state_from_json(data), Dice(forced={k: list(v) for k, v in dice.items()}))
    damage.apply_hits(ctx, hits)
    return ctx.state, [{**e.data, "kind": e.kind} for e in ctx.events]


def brigada():
    return position(
        [trooper("b1", 0, "corregidor.mobile_brigada.hmg", (6, 8), 0), alguacil("a4", (1, 13))],
        policies={1: {"l1": PASS}},
    )


def test_the_second_save_is_rolled_even_after_the_first_failed():
    """T 1683-1684: « Même si la cible rate son premier Jet, ou est en état Inconscient, elle
    doit faire le second Jet »: the Mobile Brigada (W 2, BTS −3: +3 to its save) fails both
    and falls Unconscious (W above 1: no death at once, spec A.7 a4)."""
    state, events = saves(brigada(), [hit("b1")], {"b1.arm": [1, 2]})
    saved = of(events, "SaveRolled")[0]
    assert (saved["arm"], saved["dice"], saved["wounds"]) == (3, [1, 2], 2)
    assert state.trooper("b1").state == "unconscious"


def test_a_critical_wounds_at_once_and_still_rolls_one_save():
    """T 1684-1686: « Un Critique avec la Munition Spéciale Virale cause une blessure directe et
    la cible doit également effectuer un Jet de PB »."""
    state, events = saves(brigada(), [hit("b1", critical=True)], {"b1.arm": [20]})
    saved = of(events, "SaveRolled")[0]
    assert (saved["dice"], saved["wounds"]) == ([20], 1) and state.trooper("b1").wounds == 1


def test_viral_wounds_leave_no_room_for_v_dogged():
    """T 1691-1693: « La Munition Spéciale Virale ignore les Compétences Spéciales … Vaillance N2 :
    Tenace »: a critical (its direct wound, then a passed save) leaves the 45th Highlander
    (W 1, V: Dogged) Unconscious instead of fighting on, as it would against other ammunition;
    a failed save kills it at once (W 1)."""
    data = position(
        [
            trooper("h1", 0, "caledonian.45th.chain", (6, 8), 0),
            trooper("h2", 0, "caledonian.45th.chain", (2, 12), 0),
        ],
        sectorials=("caledonian", "jsa"),
        lieutenants=("h2", None),
    )
    state, events = saves(data, [hit("h1", critical=True)], {"h1.arm": [20]})
    assert not of(events, "DoggedFightsOn") and state.trooper("h1").state == "unconscious"
    other = damage.Hit("h1", "m1", "antipersonnel_mine", "N", 13, True, False, (6, 6))
    state, events = saves(data, [other], {})
    assert of(events, "DoggedFightsOn") and state.trooper("h1").state == "normal"
    state, events = saves(data, [hit("h1")], {"h1.arm": [1]})
    assert not of(events, "DoggedFightsOn") and state.trooper("h1").state == "dead"


def test_cover_counts_against_it():
    """T 1696-1697: « Les règles de Couverture s'appliquent normalement aux attaques de
    Munitions Spéciales Virales »: +3 behind partial cover between the mine and the target."""
    data = brigada()
    plain, _ = saves(data, [hit("b1", origin=(6, 4))], {"b1.arm": [20, 20]})
    data["scenery"] = [{"hex": [6, 7], "kind": "low_wall"}]
    state, events = saves(data, [hit("b1", origin=(6, 4))], {"b1.arm": [20, 20]})
    saved = of(events, "SaveRolled")[0]
    assert saved["cover"] is True and saved["arm"] == 6


def test_a_viral_mine_turned_by_a_minesweeper_stays_viral():
    """T 2577: the Minesweeper works on « Mines (Monofilament, Biomines, Mines Virales…) »."""
    data = viral()
    data["troopers"][0] = trooper("s1", 0, "test.minesweeper", (6, 10), 0)
    moves = walk_in()[:1] + [
        {"type": "declare", "seat": 0, "skill": "move", "trooper": "s1", "path": [[6, 9], [6, 8]]},
        {"type": "declare", "seat": 0, "skill": "minesweep", "trooper": "s1"},
    ]
    moves[0] = {**moves[0], "trooper": "s1"}
    state, _ = run(data, moves, {"s1.wip": [1]})
    assert state.hidden[0].mines[0].ammo == "Viral"
    assert view(state, 1)["mines"] == [{"marker": "m1", "seat": 0, "hex": [6, 6], "viral": True}]


def test_the_leak_checks_know_a_hidden_viral_mine():
    """tests/engine/infinity/hidden.py: which marker is a Viral Mine is its owner's secret; its
    own view says it, no other does."""
    from hidden import secrets

    state = state_from_json(viral())
    for seat in (0, None):
        found = secrets(state, seat)
        assert '"marker": "m1", "seat": 1, "hex": [6, 6], "viral": true' in found
        assert not [s for s in found if s in json.dumps(view(state, seat))]
    assert '"viral": true' in json.dumps(view(state, 1))
