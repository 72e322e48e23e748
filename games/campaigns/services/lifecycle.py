"""A campaign's life: create, join, start, pause, advance the rounds, finish."""

from __future__ import annotations

from datetime import timedelta

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
    Round,
    Territory,
    TerritoryChange,
)
from games.campaigns.services import telling
from games.campaigns.services.battles import _pair_round
from games.campaigns.services.common import (
    _account,
    _feed,
    _lock,
    _require_organiser,
    _require_running,
    territory_hand_over,
)
from games.campaigns.services.invitations import invitation_accepted, pending_invitation
from games.refusals import Forbidden, Refused


def _clean_house_rules(house_rules: dict | None) -> dict:
    merged = rules.house_rules(house_rules)
    if merged["pairing_mode"] not in rules.PAIRING_MODES:
        raise Refused(_("Unknown pairing mode."))
    if merged["nothing_to_take"] not in rules.NOTHING_TO_TAKE:
        raise Refused(_("Unknown rule for objectives with nothing to take."))
    if merged["default_objective"] not in rules.OBJECTIVES:
        raise Refused(_("Unknown default objective."))
    if merged["draw_effect"] not in rules.DRAW_EFFECTS:
        raise Refused(_("Unknown draw rule."))
    for key in ("declaration_deadline_hours", "choice_deadline_hours"):
        merged[key] = max(1, min(int(merged[key]), 24 * 30))
    merged["invasion_requires_adjacency"] = bool(merged["invasion_requires_adjacency"])
    try:
        numbers = {k: int(merged[k]) for k in (*rules.STAKES, "battles_per_round")}
    except (TypeError, ValueError):
        raise Refused(_("House rules take whole numbers.")) from None
    if not 1 <= numbers.pop("battles_per_round") <= rules.MAX_BATTLES_PER_ROUND:
        raise Refused(_("A player fights between 1 and 5 battles per round."))
    if any(not 0 <= n <= rules.MAX_STAKE for n in numbers.values()):
        raise Refused(_("An objective moves between 0 and 10 territories."))
    merged["battles_per_round"] = int(merged["battles_per_round"])
    merged["army_required"] = bool(merged["army_required"])
    try:
        merged["army_points_limit"] = int(merged["army_points_limit"] or 0)
    except (TypeError, ValueError):
        raise Refused(_("House rules take whole numbers.")) from None
    if not 0 <= merged["army_points_limit"] <= 10000:
        raise Refused(_("An army points limit is between 0 (none) and 10000."))
    merged.update(numbers)
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
    ends_on=None,
    organiser_plays: bool = False,
) -> Campaign:
    """A new campaign, open for players to join; `organiser_plays` makes its organiser the
    first of them (the site's form ticks it; an umpire unticks it)."""
    from games.engine.registry import system_keys

    systems = list(systems or system_keys()[:1])
    unknown = [s for s in systems if s not in system_keys()]
    if unknown or not systems:
        raise Refused(_("Unknown game system."))
    with transaction.atomic():
        campaign = Campaign.objects.create(
            name=name.strip()[:80],
            description=description,
            organiser=organiser,
            systems=systems,
            round_length_days=max(1, round_length_days),
            rounds=max(1, rounds),
            ends_on=ends_on,
            is_public=is_public,
            house_rules=_clean_house_rules(house_rules),
        )
        _feed(campaign, "created", organiser=organiser)
        if organiser_plays:
            campaign_join(campaign_id=campaign.pk, user=organiser)
    return campaign


def campaign_join(*, campaign_id: int, user, invite_token: str = "") -> CampaignPlayer:
    """Join, bringing 10 unclaimed territories placed on the map's outer spiral."""
    with transaction.atomic():
        campaign = _lock(campaign_id)
        if campaign.status == Campaign.Status.FINISHED:
            raise Refused(_("The campaign is over."))
        if CampaignPlayer.objects.filter(campaign=campaign, user=user).exists():
            raise Refused(_("You already joined this campaign."))
        if (
            not campaign.is_public
            and invite_token != campaign.invite_token
            and user.pk != campaign.organiser_id
            and pending_invitation(campaign=campaign, user=user) is None
        ):
            raise Forbidden(_("This campaign is by invitation only."))
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
            territory_hand_over(campaign, territory, None, TerritoryChange.Kind.JOIN)
        _feed(campaign, "joined", player=_account(player), count=TERRITORIES_PER_PLAYER)
        invitation_accepted(campaign=campaign, user=user)
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
    telling.tell_round_started(campaign, round_.number)
    if campaign.rule("pairing_mode") == "auto":
        _pair_round(campaign, round_, now)
    return round_


def campaign_start(*, campaign_id: int, user) -> Campaign:
    with transaction.atomic():
        campaign = _lock(campaign_id)
        _require_organiser(campaign, user)
        if campaign.status != Campaign.Status.OPEN:
            raise Refused(_("The campaign has already started."))
        if CampaignPlayer.objects.filter(campaign=campaign, removed_at__isnull=True).count() < 2:
            raise Refused(_("A campaign needs at least two players."))
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
    _feed(campaign, "finished", winner=_account(campaign.winner))


def _advance(campaign: Campaign, now) -> None:
    Battle.objects.filter(campaign=campaign, status=Battle.Status.CHALLENGED).update(
        status=Battle.Status.CANCELLED
    )
    past_end_date = campaign.ends_on is not None and timezone.localdate(now) >= campaign.ends_on
    if campaign.current_round >= campaign.rounds or past_end_date:
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
            raise Refused(_("The campaign is not in a state that allows this."))
        campaign.status = Campaign.Status.PAUSED if paused else Campaign.Status.RUNNING
        campaign.save(update_fields=["status"])
        _feed(campaign, "paused" if paused else "resumed")
    return campaign
