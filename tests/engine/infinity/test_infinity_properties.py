"""Properties over random games (ARCHITECTURE.md "Tests"; issue 18): every game ends, replays
identically from its seed and moves, shows no seat the other side's secrets (its Lieutenant,
policies, hidden troopers and triggers, a second skill committed in advance) in any view or
event, and deals from a view a state that shows that view again."""

import json

import pytest
from hidden import secrets

from games.engine.infinity import infiltration
from games.engine.infinity.system import SYSTEM
from games.engine.protocol import event_for_seat
from games.engine.replay import verify
from games.engine.rng import Rng

NEW = {"setup_version": 2}  # a new game's set-up (setup.SETUP_VERSIONS): B.5's two privileges
CONFIGS = [
    NEW,
    {"scenario": "civilian_evacuation", "reactions": "auto", **NEW},
    {"hidden_deployment": True, "civilians": "mixed", "armies": ["jsa", "corregidor"], **NEW},
    {
        "board": "standard",
        "reactions": "auto",
        "hidden_deployment": True,
        "max_game_turns": 2,
        **NEW,
    },
    # two Ninjas deploying as TO markers (camouflage.py), in a game set up before setup_version
    # (no key: the roll-off's winner deciding both turn and deployment order, as it was)
    {
        "reactions": "auto",
        "armies": [
            {
                "sectorial": "jsa",
                "units": [
                    {"profile": p}
                    for p in ("jsa.keisotsu.lt", "jsa.keisotsu.combi", "jsa.keisotsu.hmg")
                    + ("jsa.ninja.combi", "jsa.ninja.combi")
                ],
            },
            "corregidor",
        ],
    },
]


def _with_second(state, seat, move, chooser):
    """Sometimes commit a random legal second skill with the first declaration."""
    if move.get("type") != "declare" or state.turn.current.stage != "declare1":
        return move, chooser
    roll, chooser = chooser.below(3)
    if roll:
        return move, chooser
    after = SYSTEM.apply(state, seat, move, Rng("peek")).state
    if after.turn.pending.kind == "aro":  # look past the window for the second skills
        reactive = after.turn.pending.seat
        after = SYSTEM.apply(
            after, reactive, {"type": "aro_done", "seat": reactive}, Rng("peek")
        ).state
    if after.turn.pending.kind != "declare2":
        return move, chooser
    second, chooser = chooser.choice(SYSTEM.legal_moves(after, seat))
    body = {k: v for k, v in second.items() if k not in ("type", "seat")}
    return {**move, "second": body}, chooser


def play(config, seed, check=None, prefer=None):
    start = SYSTEM.setup(config, 2, Rng(seed))
    state, rng, chooser = start.state, start.rng, Rng(f"chooser:{seed}")
    log, events = [], list(start.events)
    for _ in range(4000):
        if check:
            check(state, events)
        if SYSTEM.outcome(state) is not None:
            return start, state, log
        seat = SYSTEM.to_act(state)[0]
        legal = SYSTEM.legal_moves(state, seat)
        move, chooser = chooser.choice((prefer and prefer(state, legal)) or legal)
        move, chooser = _with_second(state, seat, move, chooser)
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
        events = list(step.events)
        log.append((seat, move))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("n,config", list(enumerate(CONFIGS)))
def test_random_games_end_and_replay_identically(n, config):
    start, final, log = play(config, f"prop{n}")
    assert SYSTEM.outcome(final) is not None
    snapshot = SYSTEM.state_to_json(final)
    assert verify(SYSTEM, snapshot=snapshot, seed=f"prop{n}", config=config, seats=2, moves=log)
    assert SYSTEM.state_from_json(json.loads(json.dumps(snapshot))) == final


def _seen_secrets(checked):
    def check(state, events):
        for seat in (None, 0, 1):
            text = json.dumps(SYSTEM.view(state, seat))
            seen = json.dumps([event_for_seat(e.to_json(), seat) for e in events])
            for secret in secrets(state, seat):
                checked.append(secret)
                assert secret not in text, f"seat {seat} view shows {secret}"
                assert secret not in seen, f"seat {seat} events show {secret}"

    return check


