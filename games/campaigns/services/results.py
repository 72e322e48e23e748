"""Battle results: the match-finished hook, the winner's territory choices, corrections."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.campaigns import map as campaign_map
from games.campaigns import rules
from games.campaigns.models import (
    Battle,
    Campaign,
    CampaignPlayer,
    Declaration,
    PendingChoice,
    Territory,
    TerritoryChange,
)
from games.campaigns.notices import tell_battle_players
from games.campaigns.services import telling
from games.campaigns.services.common import (
    _account,
    _feed,
    _feed_battle,
    _lock_battle,
    _require_organiser,
    territory_hand_over,
)
from games.notifications.models import Notification
from games.refusals import Forbidden, Refused


def _winner_side(match) -> str | None:
    ranks = list((match.outcome or {}).get("ranks") or [])
    if len(ranks) < 2 or ranks[0] == ranks[1]:
        return None
    return "a" if ranks[0] < ranks[1] else "b"


def campaign_resolve_battle(match) -> None:
    """The "match finished" hook, inside the match's transaction. A battle resolves once: a
    second call (or a concurrent one, serialised by the campaign lock) finds it no longer
    PLAYING and does nothing."""
    if not (match.competition or "").startswith("campaign:"):
        return
    battle_id = Battle.objects.filter(match_id=match.pk).values_list("pk", flat=True).first()
    if battle_id is None:
        return
    campaign, battle = _lock_battle(battle_id)
    if battle.status != Battle.Status.PLAYING:
        return
    _apply_result(campaign, battle, _winner_side(match), timezone.now(), interactive=True)


def _apply_result(
    campaign, battle, winner: str | None, now, *, interactive: bool, may_replay: bool = True
) -> None:
    objectives = dict(
        Declaration.objects.filter(battle=battle).values_list("player_id", "objective")
    )
    default = campaign.rule("default_objective")
    draw_effect = campaign.rule("draw_effect")
    if winner is None and draw_effect == rules.DRAW_REPLAY and battle.replays == 0 and may_replay:
        # House rule: a drawn battle is played again, once, with the same objectives.
        battle.replays += 1
        battle.save(update_fields=["replays"])
        _feed_battle(campaign, "replayed", battle)
        from games.campaigns.services.battles import _start_match

        _start_match(campaign, battle)
        return
    effects = rules.battle_effects(
        objective_a=objectives.get(battle.player_a_id, default),
        objective_b=objectives.get(battle.player_b_id, default),
        winner=winner,
        draw_effect=draw_effect,
        stakes=campaign.house_rules,
    )
    battle.winner = winner or ""
    _feed_battle(
        campaign,
        "result",
        battle,
        winner=_account(battle.player(winner)) if winner else "",
    )
    start = (
        battle.choices.order_by("-position").values_list("position", flat=True).first() or 0
    ) + 1
    deadline = now + timedelta(hours=int(campaign.rule("choice_deadline_hours")))
    for offset, effect in enumerate(effects):
        PendingChoice.objects.create(
            battle=battle,
            position=start + offset,
            chooser=battle.player(effect.chooser),
            source=battle.player(effect.source) if effect.source else None,
            action=effect.action,
            objective=effect.objective,
            count=effect.count,
            deadline=deadline,
        )
    _progress_choices(campaign, battle, now, force_default=not interactive)
    for choice in battle.choices.filter(done_at__isnull=True).select_related("chooser"):
        telling.tell_pick_territories(campaign, battle, choice.chooser)


def _holders(campaign: Campaign) -> tuple[dict[int, int | None], dict[int, Territory]]:
    territories = {t.number: t for t in Territory.objects.filter(campaign=campaign)}
    return {n: t.holder_id for n, t in territories.items()}, territories


def _eligible(campaign: Campaign, choice: PendingChoice, holders) -> list[int]:
    adjacency = None
    requires = bool(campaign.rule("invasion_requires_adjacency"))
    if requires and choice.action == rules.STEAL:
        adjacency = campaign_map.region_adjacency(
            dict(Territory.objects.filter(campaign=campaign).values_list("number", "hexes"))
        )
    return rules.eligible_territories(
        action=choice.action,
        holders=holders,
        gainer=choice.chooser_id,
        source=choice.source_id,
        adjacency=adjacency,
        requires_adjacency=requires,
    )


def choice_options(*, choice: PendingChoice) -> tuple[list[Territory], int]:
    """(eligible territories, how many to pick) for a pending choice, as of now."""
    campaign = choice.battle.campaign
    holders, territories = _holders(campaign)
    eligible = _eligible(campaign, choice, holders)
    n = rules.count_to_take(
        wanted=choice.count,
        available=len(eligible),
        nothing_to_take=campaign.rule("nothing_to_take"),
    )
    return [territories[x] for x in eligible], n


def _apply_choice(campaign, choice: PendingChoice, picks: list[int], now) -> None:
    holders, territories = _holders(campaign)
    reason = f"{choice.objective}:{choice.action}"
    for number, _from, to in rules.changes_for(
        action=choice.action, gainer=choice.chooser_id, picks=picks, holders=holders
    ):
        to_player = choice.chooser if to is not None else None
        territory_hand_over(
            campaign,
            territories[number],
            to_player,
            TerritoryChange.Kind.BATTLE,
            choice.battle,
            reason,
        )
    choice.done_at = now
    choice.save(update_fields=["done_at"])
    _feed(
        campaign,
        "territories_moved",
        choice.battle,
        action=choice.action,
        objective=choice.objective,
        chooser=_account(choice.chooser),
        source=_account(choice.source),
        territories=[territories[n].name for n in picks],
    )


def _progress_choices(campaign, battle, now, *, force_default: bool) -> None:
    """Apply the choices in order; stop at the first one its chooser must make."""
    for choice in battle.choices.filter(done_at__isnull=True).select_related(
        "chooser__user", "source__user", "battle"
    ):
        eligible_objs, n = choice_options(choice=choice)
        eligible = [t.number for t in eligible_objs]
        real_choice = 0 < n < len(eligible)
        if real_choice and not force_default and choice.deadline > now:
            battle.status = Battle.Status.CHOOSING
            battle.save(update_fields=["status", "winner"])
            return
        _apply_choice(campaign, choice, rules.default_picks(eligible, n), now)
    battle.status = Battle.Status.RESOLVED
    battle.resolved_at = now
    battle.save(update_fields=["status", "winner", "resolved_at"])


def campaign_choose(*, choice_id: int, user, territory_ids: list[int]) -> Battle:
    """The gainer picks the territories of their pending choice."""
    battle_id = PendingChoice.objects.values_list("battle_id", flat=True).get(pk=choice_id)
    with transaction.atomic():
        campaign, battle = _lock_battle(battle_id)
        choice = PendingChoice.objects.select_related(
            "chooser__user", "source__user", "battle"
        ).get(pk=choice_id)
        if choice.chooser.user_id != user.pk:
            raise Forbidden(_("This choice is not yours."))
        first = battle.choices.filter(done_at__isnull=True).first()
        if battle.status != Battle.Status.CHOOSING or first is None or first.pk != choice.pk:
            raise Refused(_("This choice is no longer open."))
        eligible, n = choice_options(choice=choice)
        by_pk = {t.pk: t.number for t in eligible}
        picked = sorted({by_pk[i] for i in territory_ids if i in by_pk})
        if len(picked) != n or len(set(territory_ids)) != n:
            raise Refused(_("Pick exactly %(n)s of the listed territories.") % {"n": n})
        now = timezone.now()
        _apply_choice(campaign, choice, picked, now)
        _progress_choices(campaign, battle, now, force_default=False)
        if not battle.choices.filter(done_at__isnull=True, chooser__user=user).exists():
            # « choisissez vos territoires » asks nothing of them any more.
            telling.settle(battle, Notification.Kind.TERRITORIES, [user])
    return battle


def campaign_correct_result(
    *, battle_id: int, user, winner: str, reason: str, campaign_id: int | None = None
) -> Battle:
    """Organiser: set a battle's result. Undo the battle's net territory changes through the
    ledger (a territory that has moved on since is left alone), then apply the new result: the
    winner chooses their territories again, with a fresh deadline (the default picks only when
    it passes). The reason goes to the feed and the ledger; both players are told."""
    if winner not in ("a", "b", ""):
        raise Refused(_("Unknown result."))
    if not reason.strip():
        raise Refused(_("Give a reason for the correction."))
    with transaction.atomic():
        campaign, battle = _lock_battle(battle_id, campaign_id)
        _require_organiser(campaign, user)
        if battle.status not in (
            Battle.Status.PLAYING,
            Battle.Status.CHOOSING,
            Battle.Status.RESOLVED,
        ):
            raise Refused(_("Only a battle that has started can be corrected."))
        before: dict[int, int | None] = {}
        after: dict[int, int | None] = {}
        for change in battle.changes.order_by("pk"):
            before.setdefault(change.territory_id, change.from_holder_id)
            after[change.territory_id] = change.to_holder_id
        players = {p.pk: p for p in CampaignPlayer.objects.filter(campaign=campaign)}
        for territory in Territory.objects.filter(pk__in=list(after)).select_related("holder"):
            if (
                territory.holder_id == after[territory.pk]
                and before[territory.pk] != after[territory.pk]
            ):
                back = players.get(before[territory.pk]) if before[territory.pk] else None
                territory_hand_over(
                    campaign, territory, back, TerritoryChange.Kind.CORRECTION, battle, reason
                )
        now = timezone.now()
        battle.choices.filter(done_at__isnull=True).update(done_at=now)
        _feed_battle(
            campaign,
            "corrected",
            battle,
            winner=_account(battle.player(winner)) if winner else "",
            reason=reason.strip()[:200],
        )
        # The organiser's verdict stands: a corrected draw is never replayed.
        _apply_result(campaign, battle, winner or None, now, interactive=True, may_replay=False)
        transaction.on_commit(
            lambda: tell_battle_players(
                campaign,
                battle,
                "battle_corrected",
                by=user.get_username(),
                reason=reason.strip()[:200],
            )
        )
    return battle
