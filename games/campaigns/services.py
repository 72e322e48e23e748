"""Campaign writes. Each service runs in one transaction and locks the Campaign row first, so
every territory change of a campaign is serialised and the ledger never loses or doubles one."""

from __future__ import annotations

from datetime import timedelta
from functools import partial

import networkx as nx
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.campaigns import map as campaign_map
from games.campaigns import rules
from games.campaigns.models import (
    TERRITORIES_PER_PLAYER,
    Battle,
    Campaign,
    CampaignPlayer,
    Declaration,
    FeedEntry,
    PendingChoice,
    Round,
    Territory,
    TerritoryChange,
)
from games.engine.rng import Rng


class CampaignError(Exception):
    """A request the rules refuse; the message is for the player."""


# --- helpers --------------------------------------------------------------------------------------


def _lock(campaign_id: int) -> Campaign:
    return Campaign.objects.select_for_update().get(pk=campaign_id)


def _require_organiser(campaign: Campaign, user) -> None:
    if user is None or user.pk != campaign.organiser_id:
        raise PermissionDenied(_("Only the organiser may do this."))


def _active_player(campaign: Campaign, user) -> CampaignPlayer | None:
    if user is None or not user.is_authenticated:
        return None
    return CampaignPlayer.objects.filter(
        campaign=campaign, user=user, removed_at__isnull=True
    ).first()


def _feed(campaign: Campaign, kind: str, battle: Battle | None = None, **params) -> None:
    FeedEntry.objects.create(
        campaign=campaign,
        round_number=campaign.current_round,
        kind=kind,
        params=params,
        battle=battle,
    )


def _name(player: CampaignPlayer | None) -> str:
    return player.user.get_username() if player else ""


def _move(
    campaign: Campaign,
    territory: Territory,
    to: CampaignPlayer | None,
    kind: str,
    battle: Battle | None = None,
    reason: str = "",
) -> None:
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
    """A player fights at most one battle per round (declined and cancelled ones don't count)."""
    return (
        Battle.objects.filter(round=round_)
        .exclude(status__in=[Battle.Status.DECLINED, Battle.Status.CANCELLED])
        .filter(models_q_player(player))
        .exists()
    )


def models_q_player(player: CampaignPlayer):
    from django.db.models import Q

    return Q(player_a=player) | Q(player_b=player)


def _require_running(campaign: Campaign) -> None:
    if campaign.status != Campaign.Status.RUNNING:
        raise CampaignError(_("The campaign is not running."))


# --- creating, joining, rounds --------------------------------------------------------------------


def _clean_house_rules(house_rules: dict | None) -> dict:
    merged = rules.house_rules(house_rules)
    if merged["pairing_mode"] not in rules.PAIRING_MODES:
        raise CampaignError(_("Unknown pairing mode."))
    if merged["nothing_to_take"] not in rules.NOTHING_TO_TAKE:
        raise CampaignError(_("Unknown rule for objectives with nothing to take."))
    if merged["default_objective"] not in rules.OBJECTIVES:
        raise CampaignError(_("Unknown default objective."))
    if merged["draw_effect"] not in rules.DRAW_EFFECTS:
        raise CampaignError(_("Unknown draw rule."))
    for key in ("declaration_deadline_hours", "choice_deadline_hours"):
        merged[key] = max(1, min(int(merged[key]), 24 * 30))
    merged["invasion_requires_adjacency"] = bool(merged["invasion_requires_adjacency"])
    return merged


def campaign_create(
    *,
    organiser,
    name: str,
    description: str = "",
    systems: list[str] | None = None,
    round_length_days: int = 14,
    rounds: int = 6,
    is_public: bool = True,
    house_rules: dict | None = None,
) -> Campaign:
    from games.engine.registry import system_keys

    systems = list(systems or system_keys()[:1])
    unknown = [s for s in systems if s not in system_keys()]
    if unknown or not systems:
        raise CampaignError(_("Unknown game system."))
    with transaction.atomic():
        campaign = Campaign.objects.create(
            name=name.strip()[:80],
            description=description,
            organiser=organiser,
            systems=systems,
            round_length_days=max(1, round_length_days),
            rounds=max(1, rounds),
            is_public=is_public,
            house_rules=_clean_house_rules(house_rules),
        )
        _feed(campaign, "created", organiser=organiser.get_username())
    return campaign


