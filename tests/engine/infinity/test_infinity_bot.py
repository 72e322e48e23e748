"""The generic computer opponent through our `evaluate` (games/engine/search.py): it reads only a
dealt state, expects the other side's sensible standing reactions, and picks a good shot."""

from infh import alguacil, keisotsu, position, run

from games.engine.infinity.evaluate import evaluate
from games.engine.infinity.position import state_from_json
from games.engine.infinity.system import SYSTEM
from games.engine.rng import Rng
from games.engine.search import bot_move


def test_the_evaluation_rises_with_the_enemy_casualties():
    data = position([alguacil("a1", (5, 12)), keisotsu("k1", (5, 2)), keisotsu("k2", (7, 2))])
    even = evaluate(state_from_json(data), 0)
    data["troopers"][1].update(state="dead", wounds=2)
    assert evaluate(state_from_json(data), 0) > even
    assert evaluate(state_from_json(data), 1) < 1 - even + 1e-9


def test_a_declared_shot_is_worth_its_expected_casualties():
    data = position([alguacil("a1", (5, 11), kind="hmg"), keisotsu("k1", (5, 5), 0)])
    base, _ = run(data, [{"type": "order", "seat": 0, "trooper": "a1"}])
    aimed, _ = run(
        base,
        [
            {
                "type": "declare",
                "seat": 0,
                "skill": "bs_attack",
                "trooper": "a1",
                "weapon": "hmg",
                "targets": [{"trooper": "k1", "burst": 4}],
            }
        ],
    )
    assert evaluate(aimed, 0) > evaluate(base, 0) + 0.01


def test_the_computer_shoots_an_enemy_in_the_open_rather_than_wandering():
    data = position([alguacil("a1", (5, 11), kind="hmg"), keisotsu("k1", (5, 5), 0)])
    state, _ = run(data, [{"type": "order", "seat": 0, "trooper": "a1"}])
    move = bot_move(SYSTEM, state, 0, Rng("bot"), "medium")
    assert move["skill"] == "bs_attack" and move["targets"][0]["trooper"] == "k1"


def test_the_computer_never_reads_the_other_sides_lieutenant():
    data = position(
        [
            alguacil("a1", (5, 11), kind="lt"),
            keisotsu("k1", (5, 5), 0, kind="lt"),
            keisotsu("k2", (7, 5), 0),
        ],
        lieutenants=("a1", "k1"),
    )
    state = state_from_json(data)
    guesses = {
        SYSTEM.determinize(SYSTEM.view(state, 0), 0, Rng(f"w{i}")).hidden[1].lieutenant
        for i in range(12)
    }
    assert guesses == {"k1", "k2"}  # either Keisotsu may be it, as far as seat 0 knows
