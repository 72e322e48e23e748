"""Reads of battle reports. A report (and its image) is shown to whoever may see the match's
competition: the campaign or the league season it belongs to."""

from __future__ import annotations

from games.matches.models import Match
from games.reports.models import BattleReport
from games.reports.summary import match_summary, moves_line


def competition_visible(*, match: Match, user) -> bool:
    competition = match.competition or ""
    kind, _sep, ident = competition.partition(":")
    if not ident.isdigit():
        return match.is_public
    if kind == "campaign":
        from games.campaigns.models import Campaign
        from games.campaigns.selectors import campaign_visible_to

        campaign = Campaign.objects.filter(pk=int(ident)).first()
        return campaign is not None and campaign_visible_to(campaign=campaign, user=user)
    if kind == "league":
        from games.league.models import Season
        from games.league.selectors import league_visible

        season = Season.objects.select_related("league").filter(pk=int(ident)).first()
        return season is not None and league_visible(league=season.league, user=user)
    return match.is_public


def report_cards(*, reports) -> list[dict]:
    """What a report card shows: the report, its match's summary, the replay."""
    cards = []
    summaries: dict[int, object] = {}
    for report in reports:
        if report.match_id not in summaries:
            summaries[report.match_id] = match_summary(match=report.match)
        summary = summaries[report.match_id]
        cards.append({"report": report, "summary": summary, "moves": moves_line(summary)})
    return cards


def reports_of(*, match_ids) -> list[BattleReport]:
    return list(
        BattleReport.objects.filter(match_id__in=list(match_ids))
        .select_related("author", "match")
        .defer("image")
    )


def competition_reports(*, competition: str, limit: int = 20) -> list[BattleReport]:
    return list(
        BattleReport.objects.filter(match__competition=competition)
        .select_related("author", "match")
        .defer("image")[:limit]
    )
