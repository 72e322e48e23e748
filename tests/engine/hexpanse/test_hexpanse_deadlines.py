"""Deadline defaults (README "Decisions and their defaults", deadlines.py): the platform asks
`SYSTEM.timeout_move(state, seat)` when a seat's deadline passes and plays what comes back as that
seat's move. The Protector's reaction (R117) and the choices of a chain (R116) get their
defaults, so do the setup's choices and the market (spec 15.10); a seat's own actions do not."""

import pytest
from hxp import play, position
from test_hexpanse_properties import CONFIGS

from games.engine.hexpanse.system import SYSTEM
from games.engine.rng import Rng

WARLORDS = {"3,-3": (0, "warlord"), "-3,3": (1, "warlord")}


def protected():
    """Seat 1's normal unit on 1,0 stands next to its Protector on 2,0; it asks (R117)."""
    units = {**WARLORDS, "0,0": (0, "normal"), "1,0": (1, "normal"), "2,0": (1, "minor", "M01")}
    return position(minors=[["M06"], ["M01"]], units=units, policy=["ask", "ask"])


def test_a_defender_away_when_its_protector_is_asked_keeps_the_protector_and_loses_the_unit():
    asked = play(protected(), {"seat": 0, "do": "attack", "from": "0,0", "to": "1,0"})
    assert SYSTEM.to_act(asked.state) == (1,)
    assert SYSTEM.timeout_move(asked.state, 0) is None  # the attacker waits: nothing it owes
    move = SYSTEM.timeout_move(asked.state, 1)
    assert move == {"seat": 1, "do": "protect", "with": None}
    after = play(asked.state, move)
    assert after.at("1,0") is None and after.at("2,0")["minor"] == "M01"
    assert SYSTEM.to_act(after.state) == (0,)  # the attacker's turn goes on


def test_a_compulsory_ability_in_a_chain_resolves_by_its_first_choice():
    pos = position(mercs=[{"C09": 1}, {}], units={"0,-1": (1, "normal")})
    brought = play(pos, {"seat": 0, "do": "place", "unit": "merc", "card": "C09", "hex": "0,0"})
    assert brought.json["pending"][0]["card"] == "C09"
    move = SYSTEM.timeout_move(brought.state, 0)
    assert move == SYSTEM.legal_moves(brought.state, 0)[0] and move["do"] == "resolve"
    assert "skip" not in move  # The Baron's entry is compulsory
    after = play(brought.state, move)
    assert after.json["pending"] == [] and after.json["turn"]["actions_left"] == 1


def test_an_optional_ability_in_a_chain_is_skipped():
    pos = position(mercs=[{"C07": 1}, {}])
    brought = play(pos, {"seat": 0, "do": "place", "unit": "merc", "card": "C07", "hex": "0,0"})
    move = SYSTEM.timeout_move(brought.state, 0)
    assert move == {"seat": 0, "do": "resolve", "source": "0,0", "skip": True}
    after = play(brought.state, move)
    assert after.json["pending"] == [] and after.seat(0)["reserve"] == brought.seat(0)["reserve"]


def test_a_market_left_open_ends_the_turn_buying_nothing():
    market = play(position(hexilum=[10, 0]), {"seat": 0, "do": "end_actions"})
    move = SYSTEM.timeout_move(market.state, 0)
    assert move == {"seat": 0, "do": "end_turn"}
    after = play(market.state, move)
    assert after.seat(0)["hexilum"] == 10 and after.json["turn"]["seat"] == 1


def test_a_seat_that_does_not_play_its_actions_has_no_default():
    state = play(position()).state
    assert SYSTEM.to_act(state) == (0,)
    assert SYSTEM.timeout_move(state, 0) is None
    begun = play(state, {"seat": 0, "do": "gain"}).state
    assert SYSTEM.timeout_move(begun, 0) is None


def test_setup_choices_left_open_take_the_first_offered():
    start = SYSTEM.setup({"mode": "amiral"}, 3, Rng("away"))
    state, rng = start.state, start.rng
    while state.setup is not None:
        seat = SYSTEM.to_act(state)[0]
        move = SYSTEM.timeout_move(state, seat)
        assert move == SYSTEM.legal_moves(state, seat)[0]
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
    assert state.turn.phase == "actions"


@pytest.mark.parametrize(("seats", "config"), CONFIGS)
def test_every_deadline_default_of_a_random_game_is_a_legal_move_of_its_seat(seats, config):
    start = SYSTEM.setup(config, seats, Rng(f"deadline-{seats}"))
    state, rng, chooser = start.state, start.rng, Rng("chooser")
    defaults = 0
    for _ in range(4000):
        if SYSTEM.outcome(state) is not None:
            break
        acting = SYSTEM.to_act(state)
        assert all(SYSTEM.timeout_move(state, s) is None for s in range(seats) if s not in acting)
        seat = acting[0]
        move = SYSTEM.timeout_move(state, seat)
        if move is None:
            move, chooser = chooser.choice(SYSTEM.legal_moves(state, seat))
        else:
            defaults += 1
        step = SYSTEM.apply(state, seat, move, rng)
        state, rng = step.state, step.rng
    assert SYSTEM.outcome(state) is not None and defaults > 0