def campaign_join(*, campaign_id: int, user, invite_token: str = "") -> CampaignPlayer:
    """Join, bringing 10 unclaimed territories placed on the map's outer spiral."""
    with transaction.atomic():
        campaign = _lock(campaign_id)
        if campaign.status == Campaign.Status.FINISHED:
            raise CampaignError(_("The campaign is over."))
        if (
            not campaign.is_public
            and invite_token != campaign.invite_token
            and user.pk != campaign.organiser_id
        ):
            raise PermissionDenied(_("This campaign is by invitation only."))
        if CampaignPlayer.objects.filter(campaign=campaign, user=user).exists():
            raise CampaignError(_("You already joined this campaign."))
        order = CampaignPlayer.objects.filter(campaign=campaign).count()
        player = CampaignPlayer.objects.create(campaign=campaign, user=user, order=order)
        existing = Territory.objects.filter(campaign=campaign).count()
        for slot, name, hexes in campaign_map.regions_for_join(
            existing=existing, count=TERRITORIES_PER_PLAYER
        ):
            territory = Territory.objects.create(
                campaign=campaign,
                number=slot,
                name=name,
                hexes=[list(h) for h in hexes],
                added_by=player,
            )
            _move(campaign, territory, None, TerritoryChange.Kind.JOIN)
        _feed(campaign, "joined", player=_name(player), count=TERRITORIES_PER_PLAYER)
    return player


def _open_round(campaign: Campaign, now) -> Round:
    campaign.current_round += 1
    campaign.save(update_fields=["current_round"])
    round_ = Round.objects.create(
        campaign=campaign,
        number=campaign.current_round,
        starts=now,
        ends=now + timedelta(days=campaign.round_length_days),
    )
    _feed(campaign, "round_started", number=round_.number)
    if campaign.rule("pairing_mode") == "auto":
        _pair_round(campaign, round_, now)
    return round_


def campaign_start(*, campaign_id: int, user) -> Campaign:
    with transaction.atomic():
        campaign = _lock(campaign_id)
        _require_organiser(campaign, user)
        if campaign.status != Campaign.Status.OPEN:
            raise CampaignError(_("The campaign has already started."))
        if CampaignPlayer.objects.filter(campaign=campaign, removed_at__isnull=True).count() < 2:
            raise CampaignError(_("A campaign needs at least two players."))
        campaign.status = Campaign.Status.RUNNING
        campaign.save(update_fields=["status"])
        _open_round(campaign, timezone.now())
    return campaign


def _finish(campaign: Campaign) -> None:
    from games.campaigns.selectors import campaign_standings

    standings = campaign_standings(campaign=campaign)
    active = [row for row in standings if not row.removed]
    campaign.status = Campaign.Status.FINISHED
    campaign.winner = active[0].player if active else None
    campaign.save(update_fields=["status", "winner"])
    Battle.objects.filter(campaign=campaign, status=Battle.Status.CHALLENGED).update(
        status=Battle.Status.CANCELLED
    )
    _feed(campaign, "finished", winner=_name(campaign.winner))


def _advance(campaign: Campaign, now) -> None:
    Battle.objects.filter(campaign=campaign, status=Battle.Status.CHALLENGED).update(
        status=Battle.Status.CANCELLED
    )
    if campaign.current_round >= campaign.rounds:
        _finish(campaign)
    else:
        _open_round(campaign, now)


def campaign_advance_round(*, campaign_id: int, user) -> Campaign:
    """Organiser: close the round now (open challenges lapse; started battles go on)."""
    with transaction.atomic():
        campaign = _lock(campaign_id)
        _require_organiser(campaign, user)
        _require_running(campaign)
        _advance(campaign, timezone.now())
    return campaign


