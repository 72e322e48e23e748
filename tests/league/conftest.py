from __future__ import annotations

import pytest

from games.league import services
from games.league.models import League
from tests.browser_support import browser, daphne_server, new_context  # noqa: F401
from tests.matches.demo_system import install

install()  # the tiny "claim" system: fast matches for service tests


def duel_league_played_with_claim(organiser, name: str = "NeuroDuel", **policies) -> League:
    """A league of the NeuroDuel preset (which fixes its game, Neuroshima Hex) whose matches are
    then played with the quick "claim" system: the same league, armies aside, in less time."""
    league = services.league_create(name=name, created_by=organiser, preset="neuroduel", **policies)
    League.objects.filter(pk=league.pk).update(system="claim", system_config={"hexes": 8})
    league.refresh_from_db()
    return league


def swiss_league_played_with_claim(organiser) -> League:
    """A Swiss league of three rounds whose matches are played with the quick "claim" system."""
    return services.league_create(
        name="Swiss",
        created_by=organiser,
        system="claim",
        system_config={"hexes": 8},
        default_format="swiss",
        default_swiss_rounds=3,
    )


@pytest.fixture
def neuroduel(organiser):
    return duel_league_played_with_claim(organiser)


def start_season(league, organiser, players, now=None, **kw):
    season = services.season_open(league=league, actor=organiser, round_days=7, now=now)
    for user in players:
        services.registration_create(season=season, user=user, now=now)
    return services.season_start(season=season, actor=organiser, now=now, **kw)


def first_moves(games) -> None:
    """Each running game of `games` (PairingGames) gets one move from its first player, who
    still has to act: they started it, so a deadline's forfeit falls on them alone (the
    league's rule: a game nobody started is lost by all its players)."""
    from games.matches.management.commands.demo import play_moves
    from games.matches.models import Match

    for game in games:
        match = Match.objects.get(pk=game.match_id)
        if match.status == Match.Status.ACTIVE:
            play_moves(match, [seat.user for seat in match.seats.order_by("index")], 1)


def round_games(division, number: int):
    from games.league.models import PairingGame

    return PairingGame.objects.filter(
        pairing__round__division=division, pairing__round__number=number
    ).order_by("pk")
