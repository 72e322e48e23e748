"""Organiser tools: extend a deadline, remove a player."""

from __future__ import annotations

from datetime import timedelta
from functools import partial

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.campaigns.models import Battle, Campaign, CampaignPlayer, Territory, TerritoryChange
from games.campaigns.services.common import (
    _account,
    _feed,
    _feed_battle,
    _lock,
    _lock_battle,
    _require_organiser,
    models_q_player,
    territory_hand_over,
)
from games.matches.models import Match
from games.matches.services import match_resign
from games.refusals import Refused


def campaign_extend_deadline(
    *, battle_id: int, user, hours: int, campaign_id: int | None = None
) -> Battle:
    """Organiser: more time for the battle's declarations or choices (`campaign_id`: the
    campaign the battle must belong to)."""
    with transaction.atomic():
        campaign, battle = _lock_battle(battle_id, campaign_id)
        _require_organiser(campaign, user)
        hours = max(1, min(int(hours), 24 * 30))
        if battle.status == Battle.Status.DECLARING:
            battle.declaration_deadline = max(
                battle.declaration_deadline, timezone.now()
            ) + timedelta(hours=hours)
            battle.save(update_fields=["declaration_deadline"])
        elif battle.status == Battle.Status.CHOOSING:
            for choice in battle.choices.filter(done_at__isnull=True):
                choice.deadline = max(choice.deadline, timezone.now()) + timedelta(hours=hours)
                choice.save(update_fields=["deadline"])
        else:
            raise Refused(_("This battle has no deadline to extend."))
        _feed_battle(
            campaign,
            "deadline_extended",
            battle,
            hours=hours,
        )
    return battle


def campaign_remove_player(*, campaign_id: int, user, player_id: int, reason: str = "") -> None:
    """Organiser: remove a player. Their territories stay on the map, unclaimed; their open
    battles are cancelled (a match in progress is resigned for them)."""
    with transaction.atomic():
        campaign = _lock(campaign_id)
        _require_organiser(campaign, user)
        player = (
            CampaignPlayer.objects.select_related("user")
            .filter(campaign=campaign, pk=player_id, removed_at__isnull=True)
            .first()
        )
        if player is None:  # unknown, of another campaign, or removed already
            raise Refused(_("No such player in this campaign."))
        _remove(campaign, player, reason)
        _feed(campaign, "removed", player=_account(player), reason=reason.strip()[:200])


def campaign_leave(*, campaign_id: int, user) -> None:
    """A player leaves a campaign that is not over (their account is deleted: accounts'
    erasure, games/campaigns/privacy.py): as a removal, their territories unclaimed and their
    open battles cancelled, told in the feed as a departure."""
    with transaction.atomic():
        campaign = _lock(campaign_id)
        if campaign.status == Campaign.Status.FINISHED:
            raise Refused(_("The campaign is over."))
        player = (
            CampaignPlayer.objects.select_related("user")
            .filter(campaign=campaign, user=user, removed_at__isnull=True)
            .first()
        )
        if player is None:
            raise Refused(_("You are not a player of this campaign."))
        _remove(campaign, player, "")
        _feed(campaign, "left", player=_account(player))


def _remove(campaign, player: CampaignPlayer, reason: str) -> None:
    player.removed_at = timezone.now()
    player.save(update_fields=["removed_at"])
    for territory in Territory.objects.filter(holder=player).select_related("holder"):
        territory_hand_over(campaign, territory, None, TerritoryChange.Kind.REMOVAL, None, reason)
    open_battles = list(
        Battle.objects.filter(campaign=campaign, status__in=Battle.ACTIVE).filter(
            models_q_player(player)
        )
    )
    for battle in open_battles:
        battle.status = Battle.Status.CANCELLED
        battle.save(update_fields=["status"])
        battle.choices.filter(done_at__isnull=True).update(done_at=timezone.now())
    # Resign their matches after commit, in the match service's own transaction: the match
    # lock is always taken before the campaign lock (as the "match finished" hook does),
    # never after, so the two can't deadlock. The battles are cancelled already, so the
    # hook ignores these results.
    for battle in open_battles:
        if battle.match_id:
            transaction.on_commit(partial(_resign_quietly, battle.match_id, player.user))


def _resign_quietly(match_id: int, user) -> None:
    if Match.objects.filter(pk=match_id, status=Match.Status.ACTIVE).exists():
        match_resign(match_id=match_id, user=user)
