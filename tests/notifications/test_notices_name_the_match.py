"""Every notice about a match names it as its player knows it (« votre partie contre bruno
(<le jeu>) »), in the inbox, the email, the push and Discord: reminders, losses on time, game
over, draw offers, a match called off, a turn against the computer. They said « claim #12 », a
number nobody knows; a notice stored before it carried the names still reads without one."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.core import mail
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games.engine.protocol import Outcome
from games.matches import services
from games.matches.models import Match
from games.matches.services.endings import (
    match_call_off_unfinished,
    match_finish,
    match_offer_draw,
)
from games.notifications.emails import discord_notice, email_notification
from games.notifications.models import Notification
from games.notifications.push import push_payload
from games.notifications.texts import notification_text
from games.notifications.turns import (
    notify_deadline_reminder,
    notify_timeout,
    notify_turns_started,
)
from tests.fixtures import set_profile

pytestmark = pytest.mark.django_db
K = Notification.Kind


def _text(note: Notification, language: str, **options) -> str:
    with translation.override(language):
        return notification_text(note, **options)


def _no_number(text: str, match_id: int) -> None:
    assert not re.search(rf"#{match_id}\b", text), text


def test_a_reminder_and_a_loss_on_time_name_the_opponent(match, anna, bruno):
    notify_deadline_reminder(user_id=anna.pk, match_id=match.pk, left=timedelta(hours=3))
    reminder = Notification.objects.get(user=anna, kind=K.REMINDER)
    assert (
        _text(reminder, "fr") == "Moins de 3 h pour jouer dans votre partie contre bruno (claim)."
    )
    assert (
        _text(reminder, "en") == "Less than 3 h left to play in your match against bruno (claim)."
    )

    notify_timeout(match_id=match.pk, seat_index=0)
    lost = Notification.objects.get(user=anna, kind=K.TIMEOUT)
    assert _text(lost, "fr") == (
        "Vous avez dépassé le temps dans votre partie contre bruno (claim) : la partie est perdue."
    )
    won = Notification.objects.get(user=bruno, kind=K.TIMEOUT)
    # The sentence names anna already: « dans votre partie contre anna » would say it twice.
    assert _text(won, "en") == "anna ran out of time in your match (claim) and loses the match."


def test_a_draw_offer_and_the_game_over_name_the_match_without_its_number(match, anna, bruno):
    match_offer_draw(match_id=match.pk, user=anna)
    notify_turns_started(match_id=match.pk)
    offer = Notification.objects.get(user=bruno, kind=K.DRAW_OFFER)
    assert _text(offer, "fr") == "anna propose la nulle dans votre partie (claim)."

    with transaction.atomic():
        match_finish(match=Match.objects.get(pk=match.pk), outcome=Outcome(ranks=(0, 1)))
    notify_turns_started(match_id=match.pk)
    won = Notification.objects.get(user=anna, kind=K.GAME_OVER)
    lost = Notification.objects.get(user=bruno, kind=K.GAME_OVER)
    assert _text(won, "fr") == "Vous avez gagné votre partie contre bruno (claim)."
    assert _text(lost, "en") == "You lost your match against anna (claim)."


def test_a_match_called_off_names_its_opponent_and_starts_with_a_capital(match, anna, bruno):
    match_call_off_unfinished(match_id=match.pk, reason="season_closed")
    notify_turns_started(match_id=match.pk)
    note = Notification.objects.get(user=anna, kind=K.CALLED_OFF)
    assert _text(note, "fr") == (
        "Votre partie contre bruno (claim) est annulée : la saison a été clôturée. Personne"
        " ne l’a gagnée ni perdue."
    )
    assert _text(note, "en").startswith("Your match against bruno (claim) is called off: ")


def test_a_turn_against_the_computer_names_the_computer(anna):
    match = services.match_create(
        system="neuroshima",
        config={"armies": ["moloch", "borgo"]},
        seat_users=[anna, None],
        bot_levels={1: 1},
    )
    notify_turns_started(match_id=match.pk)
    turn = Notification.objects.get(user=anna, kind=K.TURN)
    assert _text(turn, "fr") == "Votre tour contre l’ordinateur (Neuroshima Hex)."
    assert _text(turn, "en") == "Your turn against the computer (Neuroshima Hex)."


def test_a_notice_stored_without_the_names_reads_the_players_away_and_the_game_inside(
    match, anna, bruno
):
    """Stored before notices carried the names: the inbox names the game alone (no query per
    notice), an email, a push and a Discord post read the match's players."""
    set_profile(anna, language="en", discord_webhook_url="https://discord.com/api/webhooks/1/a")
    old = [
        Notification.objects.create(
            user=anna, kind=kind, match_id=match.pk, params={"system": "claim", **params}
        )
        for kind, params in (
            (K.TURN, {"turn": "x"}),
            (K.REMINDER, {"hours": 5}),
            (K.GAME_OVER, {"result": "won"}),
        )
    ]
    first_rows = Notification.objects.create(  # the first days: a title, no game key
        user=anna,
        kind=K.TIMEOUT,
        match_id=match.pk,
        params={"title": f"Claim #{match.pk}", "loser": "anna", "you": True},
    )
    assert _text(old[0], "en") == "Your turn (claim)."
    assert _text(old[1], "fr") == "Moins de 5 h pour jouer dans votre partie (claim)."
    assert _text(first_rows, "en") == (
        "You ran out of time in your match (Claim): the match counts as lost."
    )
    away = _text(old[2], "en", outside=True)
    assert away == "You won your match against bruno (claim)."
    assert json.loads(push_payload(old[2]))["body"] == away
    assert email_notification(notification_id=old[1].pk)
    assert "your match against bruno (claim)" in mail.outbox[-1].subject
    _url, content = discord_notice(notification_id=old[0].pk)
    assert content.startswith("anna, your turn against bruno (claim): ")
    for note in [*old, first_rows]:
        for language in ("fr", "en"):
            _no_number(_text(note, language), match.pk)
            _no_number(_text(note, language, outside=True), match.pk)


def test_the_inbox_reads_no_more_for_old_notices_than_for_one(client, match, anna, bruno):
    """The inbox names old notices' matches by their game: no query per notice."""
    client.force_login(anna)
    Notification.objects.create(
        user=anna, kind=K.REMINDER, match_id=match.pk, params={"system": "claim", "hours": 2}
    )
    client.get("/notifications/")
    with CaptureQueriesContext(connection) as one:
        client.get("/notifications/")
    for kind, params in [(K.GAME_OVER, {"result": "won"}), (K.TURN, {})] * 10:
        Notification.objects.create(
            user=anna, kind=kind, match_id=match.pk, params={"system": "claim", **params}
        )
    with CaptureQueriesContext(connection) as many:
        page = client.get("/notifications/", HTTP_ACCEPT_LANGUAGE="en")
    assert len(many.captured_queries) == len(one.captured_queries)
    assert "You won your match (claim)." in page.content.decode()
