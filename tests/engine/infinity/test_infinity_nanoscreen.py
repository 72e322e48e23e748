"""Nanoscreen (tier 2; T: 'Nano-écran' and its three Gwailo examples): a mobile Partial Cover on
one side of its carrier's base. The Gwailo is the test profile 'combined.gwailo.spitfire'; the
Yu Jing troopers of the examples are played by Keisotsu (Wen Liu, Wu Shenru) and a Mobile Brigada
with a Light Flamethrower (Ren Zhou): only their weapons matter."""

import pytest
from infh import aro, declare, keisotsu, of, order, position, run, shoot, trooper

from games.engine.infinity.nanoscreen import covers
from games.engine.infinity.position_read import state_from_json
from games.engine.infinity.state import Trooper
from games.engine.protocol import IllegalMove

GWAILO = "combined.gwailo.spitfire"


def gwailo(hex_, facing=0, **extra):
    return trooper("g", 0, GWAILO, hex_, facing, **extra)


def contests(events):
    return {(c["attacker"], c["target"]): c for c in of(events, "Contest")}


def test_the_screen_covers_a_third_of_the_turn_around_its_side():
    g = Trooper("g", 0, GWAILO, (8, 10), facing=3, screen=0)
    assert covers(g, (8, 4), (8, 10), "N")  # straight north
    assert covers(g, (11, 5), (8, 10), "N")  # north-north-east
    assert not covers(g, (13, 8), (8, 10), "N")  # east
    assert not covers(g, (8, 14), (8, 10), "N")  # south, behind the carrier
    assert not covers(g, (8, 4), (8, 10), "Fire")  # INC ignores it
    assert covers(Trooper("g", 0, GWAILO, (8, 10), facing=0), (8, 4), (8, 10), "N")  # in front
    assert not covers(Trooper("k", 0, "jsa.keisotsu.combi", (8, 10)), (8, 4), (8, 10), "N")


def test_example_1_only_the_shooter_whose_line_crosses_the_screen_has_its_cover():
    """« Wen Liu … sa LdV est partiellement bloquée par le Nano-écran, il doit donc appliquer le
    MOD de Couverture Partielle de -3 au TR. S'il touche le Shasvastii, ce dernier pourra
    appliquer le MOD de Couverture de +3 au BLI … Wu Shenru … n'applique donc pas les MOD de
    Couverture Partielle »; the Gwailo answers Wu Shenru alone."""
    data = position(
        [
            gwailo((8, 10), facing=1, screen=0),
            keisotsu("wl", (8, 4)),
            keisotsu("ws", (13, 8), facing=4),
        ],
        active=1,
        orders={1: {"regular": 4}},
    )
    state, events = run(
        data,
        [
            order(1, coordinated=["wl", "ws"]),
            shoot(
                1,
                "wl",
                "combi_rifle",
                ("g", 3),
                coordinated=[
                    {"trooper": "ws", "weapon": "combi_rifle", "targets": [{"trooper": "g"}]}
                ],
            ),
            aro(0, "g", "bs_attack", weapon="spitfire", target="ws"),
            declare(1, "none"),
        ],
        dice={
            "wl.bs": [1, 20, 20],
            "ws.bs": [20],
            "g.bs": [20],
            "g.arm": [8],
            "g.guts": [1],
        },
    )
    c = contests(events)
    assert c["wl", "g"]["mods"].get("cover") == -3 and c["wl", "g"]["sv"] == 10
    assert "cover" not in c["ws", "g"]["mods"] and c["ws", "g"]["sv"] == 13
    save = of(events, "SaveRolled")[0]
    assert save["trooper"] == "g" and save["cover"] and save["arm"] == 3 + 3
    assert (
        state.trooper("g").wounds == 0
    )  # 8 + ARM 6 beats DAM 13; 8 + 3 would not: saved by the screen


