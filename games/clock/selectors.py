"""Reads of the clock: which seats are past their deadline, whose weekends stop a new turn. (Who is on vacation is read from
the player's profile: games.accounts.selectors.)"""

from __future__ import annotations

from datetime import datetime

from games.accounts.models import Profile
from games.matches.models import Match, Seat


def clock_expired(*, now: datetime) -> list[tuple[int, int]]:
    return list(
        Seat.objects.filter(
            match__status=Match.Status.ACTIVE, kind=Seat.Kind.HUMAN, deadline__lt=now
        )
        .order_by("deadline")
        .values_list("match_id", "index")
    )


def next_turn_weekend_zone(match: Match, profile: Profile | None) -> str:
    """The zone whose weekends stop the clock of a turn that starts now for this player: theirs
    if they chose it and the match allows it; "" for a clock that runs every day."""
    if profile is None or not profile.weekend_pause or not match.weekend_pause_allowed:
        return ""
    return profile.time_zone
