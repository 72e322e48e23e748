"""Campaign reads. Secret objectives leave the database only through `battle_declarations`."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from games.accounts.invitations import invitations_waiting
from games.accounts.names import with_current_names
from games.campaigns.models import (
    Battle,
    Campaign,
    CampaignInvitation,
    CampaignPlayer,
    Declaration,
    FeedEntry,
    PendingChoice,
    Territory,
    TerritoryChange,
)


def campaign_list(*, user=None):
    """Public campaigns, plus invite-only ones the user organises or plays in."""
    visible = Q(is_public=True)
    if user is not None and user.is_authenticated:
        visible |= Q(organiser=user) | Q(players__user=user)
    return (
        Campaign.objects.filter(visible)
        .distinct()
        .annotate(player_count=Count("players", distinct=True))
        .order_by("-created_at")
    )


def campaign_invitations_for(*, user) -> list[CampaignInvitation]:
    """The invitations by name waiting for `user`'s answer."""
    return invitations_waiting(CampaignInvitation, user=user, place="campaign")


def campaign_visible_to(*, campaign: Campaign, user) -> bool:
    if campaign.is_public:
        return True
    if user is None or not user.is_authenticated:
        return False
    return (
        campaign.organiser_id == user.pk
        or CampaignPlayer.objects.filter(campaign=campaign, user=user).exists()
    )


def campaign_player_for(*, campaign: Campaign, user) -> CampaignPlayer | None:
    if user is None or not user.is_authenticated:
        return None
    return CampaignPlayer.objects.filter(campaign=campaign, user=user).first()


@dataclass(frozen=True)
class StandingRow:
    player: CampaignPlayer
    held: int
    won: int
    lost: int
    drawn: int
    removed: bool


def campaign_standings(*, campaign: Campaign) -> list[StandingRow]:
    """Most territories first; ties: more battles won, then fewer lost, then earliest join.
    Removed players come last."""
    players = list(
        CampaignPlayer.objects.filter(campaign=campaign)
        .select_related("user")
        .annotate(held_count=Count("held", distinct=True))
    )
    resolved = Battle.objects.filter(campaign=campaign, status=Battle.Status.RESOLVED).values_list(
        "player_a_id", "player_b_id", "winner"
    )
    won = dict.fromkeys((p.pk for p in players), 0)
    lost = dict(won)
    drawn = dict(won)
    for a, b, winner in resolved:
        if winner == "":
            drawn[a] += 1
            drawn[b] += 1
        else:
            w, loser = (a, b) if winner == "a" else (b, a)
            won[w] += 1
            lost[loser] += 1
    rows = [
        StandingRow(p, p.held_count, won[p.pk], lost[p.pk], drawn[p.pk], p.removed_at is not None)
        for p in players
    ]
    rows.sort(key=lambda r: (r.removed, -r.held, -r.won, r.lost, r.player.order))
    return rows


def campaign_territories(*, campaign: Campaign) -> list[Territory]:
    return list(Territory.objects.filter(campaign=campaign).select_related("holder__user"))


def campaign_round_battles(*, campaign: Campaign):
    return (
        Battle.objects.filter(campaign=campaign, round__number=campaign.current_round)
        .select_related("player_a__user", "player_b__user", "round", "match")
        .defer("match__snapshot")  # the lists show no game: no engine state read
        .order_by("pk")
    )


def campaign_open_battles(*, campaign: Campaign):
    """Battles still going on, whatever their round."""
    return (
        Battle.objects.filter(campaign=campaign, status__in=Battle.ACTIVE)
        .select_related("player_a__user", "player_b__user", "round", "match")
        .defer("match__snapshot")  # the lists show no game: no engine state read
        .order_by("pk")
    )


def campaign_feed(*, campaign: Campaign, limit: int = 50):
    """The newest lines, each naming its players by their current names (a deleted player's
    « joueur supprimé <n> »: games/accounts/names.py)."""
    feed = list(FeedEntry.objects.filter(campaign=campaign)[:limit])
    with_current_names(entry.params for entry in feed)
    return feed


