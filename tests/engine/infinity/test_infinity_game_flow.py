"""A game from set-up to score (spec B.5, B.13, B.15): the initiative roll-off and its choice,
deployment (with the hidden-deployment option), game turns, the end by turns, by Retreat! and by
an army with nobody standing, Annihilation's score."""

import pytest
from infh import alguacil, keisotsu, of, position, run

from games.engine.infinity.ctx import Ctx
from games.engine.infinity.dice import Dice
from games.engine.infinity.position import state_from_json
from games.engine.infinity.system import SYSTEM
from games.engine.infinity.turns import end_turn, start_turn
from games.engine.protocol import IllegalMove
from games.engine.rng import Rng


def setup(config=None, seed="flow"):
    """A new game (today's set-up: setup.SETUP_VERSIONS)."""
    return SYSTEM.setup(SYSTEM.validate_config(config or {}, 2), 2, Rng(seed))


def test_in_a_game_set_up_before_the_two_privileges_the_winner_decides_both_orders():
    start = SYSTEM.setup({}, 2, Rng("flow"))  # a stored config without setup_version
    winner = start.state.turn.pending.seat
    assert start.state.turn.pending.kind == "initiative"
    assert {m.get("choice") for m in SYSTEM.legal_moves(start.state, winner)} == {"first", "second"}
    assert all("deploy" not in m for m in SYSTEM.legal_moves(start.state, winner))
    with pytest.raises(IllegalMove):
        run(start.state, [{"type": "initiative", "seat": winner, "deploy": "second"}])
    state, _ = run(start.state, [{"type": "initiative", "seat": winner, "choice": "second"}])
    assert state.turn.first_seat == 1 - winner
    assert state.turn.pending == state.turn.pending.__class__(1 - winner, "deploy")


def test_deployment_places_every_trooper_in_the_zone_then_hands_over():
    state = setup().state
    winner = state.turn.pending.seat
    state, _ = run(state, [{"type": "initiative", "seat": winner, "choice": "first"}])
    state, _ = run(state, [{"type": "deployment", "seat": 1 - winner, "choice": "second"}])
    seat = winner
    with pytest.raises(IllegalMove) as err:
        run(
            state,
            [{"type": "deploy", "seat": seat, "trooper": state.army(seat)[0].id, "hex": [5, 8]}],
        )
    assert err.value.code == "illegal_path"
    with pytest.raises(IllegalMove):
        run(state, [{"type": "deploy_done", "seat": seat}])
    while state.turn.pending.kind == "deploy":
        mover = state.turn.pending.seat
        move = SYSTEM.legal_moves(state, mover)[0]
        state, _ = run(state, [move])
    assert state.turn.phase == "active" and state.turn.pending.kind == "order"
    assert state.turn.pending.seat == winner
    assert all(t.hex is not None for t in state.troopers)


def test_a_hidden_trooper_is_missing_from_the_enemy_view_and_reacts_by_its_trigger():
    data = position(
        [alguacil("a1", (5, 13)), keisotsu("k5", (5, 5), 3, kind="hmg")],
        policies={1: {"k5": {"on_sight": "pass", "on_template": "pass"}}},
    )
    data["options"]["hidden_deployment"] = True
    data["hidden"]["1"]["hidden_deployment"] = ["k5"]
    data["hidden"]["1"]["ambush"] = [{"trooper": "k5", "weapon": "hmg", "within": 6}]
    state = state_from_json(data)
    view = SYSTEM.view(state, 0)
    assert [t["id"] for t in view["troopers"]] == ["a1"] and view["unseen"][0]["id"] == "k5"
    assert list(view["hidden"]) == ["0"]
    # Out of the trigger's reach: nothing happens, nobody waits.
    state, events = run(
        state,
        [
            {"type": "order", "seat": 0, "trooper": "a1"},
            {"type": "declare", "seat": 0, "skill": "move", "path": [[5, 12]]},
        ],
    )
    assert not of(events, "HiddenTrooperRevealed") and state.turn.pending.seat == 0
    state, events = run(
        state,
        [{"type": "declare", "seat": 0, "skill": "move", "path": [[5, 11]]}],
        dice={
            "k5.bs": [20],
        },
    )
    assert of(events, "HiddenTrooperRevealed")[0]["trooper"] == "k5"
    assert of(events, "AroDeclared")[0]["weapon"] == "hmg"
    assert "k5" in [t["id"] for t in SYSTEM.view(state, 0)["troopers"]]


