"""`/health/`: whether this web process reaches its database and its channel layer right now,
for a load balancer, a supervisor or a person (200 when both answer, 503 otherwise). It reads
nothing about anyone: a `SELECT 1` and a message to a group nobody joins."""

from __future__ import annotations

import logging

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.http import JsonResponse
from django.urls import path
from django.views.decorators.cache import never_cache

log = logging.getLogger(__name__)


def _database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return True
    except Exception as error:  # noqa: BLE001 (any failure is the answer)
        log.warning("health: the database does not answer: %s", error)
        connection.close()  # the next request connects afresh
        return False


async def _channel_layer_answers() -> bool:
    try:
        await get_channel_layer().group_send("health", {"type": "health.check"})
        return True
    except Exception as error:  # noqa: BLE001
        log.warning("health: the channel layer does not answer: %s", error)
        return False


@never_cache
async def health(request):
    checks = {
        "database": await sync_to_async(_database_answers)(),
        "channels": await _channel_layer_answers(),
    }
    return JsonResponse(checks, status=200 if all(checks.values()) else 503)


urlpatterns = [path("health/", health, name="health")]
