"""The last notices that named a match by its number name it as its player knows it: a
challenge (« anna vous défie à claim »), a rematch, a chat message (« anna vous écrit dans
votre partie (claim) », its author named once), in the inbox and away from it. Every notice
names a player by their user name, as the match page does, so the repeat of a player with a
display name is dropped too, and an account's deletion renames them."""

from __future__ import annotations

import json
import re

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from games.accounts.erasure import account_erase
from games.engine.protocol import Outcome
from games.matches import services
from games.matches.models import Match
from games.matches.services import match_decline_draw, match_offer_draw, match_post_chat
from games.matches.services.endings import match_finish
from games.notifications.emails import discord_notice
from games.notifications.models import Notification
from games.notifications.push import push_payload
from games.notifications.texts import notification_text
from games.notifications.turns import notify_timeout
from tests.fixtures import challenged_match, client_for, make_player, set_profile, start_match

pytestmark = pytest.mark.django_db
K = Notification.Kind


def _text(note: Notification, language: str, **options) -> str:
    with translation.override(language):
        return notification_text(note, **options)


def _no_number(note: Notification) -> None:
    for language in ("fr", "en"):
        for outside in (False, True):
            text = _text(note, language, outside=outside)
            assert not re.search(rf"#{note.match_id}\b", text), text


def test_a_challenge_and_a_rematch_name_the_challenger_and_the_game(anna, bruno):
    set_profile(bruno, discord_webhook_url="https://discord.com/api/webhooks/1/a")
    challenge = Notification.objects.get(user=bruno, match_id=challenged_match(anna, bruno).pk)
    assert _text(challenge, "fr") == "anna vous défie à claim."
    assert _text(challenge, "en") == "anna challenges you to claim."
    assert json.loads(push_payload(challenge))["body"] == "anna challenges you to claim."
    assert discord_notice(notification_id=challenge.pk)[1].startswith(
        "anna challenges you to claim. "
    )
    _no_number(challenge)

    match = start_match(anna, bruno)
    with transaction.atomic():
        match_finish(match=Match.objects.get(pk=match.pk), outcome=Outcome(ranks=(0, 1)))
    rematch = services.match_rematch(match_id=match.pk, user=bruno)
    offer = Notification.objects.get(user=anna, match_id=rematch.pk, kind=K.REMATCH)
    assert _text(offer, "fr") == "bruno vous propose une revanche (claim)."
    assert _text(offer, "en") == "bruno offers you a rematch (claim)."
    _no_number(offer)


def test_a_chat_message_names_its_author_once_by_their_user_name(match, anna, bruno):
    """bruno's display name is « Bruno D. »: the notice said « Bruno D. a écrit dans claim
    #12 »; named by his display name and the match by his user name, the repeat went unseen."""
    set_profile(bruno, display_name="Bruno D.")
    match_post_chat(match_id=match.pk, user=bruno, text="Bien joué")
    note = Notification.objects.get(user=anna, kind=K.CHAT)
    assert _text(note, "fr") == "bruno vous écrit dans votre partie (claim) : « Bien joué »"
    assert _text(note, "en") == "bruno wrote to you in your match (claim): “Bien joué”"
    _no_number(note)


def test_at_a_larger_table_a_chat_message_names_the_other_opponents(anna, bruno, make_user):
    carla = make_user("carla")
    match = start_match(anna, bruno, carla)
    match_post_chat(match_id=match.pk, user=anna, text="Salut")
    note = Notification.objects.get(user=bruno, kind=K.CHAT)
    assert _text(note, "en") == "anna wrote to you in your match against carla (claim): “Salut”"


def test_a_draw_declined_and_a_loss_on_time_name_a_player_with_a_display_name_once(
    match, anna, bruno, django_capture_on_commit_callbacks
):
    set_profile(anna, display_name="Anna L.")
    set_profile(bruno, display_name="Bruno D.")
    match_offer_draw(match_id=match.pk, user=anna)
    with django_capture_on_commit_callbacks(execute=True):
        match_decline_draw(match_id=match.pk, user=bruno)
    declined = Notification.objects.get(user=anna, kind=K.DRAW_DECLINED)
    assert _text(declined, "fr") == (
        "bruno a refusé votre proposition de nulle dans votre partie (claim)."
    )
    notify_timeout(match_id=match.pk, seat_index=0)
    lost = Notification.objects.get(user=bruno, kind=K.TIMEOUT)
    assert _text(lost, "en") == "anna ran out of time in your match (claim) and loses the match."


def test_a_deleted_authors_chat_notice_names_them_by_their_new_name(match, anna):
    """The deletion renames the former user name in other players' notices: a notice that
    named the author by their display name kept it."""
    author = make_player("dora", display_name="Dora la Grande")
    table = challenged_match(author, anna)
    services.challenge_accept(match_id=table.pk, user=anna)
    match_post_chat(match_id=table.pk, user=author, text="Salut")
    gone = account_erase(user=author, password="pw-dora-x9", username="dora")
    note = Notification.objects.get(user=anna, kind=K.CHAT)
    text = _text(note, "en")
    assert "Dora" not in text and not re.search(r"\bdora\b", text)
    assert text.startswith(f"{gone} wrote to you in your match (claim)")


def test_the_inbox_reads_no_more_for_many_table_notices_than_for_one(anna, bruno):
    """Each notice carries its opponents' names: the inbox reads nothing per notice."""
    client = client_for(anna)
    challenged_match(bruno, anna)
    client.get("/notifications/")
    with CaptureQueriesContext(connection) as one:
        client.get("/notifications/")
    for _ in range(5):
        challenged_match(bruno, anna)
        match = start_match(anna, bruno)
        match_post_chat(match_id=match.pk, user=bruno, text="Salut")
    with CaptureQueriesContext(connection) as many:
        page = client.get("/notifications/").content.decode()
    assert len(many.captured_queries) == len(one.captured_queries)
    assert "bruno wrote to you in your match (claim)" in page
    assert "bruno challenges you to claim." in page
