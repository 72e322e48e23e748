"""A declined draw offer is told to whoever offered it: the match's log says who declined,
and the offerer hears it by their channels unless they are looking at the page."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone, translation

from games.accounts.models import Profile
from games.matches.services import match_decline_draw, match_offer_draw
from games.notifications.models import MatchPresence, Notification
from games.notifications.texts import notification_text


def declined(user):
    return Notification.objects.filter(user=user, kind=Notification.Kind.DRAW_DECLINED)


def test_the_player_who_offered_the_draw_hears_it_was_declined(
    client, match, anna, bruno, django_capture_on_commit_callbacks
):
    match_offer_draw(match_id=match.pk, user=anna)
    with django_capture_on_commit_callbacks(execute=True):
        match_decline_draw(match_id=match.pk, user=bruno)
    (note,) = declined(anna)
    assert not declined(bruno).exists()  # who declined is not told of their own answer
    with translation.override("fr"):
        assert notification_text(note) == (
            "bruno a refusé votre proposition de nulle dans votre partie (claim)."
        )
    with translation.override("en"):
        assert notification_text(note) == "bruno declined your draw offer in your match (claim)."
    client.force_login(anna)
    assert "bruno declined the draw." in client.get(f"/m/{match.pk}/").content.decode()
    Profile.objects.filter(user=anna).update(language="fr")
    assert "bruno a refusé la nulle." in client.get(f"/m/{match.pk}/").content.decode()


def test_an_offerer_looking_at_the_page_reads_it_there_only(
    match, anna, bruno, django_capture_on_commit_callbacks
):
    MatchPresence.objects.create(
        user=anna,
        match_id=match.pk,
        channel_name="test!draw",
        expires_at=timezone.now() + timedelta(minutes=5),
    )
    match_offer_draw(match_id=match.pk, user=anna)
    with django_capture_on_commit_callbacks(execute=True):
        match_decline_draw(match_id=match.pk, user=bruno)
    assert not declined(anna).exists()
