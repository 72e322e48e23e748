"""The command line of spec E.4/E.5, as rules cases kept outside the repository use it: `apply`
with forced dice keyed "<id>.<roll>", exit codes 0/2/3/4, the error JSON, `view` and `new`."""

import json

from infh import alguacil, keisotsu, position

from games.engine.infinity.cli import main


def call(capsys, *args):
    code = main([str(a) for a in args])
    out = capsys.readouterr().out.strip().splitlines()
    return code, json.loads(out[-1])


def files(tmp_path, data, moves):
    pos, mv = tmp_path / "position.json", tmp_path / "moves.json"
    pos.write_text(json.dumps(data))
    mv.write_text(json.dumps(moves))
    return pos, mv


SHOT = [
    {"type": "order", "seat": 0, "kind": "regular", "trooper": "a1"},
    {
        "type": "declare",
        "seat": 0,
        "skill": "bs_attack",
        "trooper": "a1",
        "weapon": "combi_rifle",
        "mode": "N",
        "targets": [{"trooper": "k1", "burst": 3}],
    },
    {"type": "declare", "seat": 0, "skill": "none"},
]


def duel():
    return position([alguacil("a1", (5, 11)), keisotsu("k1", (5, 5), 0)])


def test_apply_prints_the_position_with_this_calls_log(tmp_path, capsys):
    pos, mv = files(tmp_path, duel(), SHOT)
    dice = json.dumps({"a1.bs": [2, 3, 20], "k1.arm": [1, 20]})
    code, out = call(capsys, "apply", pos, mv, "--dice", dice)
    assert code == 0
    kinds = [e["kind"] for e in out["log"]]
    assert kinds[:2] == ["OrderSpent", "SkillDeclared"] and "Contest" in kinds
    assert out["troopers"][1]["state"] == "unconscious"
    assert out["turn"]["pending"] == {"seat": 0, "kind": "order"}
    assert out["turn"]["orders"]["0"]["total"] == 10


def test_forced_dice_are_consumed_allocation_by_allocation_and_unused_dice_are_reported(
    tmp_path, capsys
):
    pos, mv = files(tmp_path, duel(), SHOT)
    dice = tmp_path / "dice.json"
    dice.write_text(json.dumps({"a1.bs": [20, 20, 20], "k1.guts": [5]}))
    code, out = call(capsys, "apply", pos, mv, "--dice", dice)
    assert code == 0 and out["log"][-1] == {"kind": "DiceUnused", "dice": {"k1.guts": [5]}}


def test_running_out_of_forced_dice_exits_3_with_the_key(tmp_path, capsys):
    pos, mv = files(tmp_path, duel(), SHOT)
    code, out = call(capsys, "apply", pos, mv, "--dice", json.dumps({"a1.bs": [1]}))
    assert code == 3 and out["error"]["code"] == "dice_exhausted"
    assert out["error"]["key"] == "a1.bs"


def test_a_refused_move_exits_2_names_it_and_keeps_nothing(tmp_path, capsys):
    moves = [SHOT[0], {"type": "declare", "seat": 0, "skill": "move", "path": [[5, 7]]}]
    pos, mv = files(tmp_path, duel(), moves)
    code, out = call(capsys, "apply", pos, mv, "--dice", "{}")
    assert code == 2
    assert out == {"error": {"move": 1, "code": "illegal_path", "message": out["error"]["message"]}}
    assert json.loads(pos.read_text()) == duel()


def test_malformed_moves_and_unreadable_positions(tmp_path, capsys):
    pos, mv = files(tmp_path, duel(), [{"type": "fly", "seat": 0}])
    code, out = call(capsys, "apply", pos, mv)
    assert code == 2 and out["error"]["code"] == "malformed"
    pos.write_text("{not json")
    code, out = call(capsys, "apply", pos, mv)
    assert code == 4


def test_without_forced_dice_the_positions_generator_is_used_and_advanced(tmp_path, capsys):
    data = duel()
    data["hidden"]["engine"] = {"rng": {"seed": 1, "counter": 0}}
    pos, mv = files(tmp_path, data, SHOT)
    code, out = call(capsys, "apply", pos, mv)
    assert code == 0 and out["hidden"]["engine"]["rng"]["counter"] > 0
    again = call(capsys, "apply", pos, mv)[1]
    assert again == out


