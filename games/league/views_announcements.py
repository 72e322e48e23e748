"""A season's announcements: posted and removed by its organisers (services/announcements.py,
games/announcements/views.py)."""

from __future__ import annotations

from django.urls import reverse
from django.views.decorators.http import require_POST

from games.announcements import views as announcements
from games.league import services
from games.league.views import season_detail
from games.league.views_organiser import _organiser_season


@require_POST
def season_announce(request, season_id: int):
    season = _organiser_season(request, season_id)  # 404 to strangers, 403 to players
    return announcements.announce(
        request,
        post=lambda text, token: services.season_announce(
            season=season, actor=request.user, text=text, token=token
        ),
        page=lambda: season_detail(request, season.pk),
        back=reverse("league:season", args=[season.pk]),
    )


@require_POST
def season_announcement_remove(request, season_id: int, announcement_id: int):
    season = _organiser_season(request, season_id)
    return announcements.remove(
        request,
        remove=lambda: services.season_announcement_remove(
            season=season, actor=request.user, announcement_id=announcement_id
        ),
        page=lambda: season_detail(request, season.pk),
        back=reverse("league:season", args=[season.pk]),
    )