def campaign_set_paused(*, campaign_id: int, user, paused: bool) -> Campaign:
    with transaction.atomic():
        campaign = _lock(campaign_id)
        _require_organiser(campaign, user)
        wanted_from = Campaign.Status.RUNNING if paused else Campaign.Status.PAUSED
        if campaign.status != wanted_from:
            raise CampaignError(_("The campaign is not in a state that allows this."))
        campaign.status = Campaign.Status.PAUSED if paused else Campaign.Status.RUNNING
        campaign.save(update_fields=["status"])
        _feed(campaign, "paused" if paused else "resumed")
    return campaign


# --- challenges and pairings ----------------------------------------------------------------------


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
    rolled = rules.roll_scenario(battle.system, Rng(f"campaign-battle:{battle.pk}"))
    battle.scenario = rolled or ""
    battle.save(update_fields=["status", "declaration_deadline", "scenario"])


def campaign_challenge(*, campaign_id: int, user, opponent_id: int, system: str = "") -> Battle:
    with transaction.atomic():
        campaign = _lock(campaign_id)
        _require_running(campaign)
        if campaign.rule("pairing_mode") != "challenge":
            raise CampaignError(_("In this campaign the battles are paired, not challenged."))
        me = _active_player(campaign, user)
        opponent = CampaignPlayer.objects.filter(
            campaign=campaign, pk=opponent_id, removed_at__isnull=True
        ).first()
        if me is None or opponent is None or opponent.pk == me.pk:
            raise CampaignError(_("Choose another player of this campaign."))
        if system and system not in campaign.systems:
            raise CampaignError(_("Unknown game system."))
        round_ = _current_round(campaign)
        if _busy(round_, me) or _busy(round_, opponent):
            raise CampaignError(_("Each player fights at most one battle per round."))
        battle = _new_battle(
            campaign, round_, me, opponent, Battle.Status.CHALLENGED, system, timezone.now()
        )
        _feed(campaign, "challenged", battle, a=_name(me), b=_name(opponent))
    return battle


def _lock_battle(battle_id: int) -> tuple[Campaign, Battle]:
    campaign_id = Battle.objects.values_list("campaign_id", flat=True).get(pk=battle_id)
    campaign = _lock(campaign_id)
    battle = Battle.objects.select_related("player_a__user", "player_b__user").get(pk=battle_id)
    return campaign, battle


def campaign_accept(*, battle_id: int, user) -> Battle:
    with transaction.atomic():
        campaign, battle = _lock_battle(battle_id)
        _require_running(campaign)
        if battle.status != Battle.Status.CHALLENGED or battle.player_b.user_id != user.pk:
            raise CampaignError(_("There is no challenge for you to accept here."))
        _open_declarations(campaign, battle, timezone.now())
        _feed(campaign, "accepted", battle, a=_name(battle.player_a), b=_name(battle.player_b))
    return battle


def campaign_decline(*, battle_id: int, user) -> Battle:
    """The challenged player declines; the challenger may withdraw (cancelled)."""
    with transaction.atomic():
        campaign, battle = _lock_battle(battle_id)
        if battle.status != Battle.Status.CHALLENGED or user.pk not in (
            battle.player_a.user_id,
            battle.player_b.user_id,
        ):
            raise CampaignError(_("There is no challenge for you to decline here."))
        declined = user.pk == battle.player_b.user_id
        battle.status = Battle.Status.DECLINED if declined else Battle.Status.CANCELLED
        battle.save(update_fields=["status"])
        _feed(
            campaign,
            "declined" if declined else "withdrawn",
            battle,
            a=_name(battle.player_a),
            b=_name(battle.player_b),
        )
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
            raise CampaignError(_("Choose two different players of this campaign."))
        a, b = players[player_a_id], players[player_b_id]
        round_ = _current_round(campaign)
        if _busy(round_, a) or _busy(round_, b):
            raise CampaignError(_("Each player fights at most one battle per round."))
        battle = _new_battle(campaign, round_, a, b, Battle.Status.DECLARING, "", timezone.now())
        _feed(campaign, "paired", battle, a=_name(a), b=_name(b))
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
    graph = nx.Graph()
    for (a, b), weight in pairing_weights([p.pk for p in free], history, round_.number).items():
        graph.add_edge(a, b, weight=weight)
    by_pk = {p.pk: p for p in free}
    battles = []
    for a, b in sorted(
        tuple(sorted(e)) for e in nx.max_weight_matching(graph, maxcardinality=True)
    ):
        battle = _new_battle(campaign, round_, by_pk[a], by_pk[b], Battle.Status.DECLARING, "", now)
        _feed(campaign, "paired", battle, a=_name(by_pk[a]), b=_name(by_pk[b]))
        battles.append(battle)
    return battles