def test_the_seat_view_hides_the_other_sides_secrets(tmp_path, capsys):
    data = position(
        [alguacil("a1", (5, 11), kind="lt"), keisotsu("k1", (5, 5), 0, kind="lt")],
        lieutenants=("a1", "k1"),
    )
    pos, mv = files(tmp_path, data, [])
    code, out = call(capsys, "view", pos, "--seat", 0)
    assert code == 0 and out["hidden"] == {"0": out["hidden"]["0"]}
    assert out["troopers"][1]["profile"] == "jsa.keisotsu.combi"
    assert "jsa.keisotsu.lt" not in json.dumps(out)
    code, out = call(capsys, "apply", pos, mv, "--view", 1)
    assert out["hidden"]["1"]["lieutenant"] == "k1" and "0" not in out["hidden"]


def test_new_sets_a_game_up_from_a_scenario_and_two_lists(tmp_path, capsys):
    scenario, l0, l1 = (tmp_path / n for n in ("s.json", "l0.json", "l1.json"))
    scenario.write_text(json.dumps({"scenario": "civilian_evacuation", "board": "standard"}))
    l0.write_text(json.dumps({"roster": "jsa"}))
    l1.write_text(json.dumps({"roster": "corregidor"}))
    code, out = call(capsys, "new", scenario, l0, l1, "--seed", 7)
    assert code == 0 and out["board"]["cols"] == 24 and len(out["civilians"]) == 4
    assert out["seats"][0]["sectorial"] == "jsa"
    assert out["turn"]["pending"]["kind"] == "initiative"
    assert out["hidden"]["engine"]["rng"]["seed"] == "7"


def test_apply_climbs_onto_a_roof_and_writes_its_level_back(tmp_path, capsys):
    """Height levels (the README's "Height levels"): the scenery's `level`, `declare` climb."""
    data = position([alguacil("a1", (5, 11)), keisotsu("k1", (8, 0), 0)])
    data["scenery"] = [{"hex": [5, 10], "kind": "building", "level": 2}]
    climb = [
        {"type": "order", "seat": 0, "kind": "regular", "trooper": "a1"},
        {"type": "declare", "seat": 0, "skill": "climb", "to": [5, 10]},
        {"type": "declare", "seat": 0, "skill": "none"},
    ]
    pos, mv = files(tmp_path, data, climb)
    code, out = call(capsys, "apply", pos, mv, "--dice", json.dumps({"a1.ph": [3]}))
    assert code == 0 and out["troopers"][0]["hex"] == [5, 10]
    assert out["scenery"] == [{"hex": [5, 10], "kind": "building", "level": 2}]
    assert [e for e in out["log"] if e["kind"] == "ClimbRolled"][0]["success"] is True


def test_duel_plays_the_two_computers_with_seats_swapped_and_sums_the_games_up(capsys):
    argv = ["duel", "--games", "2", "--level", "easy", "--boards", "small", "--max-moves", "4"]
    argv += ["--first", "3"]  # the pair seeded duel3: games 6 and 7
    assert main(argv) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    games, summary = lines[:-1], lines[-1]
    assert [(g["game"], g["a_seat"], g["board"], g["moves"]) for g in games] == [
        (6, 0, "small", 4),
        (7, 1, "small", 4),
    ]
    assert summary["priors"] == [1.0, 0.0] and summary["unfinished"] == 2
    assert summary["a_decisions"] + summary["b_decisions"] == 8
    assert summary["a_p90_s"] >= 0 and summary["b_s_per_decision"] >= 0


def test_duel_crosses_the_armies_and_tells_who_played_first(capsys):
    """`--armies jsa corregidor` puts Corregidor on seat 1 (a seat's advantage told from an
    army's); each game's line names the seat that played first and each seat's army."""
    argv = ["duel", "--games", "1", "--level", "easy", "--boards", "small", "--max-moves", "6"]
    assert main([*argv, "--armies", "jsa", "corregidor"]) == 0
    crossed = json.loads(capsys.readouterr().out.splitlines()[0])
    assert crossed["armies"] == ["jsa", "corregidor"] and crossed["first_seat"] in (0, 1)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[0])["armies"] == ["corregidor", "jsa"]


def test_duel_tallies_each_sides_declarations_per_profile_against_the_baseline(capsys):
    """`--tally` counts each side's declarations and reactions per army and profile (the
    Domaru's chain rifle, close combat and Berserk, measured); `--baseline` has B judge
    without the approach terms."""
    argv = ["duel", "--games", "2", "--level", "easy", "--boards", "small", "--max-moves", "40"]
    assert main([*argv, "--priors", "1", "1", "--baseline", "--tally"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert summary["baseline"] is True
    tally = summary["tally"]
    assert {key.split()[0] for key in tally} == {"A", "B"}
    assert all(key.split()[1] in ("corregidor", "jsa") for key in tally)
    counts = [n for actions in tally.values() for n in actions.values()]
    assert counts and all(n > 0 for n in counts)
    assert any("move" in actions for actions in tally.values())
