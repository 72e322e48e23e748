"""A season's announcements (games/announcements): its organisers write to all its players at
once; each player is told through their own channels."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _

from games.announcements.services import announcement_post, announcement_remove
from games.league.models import Registration, Season
from games.league.services.common import _require_organiser, season_changed
from games.refusals import Refused

# Who is told: players still in the season or waiting to join it, and its other organisers.
TOLD = (Registration.Status.ACTIVE, Registration.Status.PENDING, Registration.Status.WITHDRAWN)


def season_competition(season: Season) -> str:
    return f"league:{season.pk}"


def season_readers(season: Season) -> list:
    players = Q(league_registrations__season=season, league_registrations__status__in=TOLD)
    organisers = Q(organised_leagues=season.league_id)
    return list(get_user_model().objects.filter(players | organisers).distinct())


def season_announce(*, season: Season, actor, text: str, token: str):
    """Posts `text` on the season's page and tells its players; the same form twice posts once."""
    _require_organiser(season.league, actor)
    if season.status == Season.Status.DRAFT:
        raise Refused(_("The season is still in preparation: open its sign-up first."))
    announcement, new = announcement_post(
        competition=season_competition(season),
        author=actor,
        text=text,
        token=token,
        readers=season_readers(season),
        name=f"{season.league.name} – {season.number}",
        url=reverse("league:season", args=[season.pk]),
    )
    if new:
        season_changed(season.pk)
    return announcement


def season_announcement_remove(*, season: Season, actor, announcement_id: int) -> None:
    _require_organiser(season.league, actor)
    if not announcement_remove(
        competition=season_competition(season), announcement_id=announcement_id
    ):
        raise Refused(_("This announcement was already removed."))
    season_changed(season.pk)
