"""League and campaign news in the players' inbox (notifications' COMPETITION kind)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.notifications.models import Notification
from games.notifications.services import notify_competition
from games.notifications.texts import notification_text

pytestmark = pytest.mark.django_db


def test_each_player_concerned_is_told_once_in_their_own_language(make_user):
    anna, bruno = make_user("anna"), make_user("bruno")
    notify_competition(
        users=[anna, bruno, anna],
        event="correction",
        name="Ligue du jeudi",
        url="/leagues/seasons/1/",
        by="orga",
        reason="Mauvais clic",
    )
    told = Notification.objects.filter(kind=Notification.Kind.COMPETITION)
    assert sorted(n.user.username for n in told) == ["anna", "bruno"]
    note = told.first()
    with translation.override("en"):
        assert notification_text(note) == "orga corrected a result in Ligue du jeudi: Mauvais clic"
    with translation.override("fr"):
        assert "Mauvais clic" in notification_text(note) and "corrigé" in notification_text(note)
