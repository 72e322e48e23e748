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


def test_the_log_says_the_deadline_closed_the_window_and_that_nobody_reacted(
    new_match, players, make_user
):
    """Every reader reads that the deadline played for inf_bruno, and what: he did not react
    (« inf_bruno laisse passer les autres » told it as his choice, and of others who reacted)."""
    from tests.infinity_site.test_infinity_site_hidden import client_for

    match = reaction_window(new_match())
    time_out(match, 1)
    for reader in (players[0], players[1], make_user("inf_watcher")):
        page = client_for(reader).get(f"/m/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr")
        told = page.content.decode()
        assert (
            "Délai dépassé pour inf_bruno : le choix par défaut des règles est joué à sa place."
            in told
        )
        assert "inf_bruno ne réagit pas." in told and "laisse passer" not in told