def _infiltrating(state, legal):
    """The Ninjas' deployments as markers or hidden in the enemy half (infiltration.py), when
    offered."""
    return [
        m
        for m in legal
        if m["type"] == "deploy"
        and (m.get("marker") or m.get("hidden"))
        and infiltration.roll_mod(state.board, m["seat"], tuple(m["hex"])) is not None
    ]


def test_covert_infiltrators_rolls_are_among_the_secrets_checked():
    """Ninjas infiltrating as markers or in hidden deployment (the random games above, choosing
    the enemy half whenever they may): a success is the owner's alone; no view or event of the other seat or of a
    spectator shows where it rolled and against what."""
    checked = []
    for n, config in enumerate([CONFIGS[4], CONFIGS[4], CONFIGS[4] | {"hidden_deployment": True}]):
        play(config, f"infiltrate{n}", _seen_secrets(checked), prefer=_infiltrating)
    assert any('"sv"' in secret for secret in checked)


@pytest.mark.parametrize("n,config", list(enumerate(CONFIGS)))
def test_no_view_or_event_shows_the_other_sides_secrets(n, config):
    checked = []
    play(config, f"secret{n}", _seen_secrets(checked))
    assert len(checked) > 100
    kinds = {s.split(":")[0] for s in checked}
    assert any("lieutenant" in k for k in kinds)


def test_hidden_troopers_triggers_and_committed_skills_are_among_the_secrets_checked():
    found = {"ambush": 0, "second": 0, "policies": 0}

    def check(state, events):
        for secret in secrets(state, 0):
            if '"weapon"' in secret and '"trooper"' in secret:
                found["ambush"] += 1
            elif secret.startswith('{"skill"'):
                found["second"] += 1
            elif "on_sight" in secret:
                found["policies"] += 1

    for n in range(3):
        play(CONFIGS[2], f"kinds{n}", check)
    assert all(found.values()), found


@pytest.mark.parametrize("n,config", [*enumerate(CONFIGS[:3]), (4, CONFIGS[4])])
def test_a_state_dealt_from_a_view_shows_that_view_again(n, config):
    def check(state, events):
        for seat in (0, 1):
            view = SYSTEM.view(state, seat)
            before = json.dumps(view, sort_keys=True)
            dealt = SYSTEM.determinize(view, seat, Rng(f"deal{n}"))
            assert SYSTEM.view(dealt, seat) == view
            # Dealing works on its own copy: the view a page draws is left as it was.
            assert json.dumps(view, sort_keys=True) == before

    play(config, f"deal{n}", check)


def _camouflaging_again(state, legal):
    """Re-camouflage (camouflage.py) whenever a shown Ninja may."""
    return [m for m in legal if m.get("skill") == "recamouflage"]


def test_a_recamouflaged_trooper_is_among_the_secrets_checked():
    """Ninjas going back to marker state whenever offered (the random games above): the
    trooper behind each new marker is a secret like any marker's, in every view and event of
    the other seat and of a spectator, from the step it hides on."""
    checked, placed = [], []
    seen = _seen_secrets(checked)

    def check(state, events):
        placed.extend(e for e in events if e.kind == "MarkerPlaced")
        seen(state, events)

    for n in range(3):
        play(CONFIGS[4], f"recamo{n}", check, prefer=_camouflaging_again)
    assert placed and all(e.visible_to == (e.data["seat"],) for e in placed)
    assert any(json.dumps(e.data["trooper"]) in checked for e in placed)


def _reads_back(state, events):
    """Every position, written and read again (through JSON text, as the platform keeps it),
    is the same state, not only the same JSON: the engine then plays on from it as it would
    have from the state in hand (an order pool's irregular orders once came back in another
    order: equal JSON, unequal states)."""
    written = SYSTEM.state_to_json(state)
    again = SYSTEM.state_from_json(json.loads(json.dumps(written)))
    assert again == state
    assert SYSTEM.state_to_json(again) == written


@pytest.mark.parametrize("n,config", list(enumerate(CONFIGS)))
def test_every_position_of_a_random_game_reads_back_as_the_same_state(n, config):
    play(config, f"prop{n}", _reads_back)
