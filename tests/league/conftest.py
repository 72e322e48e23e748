from __future__ import annotations

import pytest

from games.league import services
from tests.matches.demo_system import install

install()  # the tiny "claim" system: fast matches for service tests


@pytest.fixture
def neuroduel(organiser):
    """The NeuroDuel preset played with the quick "claim" system (armies aside, the same)."""
    return services.league_create(
        name="NeuroDuel",
        created_by=organiser,
        preset="neuroduel",
        system="claim",
        system_config={"hexes": 8},
    )


def start_season(league, organiser, players, now=None, **kw):
    season = services.season_open(league=league, actor=organiser, round_days=7, now=now)
    for user in players:
        services.registration_create(season=season, user=user, now=now)
    return services.season_start(season=season, actor=organiser, now=now, **kw)
