"""The periodic tick: missed declarations and choices get defaults, ended rounds advance."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.campaigns.models import Battle, Campaign, Declaration, PendingChoice, Round
from games.campaigns.services.battles import _reveal_and_start
from games.campaigns.services.common import _current_round, _lock, _lock_battle
from games.campaigns.services.lifecycle import _advance
from games.campaigns.services.results import _progress_choices


def campaign_apply_deadlines(*, now=None) -> int:
    """Missed declarations get the default objective, missed choices the default territories,
    ended rounds advance. Run periodically (`manage.py campaign_tick`). Returns changes made."""
    now = now or timezone.now()
    done = 0
    for battle_id in Battle.objects.filter(
        status=Battle.Status.DECLARING,
        declaration_deadline__lt=now,
        campaign__status=Campaign.Status.RUNNING,
    ).values_list("pk", flat=True):
        with transaction.atomic():
            campaign, battle = _lock_battle(battle_id)
            if battle.status != Battle.Status.DECLARING:
                continue
            for player in (battle.player_a, battle.player_b):
                Declaration.objects.get_or_create(
                    battle=battle,
                    player=player,
                    defaults={"objective": campaign.rule("default_objective"), "by_default": True},
                )
            _reveal_and_start(campaign, battle)
            done += 1
    for battle_id in (
        PendingChoice.objects.filter(
            done_at__isnull=True,
            deadline__lt=now,
            battle__campaign__status=Campaign.Status.RUNNING,
        )
        .values_list("battle_id", flat=True)
        .distinct()
    ):
        with transaction.atomic():
            campaign, battle = _lock_battle(battle_id)
            if battle.status == Battle.Status.CHOOSING:
                _progress_choices(campaign, battle, now, force_default=True)
                done += 1
    for campaign_id in (
        Round.objects.filter(campaign__status=Campaign.Status.RUNNING, ends__lt=now)
        .values_list("campaign_id", flat=True)
        .distinct()
    ):
        with transaction.atomic():
            campaign = _lock(campaign_id)
            if campaign.status == Campaign.Status.RUNNING and _current_round(campaign).ends < now:
                _advance(campaign, now)
                done += 1
    return done
