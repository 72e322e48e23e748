"""What every campaign service shares. Each service runs in one transaction and locks the
Campaign row first, so every territory change of a campaign is serialised and the ledger never
loses or doubles one."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.accounts.names import by_reference
from games.campaigns.models import (
    Battle,
    Campaign,
    CampaignPlayer,
    FeedEntry,
    Round,
    Territory,
    TerritoryChange,
)
from games.notifications.pages import notify_page_changed
from games.refusals import Forbidden, Refused


def _lock(campaign_id: int) -> Campaign:
    return Campaign.objects.select_for_update().get(pk=campaign_id)


def _lock_battle(battle_id: int, campaign_id: int | None = None) -> tuple[Campaign, Battle]:
    """The battle and its locked campaign; with `campaign_id`, the battle must be one of that
    campaign's (an organiser acts only on their own campaign's battles)."""
    battles = Battle.objects.filter(pk=battle_id)
    if campaign_id is not None:
        battles = battles.filter(campaign_id=campaign_id)
    campaign_id = battles.values_list("campaign_id", flat=True).first()
    if campaign_id is None:
        raise Refused(_("This battle is not part of this campaign."))
    campaign = _lock(campaign_id)
    battle = Battle.objects.select_related("player_a__user", "player_b__user").get(pk=battle_id)
    return campaign, battle


def _require_organiser(campaign: Campaign, user) -> None:
    if user is None or user.pk != campaign.organiser_id:
        raise Forbidden(_("Only the organiser may do this."))


def _active_player(campaign: Campaign, user) -> CampaignPlayer | None:
    if user is None or not user.is_authenticated:
        return None
    return CampaignPlayer.objects.filter(
        campaign=campaign, user=user, removed_at__isnull=True
    ).first()


def _feed(campaign: Campaign, kind: str, battle: Battle | None = None, **params) -> None:
    """A feed line; every change of a campaign writes one, so open campaign pages refetch.
    Players are passed as users: the line keeps them by reference and the page shows their
    current names (games/accounts/names.py), a deleted player's included."""
    notify_page_changed(kind="campaign", ident=campaign.pk)
    FeedEntry.objects.create(
        campaign=campaign,
        round_number=campaign.current_round,
        kind=kind,
        params=by_reference(params),
        battle=battle,
    )


def _feed_battle(campaign: Campaign, kind: str, battle: Battle, **params) -> None:
    """A feed line about a battle, naming its two players (`a` and `b`)."""
    a, b = _account(battle.player_a), _account(battle.player_b)
    _feed(campaign, kind, battle, a=a, b=b, **params)


def _account(player: CampaignPlayer | None):
    """The player's account, for a feed line (which names it by reference), or "" for nobody."""
    return player.user if player else ""


def territory_hand_over(
    campaign: Campaign,
    territory: Territory,
    to: CampaignPlayer | None,
    kind: str,
    battle: Battle | None = None,
    reason: str = "",
) -> None:
    """Gives the territory to `to` (None: nobody holds it) and writes the change in the
    campaign's history, with its kind, the battle that decided it, and the reason."""
    TerritoryChange.objects.create(
        campaign=campaign,
        kind=kind,
        territory=territory,
        battle=battle,
        from_holder=territory.holder,
        to_holder=to,
        reason=reason[:200],
    )
    territory.holder = to
    territory.save(update_fields=["holder"])


def _current_round(campaign: Campaign) -> Round:
    return Round.objects.get(campaign=campaign, number=campaign.current_round)


def _busy(round_: Round, player: CampaignPlayer) -> bool:
    """A player fights at most the house rule's battles per round (one by the rulebook);
    declined and cancelled ones don't count."""
    limit = int(round_.campaign.rule("battles_per_round"))
    return (
        Battle.objects.filter(round=round_)
        .exclude(status__in=[Battle.Status.DECLINED, Battle.Status.CANCELLED])
        .filter(models_q_player(player))
        .count()
        >= limit
    )


def busy_refusal(campaign: Campaign) -> Refused:
    n = int(campaign.rule("battles_per_round"))
    return Refused(
        ngettext(
            "Each player fights at most %(n)d battle per round.",
            "Each player fights at most %(n)d battles per round.",
            n,
        )
        % {"n": n}
    )


def models_q_player(player: CampaignPlayer):
    from django.db.models import Q

    return Q(player_a=player) | Q(player_b=player)


def _require_running(campaign: Campaign) -> None:
    if campaign.status != Campaign.Status.RUNNING:
        raise Refused(_("The campaign is not running."))
