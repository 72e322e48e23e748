"""A chat message in a correspondence match reaches the other players who are not looking:
the inbox (one entry per match's chat), and email and push for the first of an unread run."""

from __future__ import annotations

from datetime import timedelta

from django.core import mail
from django.utils import timezone, translation
from procrastinate.contrib.django.models import ProcrastinateJob

from games.accounts.selectors import profile_for
from games.matches.services import match_post_chat
from games.notifications.emails import email_notification
from games.notifications.models import MatchPresence, Notification
from games.notifications.texts import notification_text
from tests.clock.support import make_player, start_match


def chat_emails():
    return ProcrastinateJob.objects.filter(
        task_name="games.notifications.tasks.send_notification_email"
    )


def chats(user):
    return Notification.objects.filter(user=user, kind=Notification.Kind.CHAT)


def test_a_message_tells_the_other_player_with_its_words_and_the_author(match, anna, bruno):
    match_post_chat(match_id=match.pk, user=anna, text="Une pause\nla semaine prochaine ?")
    (note,) = chats(bruno)
    assert note.match_id == match.pk and note.read_at is None
    assert not chats(anna).exists()  # the author is not told of their own message
    with translation.override("fr"):
        text = notification_text(note)
    # The match by its opponent, who is the author: named once.
    assert (
        text == "anna vous écrit dans votre partie (claim) : « Une pause la semaine prochaine ? »"
    )
    assert [j.args for j in chat_emails()] == [{"notification_id": note.pk}]


def test_later_messages_renew_the_entry_and_send_no_second_email(match, anna, bruno):
    match_post_chat(match_id=match.pk, user=anna, text="Salut")
    match_post_chat(match_id=match.pk, user=anna, text="Tu es là ?")
    (note,) = chats(bruno)
    assert note.params["count"] == 2
    with translation.override("en"):
        text = notification_text(note)
    assert text == "2 new messages in your match (claim), the last from anna: “Tu es là ?”"
    assert chat_emails().count() == 1


def test_a_chat_entry_keeps_the_turn_entry_of_the_same_match(match, anna, bruno):
    from games.notifications.turns import notify_turns_started

    notify_turns_started(match_id=match.pk)  # anna's turn
    match_post_chat(match_id=match.pk, user=bruno, text="À toi")
    kinds = set(Notification.objects.filter(user=anna).values_list("kind", flat=True))
    assert kinds == {Notification.Kind.TURN, Notification.Kind.CHAT}


def test_reading_the_match_reads_its_chat_entry_and_a_new_run_emails_again(
    client, match, anna, bruno
):
    match_post_chat(match_id=match.pk, user=anna, text="Un")
    client.force_login(bruno)
    assert client.get(f"/m/{match.pk}/").status_code == 200
    assert chats(bruno).get().read_at is not None
    match_post_chat(match_id=match.pk, user=anna, text="Deux")
    unread = chats(bruno).filter(read_at__isnull=True).get()
    assert unread.params["count"] == 1
    assert chat_emails().count() == 2


def test_nobody_looking_at_the_page_is_told(match, anna, bruno):
    MatchPresence.objects.create(
        user=bruno,
        match_id=match.pk,
        channel_name="test!chat",
        expires_at=timezone.now() + timedelta(minutes=5),
    )
    match_post_chat(match_id=match.pk, user=anna, text="Coucou")
    assert not chats(bruno).exists()


def test_spectators_are_never_told(match, anna, bruno):
    carla = make_player("carla")
    match_post_chat(match_id=match.pk, user=anna, text="Secret de table")
    assert not Notification.objects.filter(user=carla).exists()


def test_digest_players_get_the_inbox_entry_but_no_email(anna, bruno):
    profile = profile_for(bruno)
    profile.notify_turn = "digest"
    profile.save()
    match = start_match(anna, bruno)
    match_post_chat(match_id=match.pk, user=anna, text="Salut")
    assert chats(bruno).exists()
    assert not chat_emails().exists()


def test_a_chat_email_already_read_on_the_site_is_not_sent(match, anna, bruno):
    match_post_chat(match_id=match.pk, user=anna, text="Salut")
    note = chats(bruno).get()
    mail.outbox.clear()
    note.read_at = timezone.now()
    note.save()
    assert not email_notification(notification_id=note.pk)
    assert not mail.outbox


def test_a_long_message_is_quoted_short(match, anna, bruno):
    match_post_chat(match_id=match.pk, user=anna, text="mot " * 200)
    excerpt = chats(bruno).get().params["excerpt"]
    assert len(excerpt) == 100 and excerpt.endswith("…")
