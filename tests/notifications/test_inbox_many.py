"""A player with thousands of notifications: the inbox's newest 100 are read from the start of
an index in their order, not found among all of the player's and sorted (README "Benchmarks":
the EXPLAIN that showed it)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.notifications.models import Notification
from games.notifications.selectors import notification_inbox
from tests.fixtures import make_player

pytestmark = pytest.mark.django_db


def test_the_inbox_reads_the_newest_from_an_index_without_sorting_them_all():
    anna, bruno = make_player("anna"), make_player("bruno")
    now = timezone.now()
    Notification.objects.bulk_create(
        Notification(user=user, kind="turn", read_at=None if i % 10 else now)
        for user in (anna, bruno)
        for i in range(3000)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE notifications_notification")
    with CaptureQueriesContext(connection) as queries:
        newest = notification_inbox(user=anna)
    assert [n.pk for n in newest] == list(
        Notification.objects.filter(user=anna)
        .order_by("-created_at", "-pk")[:100]
        .values_list("pk", flat=True)
    )
    (query,) = queries.captured_queries
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN " + query["sql"])
        plan = "\n".join(line for (line,) in cursor.fetchall())
    assert "notification_inbox_newest" in plan and "Sort" not in plan, plan
