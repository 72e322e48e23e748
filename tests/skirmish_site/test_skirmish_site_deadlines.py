"""Deadline defaults on the site (skirmish.md §11): a seat that lets its deadline pass on its
orders or its movement has the documented default played as its move by the clock, and the
battle goes on (§11 gives every step a default: a skirmish is not lost on time)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.clock.services import clock_handle_timeouts
from games.engine import registry
from games.matches.models import Match, MatchRecord
from tests.fixtures import play_random as play

pytestmark = pytest.mark.django_db


def _state(match: Match):
    match.refresh_from_db()
    system = registry.get_system("skirmish")
    return system, system.state_from_json(match.snapshot)


def _time_out(match: Match, seat: int) -> list[tuple[int, int]]:
    now = timezone.now()
    match.seats.filter(index=seat).update(deadline=now - timedelta(minutes=1))
    return clock_handle_timeouts(now=now)


def _last(match: Match) -> MatchRecord:
    return MatchRecord.objects.filter(match=match).order_by("-seq").first()


def test_orders_not_sent_by_the_deadline_are_the_default_orders_and_the_battle_goes_on(
    new_match, players
):
    match = play(new_match(), players, 400, until=lambda s: s.phase == "aimed_fire")
    system, state = _state(match)
    assert state.phase == "aimed_fire"
    away = system.to_act(state)[-1]
    expected = system.choose_default(state, away)
    assert _time_out(match, away) == [(match.pk, away)]
    _, after = _state(match)
    assert match.status == Match.Status.ACTIVE
    last = _last(match)
    assert last.kind == MatchRecord.Kind.MOVE and last.seat == away
    assert last.data["move"] == expected
    assert last.data["by_deadline"] is True  # recorded as the deadline's, not the player's


def test_a_movement_left_by_the_deadline_ends_where_the_models_stand(new_match, players):
    match = play(new_match(), players, 400, until=lambda s: s.phase == "movement")
    system, state = _state(match)
    mover = system.to_act(state)[0]
    before = {m.id: m.hex for m in state.on_table(mover)}
    assert _time_out(match, mover) == [(match.pk, mover)]
    _, after = _state(match)
    assert match.status == Match.Status.ACTIVE
    assert _last(match).data["move"] == {"type": "end_movement"}
    assert {m.id: m.hex for m in after.on_table(mover)} == before
    assert after.active != mover or after.phase != "movement"