def test_example_2_the_screen_placed_with_a_move_covers_two_reactions_but_not_the_flamethrower():
    """« Le Shasvastii ne peut appliquer le MOD de Couverture Partielle fournit par le Nano-écran
    que contre Wu Shenru et Wen Liu, pas contre Ren Zhou car la Munition Spéciale INC ignore le
    Nano-écran et le désactivera à la fin de l'Ordre »."""
    data = position(
        [
            gwailo((8, 11), facing=0),
            keisotsu("wl", (8, 4)),
            keisotsu("ws", (11, 5)),
            trooper("rz", 1, "corregidor.mobile_brigada.multi", (5, 11), 1),
        ],
        orders={0: {"regular": 2}},
    )
    state, events = run(
        data,
        [
            order(0, "g"),
            declare(0, "move", path=[[8, 10]], screen=0),
            aro(1, "wl", "bs_attack", weapon="combi_rifle", target="g"),
            aro(1, "ws", "bs_attack", weapon="combi_rifle", target="g"),
            aro(1, "rz", "bs_attack", weapon="light_flamethrower", target="g"),
            shoot(0, "g", "spitfire", ("wl", 2), ("ws", 1), ("rz", 1)),
        ],
        dice={
            "g.bs": [20, 20, 20, 20],
            "wl.bs": [20],
            "ws.bs": [20],
            "g.arm": [20],
            "g.guts": [1],
        },
    )
    assert of(events, "ScreenPlaced")[0] == {"kind": "ScreenPlaced", "trooper": "g", "side": 0}
    c = contests(events)
    assert c["wl", "g"]["mods"].get("cover") == -3 and c["ws", "g"]["mods"].get("cover") == -3
    fire = of(events, "SaveRolled")[0]
    assert fire["ammo"] == "Fire" and not fire["cover"]
    assert of(events, "ScreenDown") and state.trooper("g").screen_off
    assert not covers(state.trooper("g"), (8, 4), (8, 10), "N")  # off until an Engineer


def example_3(answer, dice):
    """The Gwailo, reactive, shot by Ren Zhou from the west, away from its screen (north)."""
    data = position(
        [gwailo((8, 10), facing=5, screen=0), keisotsu("rz", (3, 12), facing=1)],
        active=1,
        orders={1: {"regular": 2}},
    )
    return run(
        data,
        [order(1, "rz"), shoot(1, "rz", "combi_rifle", ("g", 3)), answer, declare(1, "none")],
        dice={"rz.bs": [20, 20, 20], **dice},
    )


def test_example_3_a_reactive_shot_does_not_move_the_screen():
    """« Le Gwailo peut réagir en tirant, mais cet ORA ne lui permettra pas de déplacer le
    Nano-écran pour fournir une Couverture »."""
    state, events = example_3(
        aro(0, "g", "bs_attack", weapon="spitfire", target="rz"), {"g.bs": [20]}
    )
    assert "cover" not in contests(events)["rz", "g"]["mods"]
    assert state.trooper("g").screen == 0 and not of(events, "ScreenPlaced")


def test_example_3_a_reactive_dodge_turns_the_screen_towards_the_attack():
    """« si le Gwailo déclare n'importe qu'elle Compétence Courte de Mouvement, ou Esquiver, en
    ORA, … »: the screen is placed to cover the incoming shots."""
    state, events = example_3(aro(0, "g", "dodge"), {"g.ph": [20]})
    placed = of(events, "ScreenPlaced")[0]
    assert placed["trooper"] == "g" and state.trooper("g").screen == placed["side"]
    assert contests(events)["rz", "g"]["mods"].get("cover") == -3


def test_only_a_carrier_places_a_screen_and_only_with_a_short_movement_skill():
    data = position(
        [
            gwailo((8, 11)),
            trooper("a1", 0, "corregidor.alguacil.combi", (4, 12)),
            keisotsu("wl", (8, 4)),
        ],
        orders={0: {"regular": 2}},
    )
    for move in (
        declare(0, "move", path=[[4, 11]], screen=2, trooper="a1"),
        shoot(0, "g", "spitfire", ("wl", 4), screen=2),
    ):
        who = move.get("trooper", "g")
        with pytest.raises(IllegalMove) as err:
            run(data, [order(0, who), move])
        assert err.value.code == "skill_not_allowed"


def test_the_screen_is_an_optional_field_of_the_position():
    data = position([gwailo((8, 10))])
    assert state_from_json(data).trooper("g").screen is None
    data["troopers"][0]["screen"] = 7
    with pytest.raises(Exception, match="screen"):
        state_from_json(data)
