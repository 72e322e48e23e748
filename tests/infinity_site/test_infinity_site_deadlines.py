"""Deadlines that default to passing (spec Part D): when the reactive seat's deadline passes on
a reaction window, the clock plays the rules' default (the window closes) with the match's dice
and the match goes on; a deadline on an order is still a loss on time."""

from __future__ import annotations

import pytest

from games.matches.models import Match
from tests.fixtures import last_record, time_out
from tests.fixtures import play_random as play
from tests.infinity_site.conftest import acting, reaction_window

pytestmark = pytest.mark.django_db


def test_a_reaction_window_passes_when_its_deadline_does(new_match, players):
    match = reaction_window(new_match())
    assert time_out(match, 1) == [(match.pk, 1)]
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    last = last_record(match)
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
    time_out(match, seat)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
