"""Random playouts of a table holding Frenzy, V: Dogged, G: Synchronised, i-Kohl, Nanoscreen,
Baggage, G: Servant, CrazyKoalas and a profiled building (a Wulver, two 45th Highlanders, an Auxilia and her Auxbot; an
Odalisque, a Gwailo, a D.C.D. with Baggage, a Doctor, her Yáozăo and a downed Keisotsu facing them) against a linked Keisotsu team:
every move `legal_moves` lists applies, every game ends, each position reads back as the same
state and no step shows a seat the other's secrets (playouts.py). (Seed 0…5 found legal_moves
offering a synchronised remote another reaction than its controller's.)"""

import pytest
from infh import keisotsu, position, team, trooper
from playouts import played_to_the_end

from games.engine.infinity.position import state_from_json


def table():
    data = position(
        [
            trooper("x1", 0, "panoceania.auxilia.combi", (6, 10), 0),
            trooper("b1", 0, "panoceania.auxbot.hft", (8, 10), 0, controller="x1"),
            trooper("w1", 0, "caledonian.wulver.rifle", (3, 11), 0),
            trooper("h1", 0, "caledonian.45th.chain", (10, 10), 0),
            trooper("h2", 0, "caledonian.45th.chain", (11, 10), 0),
            *[keisotsu(f"k{i}", (3 + i, 3), 3) for i in range(1, 6)],
            trooper("o1", 1, "haqqislam.odalisque.i_kohl", (12, 4), 3),
            trooper("g1", 1, "combined.gwailo.spitfire", (13, 4), 3),
            trooper("d1", 1, "test.dcd.baggage", (14, 3), 3),
            trooper("m1", 0, "nomads.moran.crazykoala", (1, 9), 0),
            trooper("z1", 1, "yujing.zhanshi.doctor", (1, 2), 3),
            trooper("y1", 1, "yujing.yaozao.servant", (2, 3), 3, controller="z1"),
            trooper("p1", 1, "jsa.keisotsu.combi", (9, 5), 3, state="unconscious", wounds=1),
        ],
        fireteams=[team(1, "k1", [f"k{i}" for i in range(1, 6)])],
        lieutenants=("x1", "k2"),
        sectorials=(None, "jsa"),
        orders={0: {"regular": 4, "lieutenant": 1, "impetuous": {"h1": 1, "h2": 1}}},
        reactions="auto",
    )
    data["scenery"] = [{"hex": [6, 6], "kind": "building", "arm": 2, "str": 1}]
    data["koalas"] = [
        {"id": "m1.k1", "seat": 0, "carrier": "m1", "hex": [2, 7]},
        {"id": "m1.k2", "seat": 0, "carrier": "m1", "hex": [4, 6]},
    ]
    return state_from_json(data)


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_the_new_skills_end_and_every_listed_move_applies(seed):
    played_to_the_end(table(), seed, f"new-skills{seed}", lambda moves: moves, 800)
