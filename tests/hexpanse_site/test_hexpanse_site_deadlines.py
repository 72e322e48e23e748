"""Deadline defaults on the site (engine README, "Decisions and their defaults"): when a seat's
deadline passes on a decision it owes (a setup choice, the market, a Protector's answer), the
clock plays the default as that seat's move and the game goes on; a seat that lets its actions
pass loses on time and is eliminated, and in a three-player game the others play on."""

from __future__ import annotations

import pytest

from games.matches.models import Match, MatchRecord
from tests.fixtures import last_record, match_state, submit, time_out
from tests.hexpanse_site.conftest import protector_asked, setup_choices

pytestmark = pytest.mark.django_db


def test_a_faction_not_chosen_by_the_deadline_is_the_first_offered(new_match, players):
    match = new_match()
    system, state = match_state(match)
    chooser = system.to_act(state)[0]
    first = system.legal_moves(state, chooser)[0]
    assert time_out(match, chooser) == [(match.pk, chooser)]
    system, after = match_state(match)
    assert match.status == Match.Status.ACTIVE
    assert last_record(match).seat == chooser and last_record(match).data["move"] == first
    assert last_record(match).data["by_deadline"] is True  # recorded as the deadline's move


def test_a_market_left_open_past_the_deadline_ends_the_turn_buying_nothing(new_match, players):
    match = setup_choices(new_match(), players)
    system, state = match_state(match)
    seat = state.turn.seat
    submit(match, players[seat], {"seat": seat, "do": "end_actions"})
    assert time_out(match, seat) == [(match.pk, seat)]
    system, after = match_state(match)
    assert match.status == Match.Status.ACTIVE
    assert last_record(match).data["move"] == {"seat": seat, "do": "end_turn"}
    assert after.turn.seat != seat and after.turn.phase == "actions"


def test_a_protector_not_answered_by_the_deadline_stays_and_the_attacker_plays_on(
    new_match, players
):
    match = protector_asked(new_match(), players[0])
    system, asked = match_state(match)
    assert system.to_act(asked) == (1,) and asked.pending[0].kind == "protect"
    assert time_out(match, 1) == [(match.pk, 1)]
    system, after = match_state(match)
    assert match.status == Match.Status.ACTIVE
    assert last_record(match).data["move"] == {"seat": 1, "do": "protect", "with": None}
    assert system.to_act(after) == (0,)


def test_a_seat_that_lets_its_actions_pass_is_eliminated_and_the_others_play_on(new_match, players):
    match = setup_choices(new_match(seats=3), players)
    system, state = match_state(match)
    away = state.turn.seat
    assert time_out(match, away) == [(match.pk, away)]
    system, after = match_state(match)
    assert match.status == Match.Status.ACTIVE
    assert last_record(match).kind == MatchRecord.Kind.FORFEIT
    assert not after.seats[away].alive and after.turn.seat != away
