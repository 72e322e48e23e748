"""A battle report written after a campaign battle: a feed line (the report card is shown
under it) and a word to the opponent."""

from __future__ import annotations

from games.campaigns.models import Battle, Campaign
from games.campaigns.notices import tell_battle_players
from games.campaigns.services.common import _feed, _lock


def campaign_report_written(report) -> None:
    campaign_id = int((report.match.competition or "campaign:0").split(":")[1])
    if not Campaign.objects.filter(pk=campaign_id).exists():
        return
    campaign = _lock(campaign_id)
    battle = (
        Battle.objects.select_related("player_a__user", "player_b__user")
        .filter(campaign=campaign, match_id=report.match_id)
        .first()
    )
    _feed(campaign, "report", battle, author=report.author, report=report.pk)
    if battle is not None:
        others = [
            p.user for p in (battle.player_a, battle.player_b) if p.user_id != report.author_id
        ]
        tell_battle_players(
            campaign, battle, "battle_report", users=others, by=report.author.get_username()
        )
