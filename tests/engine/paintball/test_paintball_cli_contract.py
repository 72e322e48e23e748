"""The paintball command line exactly as paintball.md §13-§15 write it, run in a fresh process
(`python -m games.engine.paintball apply POSITION.json MOVES.json [--dice …] [--seed N]
[--view SEAT] [--events]`): the rules cases kept outside the repository run through it."""

import pytest
from engine_cli import run_cli, spec_move_answer
from pbh import CHARGE_EXAMPLE

from games.engine.paintball import moves as mv
from games.engine.paintball.cli import main

# §13: only the required fields; every other one takes its default.
POSITION = {
    "schema": 1,
    "board": "hexon_basic",
    "figures": {
        "r1": {"team": "red", "hex": [0, 2]},
        "r2": {"team": "red", "hex": [1, 2]},
        "b1": {"team": "blue", "hex": [0, -1]},
        "b2": {"team": "blue", "hex": [-1, -1]},
    },
}
# §13's figure table, every field.
FIGURE_FIELDS = {
    "team",
    "hex",
    "expert",
    "ap",
    "state",
    "disabled_by",
    "out_reason",
    "activated",
    "fired",
    "aimed",
    "moved",
    "facing",
    "grenades",
    "sentry_policy",
}
# §13's position table, every field.
POSITION_FIELDS = {
    "schema",
    "board",
    "scenario",
    "roles",
    "advanced",
    "terrain",
    "turn",
    "turn_limit",
    "phase",
    "first",
    "active",
    "second_last_turn",
    "activations",
    "current",
    "figures",
    "marshals",
    "flags",
    "smoke",
    "pending",
    "winner",
}
# A turn played with §14's move forms: path and to, aim, sentry with policy and facing,
# end_activation, end_phase, and the system move begin_turn with a null seat.
A_TURN = [
    {"seat": "red", "move": {"type": "move", "figure": "r1", "path": [[0, 1]]}},
    {"seat": "red", "move": {"type": "aim", "figure": "r1"}},
    {"seat": "red", "move": {"type": "end_activation"}},
    {"seat": "red", "move": {"type": "sentry", "figure": "r2", "policy": "ask", "facing": 0}},
    {"seat": "red", "move": {"type": "end_phase"}},
    {"seat": "blue", "move": {"type": "end_phase"}},
    {"seat": None, "move": {"type": "begin_turn"}},
]
SHOT = [{"seat": "red", "move": {"type": "shoot", "figure": "r1", "targets": ["b1"]}}]


def apply(tmp_path, position, moves, *options):
    return run_cli(
        "paintball",
        tmp_path,
        "apply",
        "POSITION.json",
        "MOVES.json",
        *options,
        files={"POSITION.json": position, "MOVES.json": moves},
    )


def test_apply_prints_one_complete_position_with_keys_sorted_and_exits_0(tmp_path):
    done = apply(tmp_path, POSITION, A_TURN, "--dice", "3,5")
    assert done.code == 0, done.out
    out = done.json()
    assert set(out) >= POSITION_FIELDS
    assert list(out) == sorted(out)
    assert all(set(f) == FIGURE_FIELDS for f in out["figures"].values())
    assert out["figures"]["r1"]["hex"] == [0, 1] and out["figures"]["r1"]["moved"] == 0
    assert out["figures"]["r2"]["state"] == "sentry"
    assert out["figures"]["r2"]["sentry_policy"] == "ask"
    # §15 dice order, start of turn: red's command die, then blue's; blue rolled more.
    assert (out["turn"], out["first"], out["active"]) == (2, "blue", "blue")
    assert out["activations"] == {"red": 3, "blue": 5}


def test_events_go_to_stderr_one_json_object_a_line_in_past_tense(tmp_path):
    done = apply(tmp_path, POSITION, A_TURN, "--dice", "3,5", "--events")
    kinds = [event["kind"] for event in done.event_lines()]
    assert kinds[:3] == ["FigureActivated", "FigureMoved", "AimTaken"]
    assert kinds[-2:] == ["TurnStarted", "CommandDiceRolled"]


def test_view_prints_a_teams_view_and_events_as_that_team_saw_them(tmp_path):
    done = apply(tmp_path, POSITION, A_TURN, "--dice", "3,5", "--view", "blue", "--events")
    assert done.code == 0
    out = done.json()
    assert out["figures"]["r2"]["state"] == "sentry"
    assert out["figures"]["r2"]["sentry_policy"] is None
    assert "ask" not in done.err  # red's sentry policy stays red's (§16)
    mine = apply(tmp_path, POSITION, A_TURN, "--dice", "3,5", "--view", "red", "--events")
    assert mine.json()["figures"]["r2"]["sentry_policy"] == "ask"
    assert '"policy": "ask"' in mine.err


def test_a_view_of_no_team_exits_2_with_a_json_error_and_applies_nothing(tmp_path):
    done = apply(tmp_path, POSITION, A_TURN, "--dice", "3,5", "--view", "green", "--events")
    assert done.code == 2
    assert done.json()["error"]["code"] == "not_a_seat"
    assert done.err == ""  # no usage text, no event of a batch that was not applied


