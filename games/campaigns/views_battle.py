"""A campaign battle's page: the secret declarations before it, the territories its winner picks
after it, and its state for scripts. Thin views as in `views.py`."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games.campaigns import presenters, rules, selectors, services
from games.campaigns.forms import DeclareForm
from games.campaigns.models import Battle, Campaign, CampaignPlayer, PendingChoice, Territory
from games.campaigns.views import visible_campaign_or_404
from games.form_input import database_id
from games.matches.systems import get_site
from games.notifications.services import notifications_page_seen
from games.refusals import attempt, refused_again


def _objectives_that_take_nothing(campaign: Campaign, battle: Battle, side) -> set[str]:
    """Objectives that would take nothing if won now: the opponent holds no territory, or
    none is left unclaimed (the form marks them; the rules still allow them)."""
    if side is None:
        return set()
    opponent = battle.player("b" if side == "a" else "a")
    held = Territory.objects.filter(campaign=campaign, holder=opponent).exists()
    free = Territory.objects.filter(campaign=campaign, holder__isnull=True).exists()
    empty = set()
    if not held:
        empty |= {rules.INVASION, rules.ALL_OR_NOTHING, rules.RAID}
    if not free:
        empty.add(rules.EXPANSION)
    return empty


def _battle_context(request, campaign: Campaign, battle: Battle) -> dict:
    me = selectors.campaign_player_for(campaign=campaign, user=request.user)
    side = battle.side_of(me) if me and me.removed_at is None else None
    declarations = selectors.battle_declarations(battle=battle, viewer=me)
    mine = next((d for d in declarations if me and d.player.pk == me.pk), None)
    choice = selectors.battle_pending_choice(battle=battle)
    options, to_pick = ([], 0)
    if choice is not None and me is not None and choice.chooser_id == me.pk:
        options, to_pick = services.choice_options(choice=choice)
    return {
        "campaign": campaign,
        "battle": battle,
        "me": me,
        "side": side,
        "declarations": [
            (d, presenters.objective_label(d.objective) if d.objective else "")
            for d in declarations
        ],
        "can_declare": side is not None
        and battle.status == Battle.Status.DECLARING
        and mine is not None
        and not mine.declared,
        "objectives": presenters.objective_choices(
            empty=_objectives_that_take_nothing(campaign, battle, side)
        ),
        "choice": choice,
        "choice_options": options,
        "choice_map": presenters.campaign_map_view(
            territories=selectors.campaign_territories(campaign=campaign),
            players=list(CampaignPlayer.objects.filter(campaign=campaign).select_related("user")),
            candidates={t.pk for t in options},
        )
        if options
        else None,
        "to_pick": to_pick,
        "match_url": presenters.match_url(battle.match_id),
        "scenario": presenters.scenario_label(battle.scenario, battle.system),
        "army_choice": presenters.army_lists_for(battle=battle, user=request.user),
        "army_required": bool(campaign.rule("army_required")),
        "system_name": get_site(battle.system).name,
        "winner_name": str(battle.player(battle.winner)) if battle.winner else "",
        "story": [presenters.feed_line(e) for e in selectors.battle_story(battle=battle)],
        "reports": presenters.battle_reports(battle=battle),
        "may_report": presenters.may_report(battle=battle, user=request.user),
    }


def battle_detail(request, campaign_id: int, battle_id: int):
    campaign = visible_campaign_or_404(request, campaign_id)
    battle = get_object_or_404(
        Battle.objects.select_related("player_a__user", "player_b__user", "round"),
        pk=battle_id,
        campaign=campaign,
    )
    notifications_page_seen(user=request.user, path=request.path)
    return _battle_page(request, campaign, battle)


def _battle_page(request, campaign: Campaign, battle: Battle):
    template = "campaigns/battle.html"
    if request.htmx:
        template += "#declarations"
    return render(request, template, _battle_context(request, campaign, battle))


def battle_json(request, campaign_id: int, battle_id: int):
    """The battle's state for scripts, with the same secrecy as the page."""
    campaign = visible_campaign_or_404(request, campaign_id)
    battle = get_object_or_404(Battle, pk=battle_id, campaign=campaign)
    me = selectors.campaign_player_for(campaign=campaign, user=request.user)
    return JsonResponse(
        {
            "id": battle.pk,
            "status": battle.status,
            "round": battle.round.number,
            "players": [battle.player_a.user.get_username(), battle.player_b.user.get_username()],
            "declarations": [
                {
                    "player": d.player.user.get_username(),
                    "declared": d.declared,
                    "objective": d.objective,
                }
                for d in selectors.battle_declarations(battle=battle, viewer=me)
            ],
            "match": battle.match_id,
            "winner": battle.winner or None,
        }
    )


@login_required
@require_POST
def battle_declare(request, campaign_id: int, battle_id: int):
    campaign = visible_campaign_or_404(request, campaign_id)
    battle = get_object_or_404(Battle, pk=battle_id, campaign=campaign)
    form = DeclareForm(request.POST)
    ok = False
    if not form.is_valid():
        messages.error(request, presenters.form_problem())
    else:  # not one of the battle's players: PermissionDenied, a 403 page with the reason
        ok = attempt(
            request,
            lambda: services.campaign_declare(
                battle_id=battle.pk,
                user=request.user,
                objective=form.cleaned_data["objective"],
                army_list=form.cleaned_data["army_list"],
            ),
        ).ok
    if not ok:
        return refused_again(_battle_page(request, campaign, battle))
    if request.htmx:
        battle.refresh_from_db()
        return _battle_page(request, campaign, battle)
    return redirect("campaigns:battle", campaign_id=campaign.pk, battle_id=battle.pk)


@login_required
@require_POST
def battle_choose(request, campaign_id: int, battle_id: int):
    campaign = visible_campaign_or_404(request, campaign_id)
    battle = get_object_or_404(Battle, pk=battle_id, campaign=campaign)
    choice = PendingChoice.objects.filter(
        pk=database_id(request.POST.get("choice")), battle=battle
    ).first()
    ids = [database_id(x) for x in request.POST.getlist("territory")]
    if choice is None or not all(ids):
        messages.error(request, presenters.form_problem())
        return refused_again(_battle_page(request, campaign, battle))
    if not attempt(
        request,
        lambda: services.campaign_choose(choice_id=choice.pk, user=request.user, territory_ids=ids),
    ).ok:
        return refused_again(_battle_page(request, campaign, battle))
    return redirect("campaigns:battle", campaign_id=campaign_id, battle_id=battle_id)
