"""Helpers shared by the campaign tests: play a battle through to a result."""

from __future__ import annotations

from games.campaigns import services
from games.campaigns.models import Battle, Territory
from games.matches.services import match_resign


def battle_between(campaign, user_a, user_b) -> Battle:
    battle = services.campaign_challenge(
        campaign_id=campaign.pk,
        user=user_a,
        opponent_id=campaign.players.get(user=user_b).pk,
    )
    services.campaign_accept(battle_id=battle.pk, user=user_b)
    battle.refresh_from_db()
    return battle


def declare_both(battle, user_a, objective_a, user_b, objective_b) -> Battle:
    services.campaign_declare(battle_id=battle.pk, user=user_a, objective=objective_a)
    services.campaign_declare(battle_id=battle.pk, user=user_b, objective=objective_b)
    battle.refresh_from_db()
    return battle


def win(battle, winner_user, loser_user) -> Battle:
    """End the battle's match: the loser resigns."""
    match_resign(match_id=battle.match_id, user=loser_user)
    battle.refresh_from_db()
    return battle


def give(campaign, user, count) -> None:
    """Test set-up: hand `count` unclaimed territories to a player (lowest first)."""
    player = campaign.players.get(user=user)
    for t in Territory.objects.filter(campaign=campaign, holder=None).order_by("number")[:count]:
        services.territory_hand_over(campaign, t, player, "correction", reason="test set-up")


def held(campaign, user) -> int:
    return Territory.objects.filter(campaign=campaign, holder__user=user).count()