def test_an_illegal_move_exits_2_printing_only_the_error_and_nothing_after_it(tmp_path):
    moves = [*A_TURN[:3], {"seat": "red", "move": {"type": "move", "figure": "r2", "to": [3, 3]}}]
    done = apply(tmp_path, POSITION, moves, "--events")
    assert done.code == 2
    error = done.json()["error"]
    assert set(error) == {"code", "message", "move_index"}
    # §7: of several refusals the first in its order: not_adjacent before off_board.
    assert (error["code"], error["move_index"]) == ("not_adjacent", 3)
    assert done.err == ""  # no events of the moves before it either
    next_door = [
        *A_TURN[:3],
        {"seat": "red", "move": {"type": "move", "figure": "r2", "to": [1, 3]}},
    ]
    assert apply(tmp_path, POSITION, next_door).json()["error"]["code"] == "off_board"


def test_too_few_forced_dice_exit_3_with_the_move_index(tmp_path):
    done = apply(tmp_path, POSITION, SHOT, "--dice", "4")
    assert done.code == 3
    assert done.json() == {"error": {"code": "dice_exhausted", "move_index": 0}}


def test_dice_left_over_exit_3_with_their_count(tmp_path):
    done = apply(tmp_path, POSITION, SHOT, "--dice", "2,6,6")
    assert done.code == 3
    assert done.json() == {"error": {"code": "dice_unused", "unused": 2}}


def test_without_dice_no_die_may_be_rolled_but_a_seed_rolls_them(tmp_path):
    assert apply(tmp_path, POSITION, SHOT).json()["error"]["code"] == "dice_exhausted"  # C7
    seeded = apply(tmp_path, POSITION, SHOT, "--seed", "4")
    assert seeded.code == 0 and seeded.json()["figures"]["r1"]["fired"] is True


@pytest.mark.parametrize(
    "position",
    [
        "{not json",
        {"schema": 2, "board": "hexon_basic", "figures": {}},
        {"schema": 1, "board": "moon", "figures": {}},
        {"schema": 1, "board": {"hexes": [[0, 0], [0, 1]]}, "figures": {}},  # marshals needed
        {**POSITION, "phase": "lunch"},
        {**POSITION, "terrain": [{"hex": [0, 0], "type": "lava"}]},
    ],
    ids=["not-json", "schema", "board", "custom-board-without-marshals", "phase", "terrain"],
)
def test_an_unreadable_or_invalid_position_exits_4_with_bad_position(tmp_path, position):
    done = apply(tmp_path, position, [])
    assert done.code == 4
    assert done.json()["error"]["code"] == "bad_position"


def test_a_custom_board_with_homes_and_marshals_is_a_position(tmp_path):
    board = {"hexes": [[0, q] for q in range(-3, 4)], "homes": {"red": [0, 3], "blue": [0, -3]}}
    position = {
        "schema": 1,
        "board": board,
        "figures": {"r1": {"team": "red", "hex": [0, 1]}, "b1": {"team": "blue", "hex": [0, -1]}},
        "marshals": {"m1": {"hex": [0, 0], "busy": None}},
    }
    done = apply(tmp_path, position, [])
    assert done.code == 0
    assert done.json()["board"] == {"hexes": board["hexes"], "homes": board["homes"]}


# §14, every move object as the spec prints it (its `[q,r]`, `…` filled in).
SPEC_MOVES = [
    {"type": "begin_turn"},
    {"type": "move", "figure": "r1", "to": [0, 1]},
    {"type": "move", "figure": "r1", "path": [[0, 1], [0, 0]]},
    {"type": "aim", "figure": "r1"},
    {"type": "shoot", "figure": "r1", "targets": ["b1", "b2"], "mode": "normal"},
    {"type": "shoot", "figure": "r1", "targets": ["b1"], "mode": "suppress"},
    {"type": "sentry", "figure": "r1", "policy": "fire", "facing": 3},
    {"type": "sentry", "figure": "r1", "policy": "suppress", "facing": 3},
    {"type": "sentry", "figure": "r1", "policy": "ask", "facing": 3},
    {"type": "reload", "figure": "r1"},
    {"type": "grenade", "figure": "r1", "kind": "smoke", "hex": [0, 0]},
    {"type": "grenade", "figure": "r1", "kind": "paint", "hex": [0, 0]},
    {
        "type": "charge",
        "hex": [0, 0],
        "figures": ["r1", "r2"],
        "kill_order": ["b2", "b1"],
        "paths": {"r1": [[0, 1], [0, 0]]},
    },
    {"type": "face", "figure": "r1", "facing": 2},
    {"type": "end_activation"},
    {"type": "end_phase"},
    {"type": "choose_order", "play": "first"},
    {"type": "choose_order", "play": "second"},
    {"type": "sentry_fire", "figure": "b1", "fire": True, "mode": "normal"},
    {"type": "sentry_fire", "figure": "b1", "fire": False, "mode": "suppress"},
    {"type": "allocate_hits", "hits": ["b2"]},
    {"type": "charge_victim", "victim": "r2"},
    {"type": "grenade_scatter", "hex": [0, 0]},
    {"type": "setup_team", "experts": ["r1"], "grenades": {"r3": ["smoke"]}},
    {"type": "deploy", "hexes": {"r1": [0, 2], "r2": [1, 2]}},
]


