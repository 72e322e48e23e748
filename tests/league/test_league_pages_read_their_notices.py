"""A league round's page reads the player's notices that lead to it (« Les appariements de la
manche 1 … sont publiés »), a season's page those that lead to it (an organiser's act), as
a match page reads its own: they stopped saying « nouveau » only once opened one by one."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.league.models import Round
from games.league.notices import tell_season_players
from games.notifications.models import Notification
from tests.fixtures import make_player
from tests.league.conftest import start_season

pytestmark = pytest.mark.django_db


def _unread(user, kind):
    return Notification.objects.filter(user=user, kind=kind, read_at__isnull=True)


def test_the_round_and_the_season_pages_read_the_notices_that_lead_there(
    client, organiser, neuroduel
):
    anna, bruno = make_player("anna"), make_player("bruno")
    season = start_season(neuroduel, organiser, [anna, bruno])
    tell_season_players(season, [anna], "late_accepted")
    rnd = Round.objects.get(division__season=season, number=1)
    client.force_login(anna)

    assert client.get(reverse("league:round", args=[rnd.pk])).status_code == 200
    assert not _unread(anna, Notification.Kind.PAIRINGS).exists()
    assert _unread(anna, Notification.Kind.COMPETITION).exists()  # it leads to the season
    assert _unread(bruno, Notification.Kind.PAIRINGS).exists()  # bruno's own are his

    assert client.get(reverse("league:season", args=[season.pk])).status_code == 200
    assert not _unread(anna, Notification.Kind.COMPETITION).exists()
