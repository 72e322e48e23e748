"""Deadlines that default to passing (spec Part D): when the reactive seat's deadline passes on
a reaction window, the clock plays the rules' default (the window closes) with the match's dice
and the match goes on; a deadline on an order is still a loss on time."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.clock.services import clock_handle_timeouts
from games.matches.models import Match, MatchRecord
from tests.fixtures import play_random as play
from tests.infinity_site.conftest import acting, reaction_window

pytestmark = pytest.mark.django_db


def test_a_reaction_window_passes_when_its_deadline_does(new_match, players):
    match = reaction_window(new_match())
    now = timezone.now()
    match.seats.filter(index=1).update(deadline=now - timedelta(minutes=1))
    assert clock_handle_timeouts(now=now) == [(match.pk, 1)]
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    last = MatchRecord.objects.filter(match=match).order_by("-seq").first()
    assert last.kind == "move" and last.data["move"] == {"type": "aro_done", "seat": 1}
    _, after, seat = acting(match)
    assert seat == 0 and after.turn.pending.kind == "declare2"


def test_a_deadline_on_an_order_is_still_a_loss_on_time(new_match, players):
    match = play(
        new_match(),
        players,
        600,
        seed=7,
        until=lambda s: s.turn.pending is not None and s.turn.pending.kind == "order",
    )
    system, state, seat = acting(match)
    now = timezone.now()
    match.seats.filter(index=seat).update(deadline=now - timedelta(minutes=1))
    clock_handle_timeouts(now=now)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
