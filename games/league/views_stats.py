"""The community's army statistics of a system (`/stats/<system>/`, army_stats.py): filters
read from the address, so every view of them is a link (and works without JavaScript)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.form_input import database_id
from games.hexboard.registry import registered_site
from games.league import selectors
from games.league.army_stats import FEW_GAMES, army_stats, counted_matches
from games.league.models import Season

PERIODS = {"30": 30, "90": 90, "all": None}


@require_GET
def armies(request, system: str):
    site = registered_site(system)
    if site is None or not site.side_option:
        raise Http404
    period = request.GET.get("period", "all")
    if period not in PERIODS:
        period = "all"  # the page offers only its own periods: an edited address gets them all
    computers = request.GET.get("computers") == "1"
    season, member = _season(request, system)
    matches = counted_matches(
        system=system,
        computers=computers,
        days=PERIODS[period],
        season_id=season.pk if season else None,
        member=member,
    )
    stats = army_stats(site=site, matches=matches)

    def link(**change) -> str:
        query = {
            "period": period,
            "computers": "1" if computers else "",
            "season": season.pk if season else "",
        }
        query.update(change)
        kept = {k: v for k, v in query.items() if v not in ("", None, "all")}
        path = reverse("stats:armies", args=[system])
        return f"{path}?{urlencode(kept)}" if kept else path

    return render(
        request,
        "league/army_stats.html",
        {
            "site": site,
            "system": system,
            "stats": stats,
            "season": season,
            "few_games": FEW_GAMES,
            "period": period,
            "computers": computers,
            "periods": [
                (key, label, link(period=key))
                for key, label in (
                    ("30", _("Last 30 days")),
                    ("90", _("Last 90 days")),
                    ("all", _("All time")),
                )
            ],
            "computers_link": link(computers="" if computers else "1"),
            "all_matches_link": link(season=""),
        },
    )


def _season(request, system: str) -> tuple[Season | None, bool]:
    """`?season=<id>` of a league the reader may see, of this system, and whether the reader is
    a member of its league; anything else is not found (a league by invitation shows nothing of
    itself, not even that it exists)."""
    if "season" not in request.GET:
        return None, False
    season_id = database_id(request.GET["season"])
    season = (
        Season.objects.select_related("league").filter(pk=season_id).first() if season_id else None
    )
    if season is None or season.league.system != system:
        raise Http404
    member = selectors.is_member(league=season.league, user=request.user)
    if not (season.league.is_public or member):
        raise Http404
    return season, member