def campaign_pair_round(*, campaign_id: int, user) -> list[Battle]:
    """Organiser: pair every free player of the current round automatically."""
    with transaction.atomic():
        campaign = _lock(campaign_id)
        _require_organiser(campaign, user)
        _require_running(campaign)
        return _pair_round(campaign, _current_round(campaign), timezone.now())


# --- declarations and the match -------------------------------------------------------------------


def campaign_declare(*, battle_id: int, user, objective: str) -> Battle:
    """A player's secret objective; once both declared, reveal them and start the match."""
    if objective not in rules.OBJECTIVES:
        raise CampaignError(_("Unknown objective."))
    with transaction.atomic():
        campaign, battle = _lock_battle(battle_id)
        side = battle.side_of(_active_player(campaign, user))
        if side is None:
            raise PermissionDenied(_("Only the battle's players declare objectives."))
        if campaign.status != Campaign.Status.RUNNING:
            raise CampaignError(_("The campaign is not running."))
        if battle.status != Battle.Status.DECLARING:
            raise CampaignError(_("Objectives are not being declared in this battle."))
        player = battle.player(side)
        if Declaration.objects.filter(battle=battle, player=player).exists():
            raise CampaignError(_("You already declared your objective."))
        Declaration.objects.create(battle=battle, player=player, objective=objective)
        if Declaration.objects.filter(battle=battle).count() == 2:
            _reveal_and_start(campaign, battle)
    return battle


def _match_config(system: str) -> dict:
    """The minimal config: each system's defaults (Neuroshima: random armies, standard board)."""
    return {}


def _reveal_and_start(campaign: Campaign, battle: Battle) -> None:
    from games.matches.services import match_create

    objectives = dict(
        Declaration.objects.filter(battle=battle).values_list("player_id", "objective")
    )
    _feed(
        campaign,
        "revealed",
        battle,
        a=_name(battle.player_a),
        b=_name(battle.player_b),
        objective_a=objectives[battle.player_a_id],
        objective_b=objectives[battle.player_b_id],
    )
    try:
        match = match_create(
            system=battle.system,
            config=_match_config(battle.system),
            seat_users=[battle.player_a.user, battle.player_b.user],
            is_public=campaign.is_public,
            competition=f"campaign:{campaign.pk}",
        )
    except Exception as error:  # the match service's refusal, already a readable sentence
        if error.__class__.__name__ != "MoveRejected":
            raise
        raise CampaignError(str(error)) from None
    battle.match = match
    battle.status = Battle.Status.PLAYING
    battle.save(update_fields=["match", "status"])


# --- results --------------------------------------------------------------------------------------


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


