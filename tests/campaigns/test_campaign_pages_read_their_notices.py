"""A campaign's page reads the player's notices that lead to it (« La manche 1 de Hiver a
commencé »), a battle's page those of the battle (« alice vous défie »), as a match page
reads its own; with nothing unread the page writes nothing (one update that finds no row)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.campaigns import services
from games.notifications.models import Notification

pytestmark = pytest.mark.django_db


def _unread(user, kind):
    return Notification.objects.filter(user=user, kind=kind, read_at__isnull=True)


def test_the_campaign_and_battle_pages_read_the_notices_that_lead_there(
    client, running, alice, bob
):
    battle = services.campaign_challenge(
        campaign_id=running.pk, user=alice, opponent_id=running.players.get(user=bob).pk
    )
    client.force_login(bob)
    assert client.get(reverse("campaigns:detail", args=[running.pk])).status_code == 200
    assert not _unread(bob, Notification.Kind.ROUND).exists()
    assert _unread(bob, Notification.Kind.CHALLENGE).exists()  # it leads to the battle
    assert _unread(alice, Notification.Kind.ROUND).exists()  # alice's own are hers

    page = reverse("campaigns:battle", args=[running.pk, battle.pk])
    assert client.get(page).status_code == 200
    assert not _unread(bob, Notification.Kind.CHALLENGE).exists()


def test_a_page_with_nothing_unread_costs_one_query_and_writes_nothing(client, running, bob):
    page = reverse("campaigns:detail", args=[running.pk])
    client.force_login(bob)
    client.get(page)
    read_at = set(Notification.objects.filter(user=bob).values_list("read_at", flat=True))
    with CaptureQueriesContext(connection) as queries:
        assert client.get(page).status_code == 200
    notices = [
        q["sql"] for q in queries.captured_queries if '"notifications_notification"' in q["sql"]
    ]
    updates = [sql for sql in notices if sql.startswith("UPDATE")]
    assert len(updates) == 1
    assert set(Notification.objects.filter(user=bob).values_list("read_at", flat=True)) == read_at