@pytest.mark.parametrize("move", SPEC_MOVES, ids=lambda m: m["type"])
def test_every_move_form_of_the_spec_is_read_and_written_back_the_same(move):
    """The codec the command line reads moves with (`moves.decode`, its only parser) takes every
    form §14 prints, and writes it back with the same meaning."""
    again = mv.encode(mv.decode(move))
    assert mv.decode(again) == mv.decode(move)
    assert again["type"] == move["type"]


def test_mode_policy_and_kill_order_take_the_specs_defaults():
    assert mv.decode({"type": "shoot", "figure": "r1", "targets": ["b1"]}).mode == "normal"
    assert mv.decode({"type": "sentry", "figure": "r1"}).policy == "fire"
    charge = mv.decode({"type": "charge", "hex": [0, 0], "figures": ["r1"]})
    assert charge.kill_order == ()


@pytest.mark.parametrize("move", SPEC_MOVES, ids=lambda m: m["type"])
def test_a_spec_move_in_a_moves_file_gets_a_rules_answer_not_a_parse_error(tmp_path, move):
    """Done, or refused with a rule's code, never `malformed`."""
    code, out = spec_move_answer(main, tmp_path, POSITION, move)
    assert code in (0, 2, 3), out
    assert code == 0 or out["error"]["code"] != "malformed", out


def test_the_module_prints_its_usage(tmp_path):
    done = run_cli("paintball", tmp_path, "--help")
    assert done.code == 0 and "apply" in done.out


ASKED = {
    **POSITION,
    "figures": {
        "r1": {"team": "red", "hex": [0, 1]},
        "b1": {"team": "blue", "hex": [0, -1], "state": "sentry", "sentry_policy": "ask"},
    },
    "current": "r1",
    "pending": {
        "seat": "blue",
        "kind": "sentry_fire",
        "options": [{"fire": True, "mode": "normal"}, {"fire": False}],
        "context": {"sentry": "b1", "target": "r1"},
    },
}


def test_a_hand_written_sentry_decision_needs_only_its_sentry_and_target(tmp_path):
    fire = [{"seat": "blue", "move": {"type": "sentry_fire", "figure": "b1", "fire": True}}]
    done = apply(tmp_path, ASKED, fire, "--dice", "2", "--events")  # 2 misses at distance 2
    assert done.code == 0, done.out
    assert done.json()["figures"]["r1"]["state"] == "ready" and done.json()["pending"] is None
    assert "ShotDiceRolled" in [event["kind"] for event in done.event_lines()]
    held = [
        {"seat": "blue", "move": {"type": "sentry_fire", "figure": "b1", "fire": False}},
        {"seat": "red", "move": {"type": "end_activation"}},
    ]
    done = apply(tmp_path, ASKED, held)
    assert done.code == 0, done.out
    assert done.json()["pending"] is None and done.json()["current"] is None


@pytest.mark.parametrize(
    ("kind", "context"),
    [
        ("sentry_fire", {"sentry": "b1"}),
        ("grenade_scatter", {}),
        ("charge_victim", {}),
        ("nap", {}),
    ],
)
def test_a_decision_missing_what_it_needs_is_a_bad_position_not_a_crash(tmp_path, kind, context):
    pending = {"seat": "blue", "kind": kind, "options": [], "context": context}
    done = apply(tmp_path, {**ASKED, "pending": pending}, [])
    assert done.code == 4 and done.json()["error"]["code"] == "bad_position"


def test_the_specs_invocation_with_its_dice_5_2_3_5_plays_the_rulebooks_charge_example(tmp_path):
    """§15 prints `--dice 5,2,3,5`: the dice of «Exemple : 2 attaquants chargent 2 défenseurs»
    (§Charger un ennemi): «L'attaquant obtient 5 et 2. Le défenseur obtient 3 et 5.»"""
    # «L'attaquant choisit quel défenseur il élimine … l'ennemi ayant le résultat de 5»: b2.
    charge = {"type": "charge", "hex": [0, 0], "figures": ["r1", "r2"], "kill_order": ["b2"]}
    done = apply(tmp_path, CHARGE_EXAMPLE, [{"seat": "red", "move": charge}], "--dice", "5,2,3,5")
    assert done.code == 0, done.out
    out = done.json()
    assert out["figures"]["b2"]["out_reason"] == "charged"
    # «Le prochain tir est le résultat de 3 au dé par le défenseur»: blue now removes one.
    assert out["pending"]["seat"] == "blue" and out["pending"]["kind"] == "charge_victim"
    assert out["pending"]["options"][0] == "r2"  # the one who rolled 2, the default
