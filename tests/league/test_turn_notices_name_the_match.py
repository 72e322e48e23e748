"""« Votre tour » told by the worker names its match by the opponent and, read away from the
site (an email, a push, Discord), by its competition too: « claim #12 » named nothing a
player knows."""

from __future__ import annotations

import json
import re

import pytest
from django.core import mail
from django.utils import translation

from games.accounts.models import Profile
from games.league.models import PairingGame
from games.notifications.emails import email_turn
from games.notifications.models import Notification
from games.notifications.push import push_payload
from games.notifications.texts import notification_text
from games.notifications.turns import notify_turns_started
from tests.fixtures import make_player
from tests.league.conftest import start_season

pytestmark = pytest.mark.django_db


def test_a_turn_names_the_opponent_and_the_league_not_a_number(organiser, neuroduel):
    anna = make_player("anna", language="fr", notify_turn=Profile.NotifyTurn.EACH)
    bruno = make_player("bruno", language="en")
    season = start_season(neuroduel, organiser, [anna, bruno])
    game = PairingGame.objects.get(pairing__round__division__season=season, index=0)
    first = game.match.seats.get(index=0).user
    other = bruno if first == anna else anna
    notify_turns_started(match_id=game.match_id)  # the worker's job

    note = Notification.objects.get(user=first, match_id=game.match_id)
    with translation.override("fr"):
        assert notification_text(note) == f"Votre tour contre {other.username} (claim)."
        away = f"Votre tour contre {other.username} (claim, Ligue NeuroDuel, saison 1, manche 1)."
        assert notification_text(note, outside=True) == away
    with translation.override("en"):
        assert notification_text(note) == f"Your turn against {other.username} (claim)."
    profile = Profile.objects.get(user=first)
    with translation.override(profile.language):
        expected = notification_text(note, outside=True)
    assert json.loads(push_payload(note))["body"] == expected
    assert not re.search(rf"#{game.match_id}\b", expected)

    mail.outbox.clear()
    Profile.objects.filter(user=first).update(notify_turn=Profile.NotifyTurn.EACH)
    assert email_turn(user_id=first.pk, match_id=game.match_id)
    (sent,) = mail.outbox
    assert f"#{game.match_id}" not in sent.subject + sent.body
    assert other.username in sent.subject and "NeuroDuel" in sent.subject
