"""The end of a game against the computer is told as it ended: a drawn game said "You won"
(the inbox compared the human seats' ranks only, and alone a seat is always first)."""

from __future__ import annotations

from django.db import transaction

from games.engine.protocol import Outcome
from games.matches import services
from games.matches.models import Match
from games.matches.services.endings import match_finish
from games.notifications import turns
from games.notifications.models import Notification
from games.notifications.texts import notification_text


def _finished_against_the_computer(anna, ranks):
    match = services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "borgo"]},
        seat_users=[anna, None],
        bot_levels={1: 1},
    )
    with transaction.atomic():
        match_finish(match=Match.objects.get(pk=match.pk), outcome=Outcome(ranks=ranks))
    turns.notify_turns_started(match_id=match.pk)
    return Notification.objects.get(user=anna, kind=Notification.Kind.GAME_OVER)


def test_a_draw_against_the_computer_is_told_as_a_draw(anna):
    told = _finished_against_the_computer(anna, (0, 0))
    assert told.params["result"] == "draw"
    assert "s'est terminée par un match nul" in notification_text(told)


def test_a_win_and_a_loss_against_the_computer_are_told_as_such(anna):
    assert _finished_against_the_computer(anna, (0, 1)).params["result"] == "won"
    Notification.objects.all().delete()
    assert _finished_against_the_computer(anna, (1, 0)).params["result"] == "lost"
