"""A season's announcements: posted and removed by its organisers (services/announcements.py).
A refused post draws the season's page again with the reason and the text kept."""

from __future__ import annotations

from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.announcements.forms import AnnouncementForm
from games.league import services
from games.league.views import season_detail
from games.league.views_organiser import _organiser_season
from games.refusals import attempt, refused_again


@require_POST
def season_announce(request, season_id: int):
    season = _organiser_season(request, season_id)  # 404 to strangers, 403 to players

    def act() -> None:
        form = AnnouncementForm(request.POST)
        form.is_valid()  # every field optional: the service says what is wrong
        services.season_announce(
            season=season,
            actor=request.user,
            text=form.cleaned_data.get("text", ""),
            token=form.cleaned_data.get("token", ""),
        )

    if not attempt(request, act, success=_("Announced: every player is told.")).ok:
        return refused_again(season_detail(request, season.pk))
    return redirect("league:season", season_id=season.pk)


@require_POST
def season_announcement_remove(request, season_id: int, announcement_id: int):
    season = _organiser_season(request, season_id)
    done = attempt(
        request,
        lambda: services.season_announcement_remove(
            season=season, actor=request.user, announcement_id=announcement_id
        ),
        success=_("The announcement was removed."),
    )
    if not done.ok:  # gone already, or not this competition's: the page again, 400
        return refused_again(season_detail(request, season.pk))
    return redirect("league:season", season_id=season.pk)