def test_a_move_into_contact_with_a_hidden_trooper_reveals_it_and_stops():
    data = position([alguacil("a1", (5, 12)), keisotsu("k1", (5, 9), 0)])
    data["hidden"]["1"]["hidden_deployment"] = ["k1"]
    state, events = run(
        data,
        [
            {"type": "order", "seat": 0, "trooper": "a1"},
            {"type": "declare", "seat": 0, "skill": "move", "path": [[5, 11], [5, 10]]},
        ],
    )
    assert of(events, "HiddenTrooperRevealed") and state.trooper("a1").hex == (5, 10)


def test_the_game_ends_after_the_last_game_turn_with_annihilation_points():
    data = position(
        [
            alguacil("a1", (5, 12)),
            keisotsu("k1", (5, 2)),
            keisotsu("k2", (6, 2), state="dead", wounds=2),
        ],
        active=1,
        game_turn=3,
        orders={1: {"regular": 1}},
    )
    state, events = run(data, [{"type": "end_turn", "seat": 1}])
    assert state.score.vp == (9, 0) and state.score.winner == 0
    assert SYSTEM.outcome(state).winners == (0,)
    assert of(events, "GameEnded")[0]["reason"] == "turns"
    assert SYSTEM.legal_moves(state, 0) == [] and SYSTEM.to_act(state) == ()


def test_an_army_with_nobody_standing_at_the_start_of_its_turn_ends_the_game():
    data = position([alguacil("a1", (5, 12)), keisotsu("k1", (5, 2), state="dead", wounds=2)])
    state, events = run(data, [{"type": "end_turn", "seat": 0}])
    assert state.score is not None and state.score.reason == "no_troopers"


def _retreating(**turn):
    troopers = [
        alguacil("a1", (5, 12)),
        alguacil("a2", (6, 12), state="dead", wounds=2),
        keisotsu("k1", (5, 2)),
    ]
    data = position(troopers, points=(15, 9), lieutenants=("a1", "k1"), **turn)
    return Ctx(state_from_json(data), Dice(forced={}))


def test_retreat_no_longer_ends_the_game_at_the_end_of_that_game_turn():
    """Was `test_retreat_ends_the_game_at_the_end_of_that_game_turn` (the tier-1
    simplification, spec B.13's D): the French text never ends the game on Retreat! (turns.py
    `in_retreat`), so the game goes on to its last turn."""
    ctx = _retreating()
    start_turn(ctx, 0)
    assert ctx.state.seats[0].retreat
    end_turn(ctx, 0)
    end_turn(ctx, 1)
    assert ctx.state.score is None and ctx.state.turn.game_turn == 2
    for _ in range(4):
        end_turn(ctx, ctx.state.turn.active_seat)
    assert ctx.state.score is not None and ctx.state.score.reason == "turns"


def test_a_position_saved_with_the_old_retreat_ending_still_ends_then():
    """The contract: a position written before, holding `turn.last_game_turn`, keeps it."""
    ctx = _retreating(last_game_turn=1)
    start_turn(ctx, 0)
    end_turn(ctx, 0)
    end_turn(ctx, 1)
    assert ctx.state.score is not None and ctx.state.score.reason == "retreat"


def test_a_forfeit_gives_the_game_to_the_other_seat():
    state = setup().state
    step = SYSTEM.forfeit(state, 0, "resign")
    assert SYSTEM.outcome(step.state).winners == (1,)


def test_configs_are_checked_and_duels_swap_the_armies():
    with pytest.raises(ValueError):
        SYSTEM.validate_config({"scenario": "capture"}, 2)
    with pytest.raises(ValueError):
        SYSTEM.validate_config({"scenario": "civilian_evacuation", "civilians": "none"}, 2)
    first, mirror = SYSTEM.duel_configs({}, Rng("d"))
    assert first["armies"] == ["corregidor", "jsa"] and mirror["armies"] == ["jsa", "corregidor"]
    assert len(setup({"scenario": "civilian_evacuation"}).state.civilians) == 4


def test_a_trooper_with_a_template_weapon_may_deploy_hidden_with_a_teardrop_trigger():
    data = position(
        [alguacil("a1", (5, 13)), keisotsu("k1", (5, 2))],
        pending={"seat": 1, "kind": "deploy"},
        active=1,
    )
    data["turn"]["phase"] = "deployment"
    data["options"]["hidden_deployment"] = True
    data["troopers"].append({"id": "d2", "seat": 1, "profile": "jsa.domaru.chain", "hex": None})
    state, _ = run(
        data, [{"type": "deploy", "seat": 1, "trooper": "d2", "hex": [8, 1], "hidden": True}]
    )
    trigger = state.hidden[1].ambush[0]
    assert (trigger.weapon, trigger.within) == ("chain_rifle", 4)
