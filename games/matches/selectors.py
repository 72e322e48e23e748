"""Reads about matches."""

from __future__ import annotations

from games.matches.models import Match, Seat


def my_turn_count(*, user) -> int:
    return Seat.objects.filter(
        user=user, match__status=Match.Status.ACTIVE, deadline__isnull=False
    ).count()
