"""Battles before they are played: challenges, pairings, secret declarations, the match."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.campaigns import rules
from games.campaigns.models import Battle, Campaign, CampaignPlayer, Declaration, Round
from games.campaigns.services import telling
from games.campaigns.services.common import (
    _account,
    _active_player,
    _busy,
    _current_round,
    _feed,
    _feed_battle,
    _lock,
    _lock_battle,
    _require_organiser,
    _require_running,
    busy_refusal,
)
from games.engine import registry
from games.engine.rng import Rng
from games.matches.models import new_seed
from games.matches.services import match_create
from games.notifications.models import Notification
from games.refusals import Forbidden, Refused


def _new_battle(campaign, round_, a, b, status, system, now) -> Battle:
    battle = Battle.objects.create(
        campaign=campaign,
        round=round_,
        player_a=a,
        player_b=b,
        system=system or campaign.systems[0],
        status=status,
    )
    if status == Battle.Status.DECLARING:
        _open_declarations(campaign, battle, now)
    return battle


def _open_declarations(campaign: Campaign, battle: Battle, now) -> None:
    battle.status = Battle.Status.DECLARING
    battle.declaration_deadline = now + timedelta(
        hours=int(campaign.rule("declaration_deadline_hours"))
    )
    battle.save(update_fields=["status", "declaration_deadline"])
    telling.tell_declare(campaign, battle)


def campaign_challenge(*, campaign_id: int, user, opponent_id: int, system: str = "") -> Battle:
    with transaction.atomic():
        campaign = _lock(campaign_id)
        _require_running(campaign)
        if campaign.rule("pairing_mode") != "challenge":
            raise Refused(_("In this campaign the battles are paired, not challenged."))
        me = _active_player(campaign, user)
        opponent = CampaignPlayer.objects.filter(
            campaign=campaign, pk=opponent_id, removed_at__isnull=True
        ).first()
        if me is None or opponent is None or opponent.pk == me.pk:
            raise Refused(_("Choose another player of this campaign."))
        if system and system not in campaign.systems:
            raise Refused(_("Unknown game system."))
        round_ = _current_round(campaign)
        if _busy(round_, me) or _busy(round_, opponent):
            raise busy_refusal(campaign)
        battle = _new_battle(
            campaign, round_, me, opponent, Battle.Status.CHALLENGED, system, timezone.now()
        )
        _feed(campaign, "challenged", battle, a=_account(me), b=_account(opponent))
        telling.tell_challenged(campaign, battle, me.user.get_username(), opponent)
    return battle


def campaign_accept(*, battle_id: int, user) -> Battle:
    with transaction.atomic():
        campaign, battle = _lock_battle(battle_id)
        _require_running(campaign)
        if battle.status != Battle.Status.CHALLENGED or battle.player_b.user_id != user.pk:
            raise Refused(_("There is no challenge for you to accept here."))
        _open_declarations(campaign, battle, timezone.now())
        _feed_battle(campaign, "accepted", battle)
    return battle


def campaign_decline(*, battle_id: int, user) -> Battle:
    """The challenged player declines; the challenger may withdraw (cancelled)."""
    with transaction.atomic():
        campaign, battle = _lock_battle(battle_id)
        if battle.status != Battle.Status.CHALLENGED or user.pk not in (
            battle.player_a.user_id,
            battle.player_b.user_id,
        ):
            raise Refused(_("There is no challenge for you to decline here."))
        declined = user.pk == battle.player_b.user_id
        battle.status = Battle.Status.DECLINED if declined else Battle.Status.CANCELLED
        battle.save(update_fields=["status"])
        _feed_battle(
            campaign,
            "declined" if declined else "withdrawn",
            battle,
        )
        telling.settle(battle, Notification.Kind.CHALLENGE, [battle.player_b.user])
    return battle


def campaign_pair(*, campaign_id: int, user, player_a_id: int, player_b_id: int) -> Battle:
    """Organiser: set one battle of the current round."""
    with transaction.atomic():
        campaign = _lock(campaign_id)
        _require_organiser(campaign, user)
        _require_running(campaign)
        players = {
            p.pk: p
            for p in CampaignPlayer.objects.filter(
                campaign=campaign, pk__in=[player_a_id, player_b_id], removed_at__isnull=True
            )
        }
        if player_a_id == player_b_id or len(players) != 2:
            raise Refused(_("Choose two different players of this campaign."))
        a, b = players[player_a_id], players[player_b_id]
        round_ = _current_round(campaign)
        if _busy(round_, a) or _busy(round_, b):
            raise busy_refusal(campaign)
        battle = _new_battle(campaign, round_, a, b, Battle.Status.DECLARING, "", timezone.now())
        _feed(campaign, "paired", battle, a=_account(a), b=_account(b))
    return battle


def pairing_weights(
    players: list[int], history: list[tuple[int, int, int]], current_round: int
) -> dict[tuple[int, int], int]:
    """Edge weights for max-weight matching: every pair is worth 100, plus up to 20 the longer
    ago they last met (never met = 20), so recent opponents are paired only when needed."""
    last_met: dict[frozenset[int], int] = {}
    for a, b, number in history:
        key = frozenset((a, b))
        last_met[key] = max(last_met.get(key, 0), number)
    weights = {}
    for i, a in enumerate(players):
        for b in players[i + 1 :]:
            met = last_met.get(frozenset((a, b)))
            weights[(a, b)] = 100 + (20 if met is None else min(current_round - met, 19))
    return weights


def _pair_round(campaign: Campaign, round_: Round, now) -> list[Battle]:
    free = [
        p
        for p in CampaignPlayer.objects.filter(campaign=campaign, removed_at__isnull=True)
        if not _busy(round_, p)
    ]
    history = [
        (a, b, n)
        for a, b, n in Battle.objects.filter(campaign=campaign)
        .exclude(status__in=[Battle.Status.DECLINED, Battle.Status.CANCELLED])
        .values_list("player_a_id", "player_b_id", "round__number")
    ]
    import networkx as nx  # here: ~20 MB of modules no page needs (games/league/pairing.py)

    graph = nx.Graph()
    for (a, b), weight in pairing_weights([p.pk for p in free], history, round_.number).items():
        graph.add_edge(a, b, weight=weight)
    by_pk = {p.pk: p for p in free}
    battles = []
    for a, b in sorted(
        tuple(sorted(e)) for e in nx.max_weight_matching(graph, maxcardinality=True)
    ):
        battle = _new_battle(campaign, round_, by_pk[a], by_pk[b], Battle.Status.DECLARING, "", now)
        _feed(campaign, "paired", battle, a=_account(by_pk[a]), b=_account(by_pk[b]))
        battles.append(battle)
    return battles


def campaign_pair_round(*, campaign_id: int, user) -> list[Battle]:
    """Organiser: pair every free player of the current round automatically."""
    with transaction.atomic():
        campaign = _lock(campaign_id)
        _require_organiser(campaign, user)
        _require_running(campaign)
        return _pair_round(campaign, _current_round(campaign), timezone.now())


def campaign_declare(*, battle_id: int, user, objective: str, army_list=None) -> Battle:
    """A player's secret objective (and, in a system with army lists, the list they bring:
    `army_list` is the id of one of their lists, empty for the system's default army); once
    both declared, reveal them and start the match."""
    if objective not in rules.OBJECTIVES:
        raise Refused(_("Unknown objective."))
    with transaction.atomic():
        campaign, battle = _lock_battle(battle_id)
        side = battle.side_of(_active_player(campaign, user))
        if side is None:
            raise Forbidden(_("Only the battle's players declare objectives."))
        if campaign.status != Campaign.Status.RUNNING:
            raise Refused(_("The campaign is not running."))
        if battle.status != Battle.Status.DECLARING:
            raise Refused(_("Objectives are not being declared in this battle."))
        player = battle.player(side)
        if Declaration.objects.filter(battle=battle, player=player).exists():
            raise Refused(_("You already declared your objective."))
        army = _army(battle.system, user, army_list, campaign)
        Declaration.objects.create(battle=battle, player=player, objective=objective, army=army)
        telling.settle(battle, Notification.Kind.DECLARE, [user])
        if Declaration.objects.filter(battle=battle).count() == 2:
            _reveal_and_start(campaign, battle)
    return battle


def _army(system: str, user, army_list, campaign: Campaign | None = None) -> dict | None:
    """A copy of the player's list for a system with army lists (games/armies), else None;
    within the campaign's points limit, and required when its house rules say so."""
    if not getattr(registry.get_system(system), "has_army_lists", False):
        return None
    if not army_list:
        if campaign is not None and campaign.rule("army_required"):
            raise Refused(_("This campaign requires an army list of your own for each battle."))
        return None
    from games.armies.services import ArmyRefused, army_for_match

    limit = int(campaign.rule("army_points_limit") or 0) if campaign is not None else 0
    try:
        return army_for_match(
            owner=user, system=system, list_id=army_list, points_limit=limit or None
        )
    except ArmyRefused as refusal:
        raise Refused(refusal.message) from None


