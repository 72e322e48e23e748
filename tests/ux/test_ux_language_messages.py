"""What reaches a player outside the site reads in their language only: every e-mail (each
notice's, the turn's, the daily digest, allauth's sign-up mail), push text and Discord post
of a world where a league and a campaign start, matches are played, a chat message, a draw
offer, a resignation, a rematch offer and a new follower are told. The pages' side is the
language walk (test_ux_language_walk_browser.py)."""

from __future__ import annotations

import json

import pytest
from django.core import mail
from django.utils import timezone, translation

from games.accounts.models import Profile
from games.matches.models import Seat
from games.notifications import push
from games.notifications.emails import (
    discord_notice,
    email_daily_digests,
    email_notification,
    email_turn,
)
from games.notifications.models import Notification
from tests.fixtures import make_player
from tests.ux.language_support import NAMES, more_news, other_language
from tests.ux.test_ux_phone_every_page_browser import _world

pytestmark = pytest.mark.django_db(transaction=True)  # notices are told on commit
HOOK = "https://discord.com/api/webhooks/1/abc"


def _foreign(texts: list[str], language: str) -> list[str]:
    return [
        f"{words} | {' '.join(text.split())[:160]}"
        for text in texts
        if (words := other_language(text, language))
    ]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_mail_push_and_post_reads_in_the_players_language(language):
    anna = make_player(f"anna_{language}", language=language, discord_webhook_url=HOOK)
    bruno = make_player(f"bruno_{language}", language=language, discord_webhook_url=HOOK)
    Profile.objects.filter(user=anna).update(notify_turn=Profile.NotifyTurn.DIGEST)
    with translation.override(language):  # as the organiser made them
        _world(anna, bruno, moves=6, **NAMES[language])
        more_news(anna, bruno)
    notices = list(Notification.objects.all())
    kinds = {notice.kind for notice in notices}
    assert len(kinds) >= 8, kinds  # the world told enough kinds of news to prove something
    assert {Notification.Kind.DRAW_DECLINED, Notification.Kind.CALLED_OFF} <= kinds
    texts: list[str] = []
    for notice in notices:
        email_notification(notification_id=notice.pk)
        texts.append(json.loads(push.push_payload(notice))["body"])
        if post := discord_notice(notification_id=notice.pk):
            texts.append(post[1])
    for seat in Seat.objects.filter(user=bruno, deadline__isnull=False):
        email_turn(user_id=bruno.pk, match_id=seat.match_id)
    email_daily_digests(now=timezone.now())
    assert {message.to[0] for message in mail.outbox} == {anna.email, bruno.email}
    texts += [f"{message.subject}\n{message.body}" for message in mail.outbox]
    assert _foreign(texts, language) == []


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_sign_up_mail_reads_in_the_newcomers_language(client, language):
    client.post(
        "/accounts/signup/",
        {
            # One address each: allauth sends an address one confirmation every 3 minutes.
            "email": f"eve_{language}@example.org",
            "username": f"eve_{language}",
            "password1": "hexes-and-tiles-9",
            "password2": "hexes-and-tiles-9",
        },
        HTTP_ACCEPT_LANGUAGE=language,
    )
    (message,) = mail.outbox
    assert _foreign([f"{message.subject}\n{message.body}"], language) == []
