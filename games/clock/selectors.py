"""Reads of the clock: which seats are past their deadline. (Who is on vacation is read from
the player's profile: games.accounts.selectors.)"""

from __future__ import annotations

from datetime import datetime

from games.matches.models import Match, Seat


def clock_expired(*, now: datetime) -> list[tuple[int, int]]:
    return list(
        Seat.objects.filter(
            match__status=Match.Status.ACTIVE, kind=Seat.Kind.HUMAN, deadline__lt=now
        )
        .order_by("deadline")
        .values_list("match_id", "index")
    )