def _match_config(system: str, scenario: str | None, armies: list) -> dict:
    """Each system's defaults (random armies, the standard board...), the scenario rolled
    for the battle and, for systems with army lists, the lists the players declared with."""
    engine = registry.get_system(system)
    config: dict = {"scenario": scenario} if scenario else {}
    if getattr(engine, "has_army_lists", False):
        config = engine.config_with_armies(config, armies)
    return config


def _reveal_and_start(campaign: Campaign, battle: Battle) -> None:
    declared = {d.player_id: d for d in Declaration.objects.filter(battle=battle)}
    objectives = {pid: d.objective for pid, d in declared.items()}
    _feed_battle(
        campaign,
        "revealed",
        battle,
        objective_a=objectives[battle.player_a_id],
        objective_b=objectives[battle.player_b_id],
    )
    # The scenario is rolled with the match's own seed (a stream of its own, so the match's dice
    # do not repeat it) through the campaign's hook.
    seed = new_seed()  # the match's secret seed, drawn here so the roll can use it
    battle.scenario = rules.roll_scenario(battle.system, Rng(f"{seed}:scenario")) or ""
    _start_match(campaign, battle, seed)


def _start_match(campaign: Campaign, battle: Battle, seed: str | None = None) -> None:
    """The battle's match, with the armies the players declared (again for a replay)."""
    declared = {d.player_id: d for d in Declaration.objects.filter(battle=battle)}
    armies = [
        declared[p].army if p in declared else None
        for p in (battle.player_a_id, battle.player_b_id)
    ]
    try:
        match = match_create(
            system=battle.system,
            config=_match_config(battle.system, battle.scenario or None, armies),
            seed=seed or new_seed(),
            seat_users=[battle.player_a.user, battle.player_b.user],
            is_public=campaign.is_public,
            competition=f"campaign:{campaign.pk}",
        )
    except Refused as error:  # the match service's refusal, already a readable sentence
        raise Refused(error.message) from None
    battle.match = match
    battle.status = Battle.Status.PLAYING
    battle.save(update_fields=["match", "status", "scenario"])