def _apply_result(campaign, battle, winner: str | None, now, *, interactive: bool) -> None:
    objectives = dict(
        Declaration.objects.filter(battle=battle).values_list("player_id", "objective")
    )
    default = campaign.rule("default_objective")
    effects = rules.battle_effects(
        objective_a=objectives.get(battle.player_a_id, default),
        objective_b=objectives.get(battle.player_b_id, default),
        winner=winner,
        draw_effect=campaign.rule("draw_effect"),
    )
    battle.winner = winner or ""
    _feed(
        campaign,
        "result",
        battle,
        a=_name(battle.player_a),
        b=_name(battle.player_b),
        winner=_name(battle.player(winner)) if winner else "",
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
        _move(
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
        chooser=_name(choice.chooser),
        source=_name(choice.source),
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
            raise PermissionDenied(_("This choice is not yours."))
        first = battle.choices.filter(done_at__isnull=True).first()
        if battle.status != Battle.Status.CHOOSING or first is None or first.pk != choice.pk:
            raise CampaignError(_("This choice is no longer open."))
        eligible, n = choice_options(choice=choice)
        by_pk = {t.pk: t.number for t in eligible}
        picked = sorted({by_pk[i] for i in territory_ids if i in by_pk})
        if len(picked) != n or len(set(territory_ids)) != n:
            raise CampaignError(_("Pick exactly %(n)s of the listed territories.") % {"n": n})
        now = timezone.now()
        _apply_choice(campaign, choice, picked, now)
        _progress_choices(campaign, battle, now, force_default=False)
    return battle


# --- deadlines ------------------------------------------------------------------------------------


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


# --- organiser tools ------------------------------------------------------------------------------


def campaign_extend_deadline(*, battle_id: int, user, hours: int) -> Battle:
    with transaction.atomic():
        campaign, battle = _lock_battle(battle_id)
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
            raise CampaignError(_("This battle has no deadline to extend."))
        _feed(
            campaign,
            "deadline_extended",
            battle,
            a=_name(battle.player_a),
            b=_name(battle.player_b),
            hours=hours,
        )
    return battle


def campaign_correct_result(*, battle_id: int, user, winner: str, reason: str) -> Battle:
    """Organiser: set a battle's result. Undo the battle's net territory changes through the
    ledger (a territory that has moved on since is left alone), then apply the new result with
    the default picks."""
    if winner not in ("a", "b", ""):
        raise CampaignError(_("Unknown result."))
    if not reason.strip():
        raise CampaignError(_("Give a reason for the correction."))
    with transaction.atomic():
        campaign, battle = _lock_battle(battle_id)
        _require_organiser(campaign, user)
        if battle.status not in (
            Battle.Status.PLAYING,
            Battle.Status.CHOOSING,
            Battle.Status.RESOLVED,
        ):
            raise CampaignError(_("Only a battle that has started can be corrected."))
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
                _move(campaign, territory, back, TerritoryChange.Kind.CORRECTION, battle, reason)
        now = timezone.now()
        battle.choices.filter(done_at__isnull=True).update(done_at=now)
        _feed(
            campaign,
            "corrected",
            battle,
            a=_name(battle.player_a),
            b=_name(battle.player_b),
            winner=_name(battle.player(winner)) if winner else "",
            reason=reason.strip()[:200],
        )
        _apply_result(campaign, battle, winner or None, now, interactive=False)
    return battle


def campaign_remove_player(*, campaign_id: int, user, player_id: int, reason: str = "") -> None:
    """Organiser: remove a player. Their territories stay on the map, unclaimed; their open
    battles are cancelled (a match in progress is resigned for them)."""
    with transaction.atomic():
        campaign = _lock(campaign_id)
        _require_organiser(campaign, user)
        player = CampaignPlayer.objects.select_related("user").get(
            campaign=campaign, pk=player_id, removed_at__isnull=True
        )
        player.removed_at = timezone.now()
        player.save(update_fields=["removed_at"])
        for territory in Territory.objects.filter(holder=player).select_related("holder"):
            _move(campaign, territory, None, TerritoryChange.Kind.REMOVAL, None, reason)
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
        _feed(campaign, "removed", player=_name(player), reason=reason.strip()[:200])


def _resign_quietly(match_id: int, user) -> None:
    from games.matches.models import Match
    from games.matches.services import match_resign

    if Match.objects.filter(pk=match_id, status=Match.Status.ACTIVE).exists():
        match_resign(match_id=match_id, user=user)