def battle_story(*, battle) -> list:
    """The campaign feed's lines about one battle, oldest first (its page said « Résolue »
    only: what was taken, and from whom, was on the campaign's feed alone). Reports are left
    out: the page shows their cards."""
    story = list(FeedEntry.objects.filter(battle=battle).exclude(kind="report").order_by("pk"))
    with_current_names(entry.params for entry in story)
    return story


@dataclass(frozen=True)
class DeclarationView:
    """What a viewer may know of one player's declaration."""

    player: CampaignPlayer
    declared: bool
    objective: str | None  # None unless revealed or the viewer's own
    by_default: bool


def battle_declarations(*, battle: Battle, viewer: CampaignPlayer | None) -> list[DeclarationView]:
    """Both sides' declarations as the viewer may see them: each objective is hidden from
    everyone but its author until both players have declared."""
    rows = {d.player_id: d for d in Declaration.objects.filter(battle=battle)}
    revealed = len(rows) == 2
    views = []
    for player in (battle.player_a, battle.player_b):
        d = rows.get(player.pk)
        mine = viewer is not None and viewer.pk == player.pk
        views.append(
            DeclarationView(
                player=player,
                declared=d is not None,
                objective=d.objective if d is not None and (revealed or mine) else None,
                by_default=bool(d and d.by_default and revealed),
            )
        )
    return views


def battle_pending_choice(*, battle: Battle) -> PendingChoice | None:
    if battle.status != Battle.Status.CHOOSING:
        return None
    return (
        battle.choices.filter(done_at__isnull=True)
        .select_related("chooser__user", "source__user", "battle__campaign")
        .first()
    )


def player_history(*, player: CampaignPlayer):
    battles = (
        Battle.objects.filter(Q(player_a=player) | Q(player_b=player))
        .select_related("player_a__user", "player_b__user", "round", "match")
        .defer("match__snapshot")  # the lists show no game: no engine state read
        .order_by("round__number", "pk")
    )
    changes = (
        TerritoryChange.objects.filter(
            Q(from_holder=player)
            | Q(to_holder=player)
            | Q(kind=TerritoryChange.Kind.JOIN, territory__added_by=player)
        )
        .select_related("territory", "from_holder__user", "to_holder__user", "battle")
        .order_by("pk")
    )
    return list(battles), list(changes)


def ledger_replay(*, campaign: Campaign) -> dict[int, int | None]:
    """Every territory's holder according to the ledger alone (territory pk -> player pk)."""
    holders: dict[int, int | None] = {}
    for territory_id, to in TerritoryChange.objects.filter(campaign=campaign).values_list(
        "territory_id", "to_holder_id"
    ):
        holders[territory_id] = to
    return holders


def campaign_followable(campaign_id: int, user) -> bool:
    """Whether `user` may follow the campaign's live page (notifications.pages)."""
    campaign = Campaign.objects.filter(pk=campaign_id).first()
    return campaign is not None and campaign_visible_to(campaign=campaign, user=user)


def campaign_busy_player_ids(*, campaign) -> set[int]:
    """Players who already fight (or fought) as many battles of the current round as the house
    rule allows (one by the rulebook), so nobody may challenge them, nor may they challenge
    (the rule of services.common._busy, for a whole page at once)."""
    from collections import Counter

    from games.campaigns.models import Battle

    if not campaign.current_round:
        return set()
    fights: Counter[int] = Counter()
    battles = (
        Battle.objects.filter(campaign=campaign, round__number=campaign.current_round)
        .exclude(status__in=[Battle.Status.DECLINED, Battle.Status.CANCELLED])
        .values_list("player_a_id", "player_b_id")
    )
    for a, b in battles:
        fights.update((a, b))
    limit = int(campaign.rule("battles_per_round"))
    return {player for player, count in fights.items() if count >= limit}
