"""Who a campaign needs, told through the notifications app (inbox, live badge, email,
Discord, browser push): a challenge, an objective to declare, territories to pick, a new round.
One unread entry per battle (or per campaign for a round), as notifications keep it."""

from __future__ import annotations

from django.urls import reverse

from games.campaigns.models import Battle, Campaign, CampaignPlayer
from games.notifications.models import Notification
from games.notifications.services import notifications_settle, notify_user


def _battle_link(battle: Battle) -> str:
    return reverse("campaigns:battle", args=[battle.campaign_id, battle.pk])


def tell_challenged(campaign: Campaign, battle: Battle, challenger, opponent) -> None:
    notify_user(
        user_id=opponent.user_id,
        kind=Notification.Kind.CHALLENGE,
        params={"by": str(challenger), "campaign": campaign.name, "link": _battle_link(battle)},
        about=f"campaign-battle:{battle.pk}",
    )


def tell_declare(campaign: Campaign, battle: Battle) -> None:
    for me, other in ((battle.player_a, battle.player_b), (battle.player_b, battle.player_a)):
        notify_user(
            user_id=me.user_id,
            kind=Notification.Kind.DECLARE,
            params={
                "opponent": str(other),
                "campaign": campaign.name,
                "link": _battle_link(battle),
            },
            about=f"campaign-battle:{battle.pk}",
            once=f"declare:{battle.pk}:{me.pk}",
        )


def tell_pick_territories(campaign: Campaign, battle: Battle, chooser: CampaignPlayer) -> None:
    notify_user(
        user_id=chooser.user_id,
        kind=Notification.Kind.TERRITORIES,
        params={"campaign": campaign.name, "link": _battle_link(battle)},
        about=f"campaign-battle:{battle.pk}",
        once=f"pick:{battle.pk}:{chooser.pk}",
    )


def tell_round_started(campaign: Campaign, number: int) -> None:
    link = reverse("campaigns:detail", args=[campaign.pk])
    for player in campaign.players.filter(removed_at__isnull=True):
        notify_user(
            user_id=player.user_id,
            kind=Notification.Kind.ROUND,
            params={"campaign": campaign.name, "number": number, "link": link},
            about=f"campaign:{campaign.pk}",
            once=f"round:{campaign.pk}:{number}:{player.pk}",
        )


def settle(battle: Battle, kind: str, users) -> None:
    """What `kind` asked these players about the battle is done (a challenge answered or
    withdrawn, an objective declared, territories picked): its unread entry is read."""
    notifications_settle(
        user_ids=[u.pk for u in users], about=f"campaign-battle:{battle.pk}", kinds=(kind,)
    )
