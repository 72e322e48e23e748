"""Deadline defaults on the site (skirmish.md §11): a seat that lets its deadline pass on its
orders or its movement has the documented default played as its move by the clock, and the
battle goes on (§11 gives every step a default: a skirmish is not lost on time)."""

from __future__ import annotations

import pytest

from games.matches.models import Match, MatchRecord
from tests.fixtures import last_record, match_state, time_out
from tests.fixtures import play_random as play

pytestmark = pytest.mark.django_db


def test_orders_not_sent_by_the_deadline_are_the_default_orders_and_the_battle_goes_on(
    new_match, players
):
    match = play(new_match(), players, 400, until=lambda s: s.phase == "aimed_fire")
    system, state = match_state(match)
    assert state.phase == "aimed_fire"
    away = system.to_act(state)[-1]
    expected = system.choose_default(state, away)
    assert time_out(match, away) == [(match.pk, away)]
    _, after = match_state(match)
    assert match.status == Match.Status.ACTIVE
    last = last_record(match)
    assert last.kind == MatchRecord.Kind.MOVE and last.seat == away
    assert last.data["move"] == expected
    assert last.data["by_deadline"] is True  # recorded as the deadline's, not the player's


def test_a_movement_left_by_the_deadline_ends_where_the_models_stand(new_match, players):
    match = play(new_match(), players, 400, until=lambda s: s.phase == "movement")
    system, state = match_state(match)
    mover = system.to_act(state)[0]
    before = {m.id: m.hex for m in state.on_table(mover)}
    assert time_out(match, mover) == [(match.pk, mover)]
    _, after = match_state(match)
    assert match.status == Match.Status.ACTIVE
    assert last_record(match).data["move"] == {"type": "end_movement"}
    assert {m.id: m.hex for m in after.on_table(mover)} == before
    assert after.active != mover or after.phase != "movement"
