"""Standing reaction policies and ambush triggers as a player sets them trooper by trooper (spec
Part D.1 and D.4): a policy names a weapon the trooper fires and a distance that weapon reaches,
a trigger a hidden trooper's weapon, a mode it fires in ARO ("ORA") and a distance within reach;
anything else is refused with a reason and changes nothing, and the engine keeps to the
distance a policy sets."""

import pytest
from infh import alguacil, declare, keisotsu, of, order, position, run

from games.engine.infinity.position import state_from_json, state_to_json
from games.engine.infinity.system import SYSTEM
from games.engine.protocol import IllegalMove
from games.engine.rng import Rng


def policy(seat, troopers, **fields):
    return {"type": "set_policy", "seat": seat, "troopers": troopers, "policy": fields}


def duel(**kw):
    """a1 (Alguacil, Combi Rifle) six hexes south of k5 (Keisotsu HMG) facing it."""
    return position([alguacil("a1", (5, 11)), keisotsu("k5", (5, 5), 3, kind="hmg")], **kw)


def test_a_policy_naming_a_weapon_and_a_distance_is_kept_in_the_owners_secret():
    state, events = run(
        duel(),
        [policy(1, ["k5"], on_sight="shoot", on_template="dodge", weapon="hmg", max_range=12)],
    )
    kept = state.hidden[1].policy("k5", None)
    assert (kept.on_sight, kept.on_template, kept.weapon, kept.max_range) == (
        "shoot",
        "dodge",
        "hmg",
        12,
    )
    assert of(events, "PolicySet")[0]["troopers"] == ["k5"]


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"on_sight": "shoot", "weapon": "combi_rifle"}, "skill_not_allowed"),  # not its weapon
        ({"on_sight": "shoot", "weapon": "knife"}, "skill_not_allowed"),  # not fired at range
        ({"on_sight": "shoot", "weapon": "hmg", "max_range": 49}, "out_of_range"),  # reaches 48
        ({"on_sight": "shoot", "weapon": "pistol", "max_range": 13}, "out_of_range"),  # 12
    ],
)
def test_a_policy_with_a_weapon_the_trooper_lacks_or_beyond_its_reach_is_refused(fields, code):
    state = state_from_json(duel())
    with pytest.raises(IllegalMove) as err:
        run(state, [policy(1, ["k5"], **fields)])
    assert err.value.code == code and err.value.reason.endswith(".")
    assert state.hidden[1].policies == ()


def test_a_policy_for_the_other_sides_trooper_is_refused():
    with pytest.raises(IllegalMove) as err:
        run(duel(), [policy(1, ["a1"], on_sight="pass")])
    assert err.value.code == "unknown_trooper"


def test_a_trooper_does_not_shoot_beyond_the_distance_of_its_policy():
    """a1 walks to five hexes of k5: a policy of 3 hexes at most lets it by (nobody is asked:
    the policy answers the window), one of 8 shoots."""
    moves = [order(0, "a1"), declare(0, "move", path=[[5, 10]])]
    near = {1: {"k5": {"on_sight": "shoot", "on_template": "pass", "max_range": 3}}}
    state, events = run(duel(policies=near), moves)
    assert not of(events, "AroDeclared") and state.turn.pending.seat == 0
    far = {1: {"k5": {"on_sight": "shoot", "on_template": "pass", "max_range": 8}}}
    state, events = run(duel(policies=far), moves)
    assert [e["trooper"] for e in of(events, "AroDeclared")] == ["k5"]


def hidden_deployment():
    """The JSA deploying, their Keisotsu HMG k5 deployed hidden with its default trigger."""
    data = position(
        [alguacil("a1", (5, 13)), keisotsu("k5", (5, 2), kind="hmg")],
        pending={"seat": 1, "kind": "deploy"},
        active=1,
    )
    data["turn"]["phase"] = "deployment"
    data["options"]["hidden_deployment"] = True
    data["hidden"]["1"]["hidden_deployment"] = ["k5"]
    data["hidden"]["1"]["ambush"] = [{"trooper": "k5", "weapon": "hmg", "within": 16}]
    return state_from_json(data)


def ambush(**trigger):
    return {"type": "set_ambush", "seat": 1, "triggers": [{"trooper": "k5", **trigger}]}


def no_trigger_to_clear(setup_version: int):
    """The JSA deploying with no hidden trooper, so no trigger, in a game of that set-up."""
    data = state_to_json(hidden_deployment())
    data["hidden"]["1"].update(hidden_deployment=[], ambush=[])
    if setup_version >= 3:
        data["options"]["idle_ambush"] = "refused"
    return state_from_json(data)


def test_an_empty_ambush_with_no_trigger_to_clear_is_refused_and_logs_nothing():
    """It changed nothing and added an `AmbushSet` to the log (spec Part D.4: a trigger names a
    hidden trooper); the seat has no hidden trooper, so no trigger."""
    with pytest.raises(IllegalMove) as err:
        run(no_trigger_to_clear(3), [{"type": "set_ambush", "seat": 1, "triggers": []}])
    assert err.value.code == "skill_not_allowed"
    assert "no ambush trigger" in str(err.value)


def test_a_game_set_up_before_keeps_an_empty_ambush_legal():
    """A log stored before set-up version 3 may hold one (the form sent it): it replays."""
    state = no_trigger_to_clear(2)
    assert "idle_ambush" not in state_to_json(state)["options"]
    _, events = run(state, [{"type": "set_ambush", "seat": 1, "triggers": []}])
    assert of(events, "AmbushSet")


def test_a_new_game_refuses_an_idle_ambush_and_says_so_in_its_position():
    new = SYSTEM.setup(SYSTEM.validate_config({}, 2), 2, Rng("idle")).state
    assert state_to_json(new)["options"]["idle_ambush"] == "refused"
    stored = SYSTEM.setup({}, 2, Rng("idle")).state  # a config stored before set-up versions
    assert "idle_ambush" not in state_to_json(stored)["options"]


def test_an_empty_ambush_clears_the_triggers_set():
    state, events = run(hidden_deployment(), [{"type": "set_ambush", "seat": 1, "triggers": []}])
    assert state.hidden[1].ambush == () and of(events, "AmbushSet")


def test_an_ambush_trigger_may_be_set_to_a_shorter_distance():
    state, events = run(hidden_deployment(), [ambush(weapon="hmg", within=8)])
    (trigger,) = state.hidden[1].ambush
    assert (trigger.weapon, trigger.within, trigger.mode) == ("hmg", 8, "N")
    assert of(events, "AmbushSet")


@pytest.mark.parametrize(
    ("trigger", "code"),
    [
        ({"weapon": "hmg", "within": 49}, "out_of_range"),
        ({"weapon": "hmg", "within": 8, "mode": "AP"}, "skill_not_allowed"),
        ({"weapon": "combi_rifle", "within": 8}, "skill_not_allowed"),
    ],
)
def test_an_ambush_beyond_reach_or_with_a_mode_the_weapon_lacks_is_refused(trigger, code):
    state = hidden_deployment()
    with pytest.raises(IllegalMove) as err:
        run(state, [ambush(**trigger)])
    assert err.value.code == code
    assert state.hidden[1].ambush[0].within == 16
