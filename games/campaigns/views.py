"""Thin function views: parse, call one service or selector, render. An htmx request gets a named
partial of the page's template; a plain POST redirects, so every page works without JavaScript."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.campaigns import presenters, rules, selectors, services
from games.campaigns.forms import (
    CampaignCreateForm,
    ChallengeForm,
    CorrectForm,
    DeclareForm,
    ExtendForm,
    PairForm,
    RemoveForm,
)
from games.campaigns.models import Battle, Campaign, CampaignPlayer, PendingChoice, Territory
from games.form_input import database_id
from games.matches.systems import get_site
from games.refusals import Refused, attempt, refused_again


def _visible_campaign(request, campaign_id: int) -> Campaign:
    campaign = get_object_or_404(Campaign.objects.select_related("organiser"), pk=campaign_id)
    if not selectors.campaign_visible_to(campaign=campaign, user=request.user):
        raise Http404
    return campaign


def campaign_list(request):
    form = CampaignCreateForm(request.POST or None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect(f"{reverse('account_login')}?next={request.path}")
        if form.is_valid():
            created: list[Campaign] = []
            ok = attempt(
                request,
                lambda: created.append(
                    services.campaign_create(
                        organiser=request.user,
                        name=form.cleaned_data["name"],
                        description=form.cleaned_data["description"],
                        systems=form.cleaned_data["systems"],
                        rounds=form.cleaned_data["rounds"],
                        round_length_days=form.cleaned_data["round_length_days"],
                        ends_on=form.cleaned_data.get("ends_on"),
                        is_public=form.cleaned_data["is_public"],
                        house_rules=form.house_rules(),
                        organiser_plays=form.cleaned_data["organiser_plays"],
                    )
                ),
            ).ok
            if ok:
                return redirect("campaigns:detail", campaign_id=created[0].pk)
    context = {
        "campaigns": selectors.campaign_list(user=request.user),
        "form": form,
        "invitations": selectors.campaign_invitations_for(user=request.user),
    }
    status = 400 if request.method == "POST" else 200  # only a refused creation comes back
    return render(request, "campaigns/list.html", context, status=status)


def _campaign_context(request, campaign: Campaign) -> dict:
    me = selectors.campaign_player_for(campaign=campaign, user=request.user)
    territories = selectors.campaign_territories(campaign=campaign)
    players = list(CampaignPlayer.objects.filter(campaign=campaign).select_related("user"))
    feed = selectors.campaign_feed(campaign=campaign)
    busy = selectors.campaign_busy_player_ids(campaign=campaign)
    return {
        "campaign": campaign,
        "me": me,
        "is_organiser": request.user.is_authenticated and request.user.pk == campaign.organiser_id,
        "map": presenters.campaign_map_view(territories=territories, players=players),
        "standings": selectors.campaign_standings(campaign=campaign),
        "battles": selectors.campaign_open_battles(campaign=campaign),
        "round_battles": selectors.campaign_round_battles(campaign=campaign),
        "feed": presenters.feed_with_reports(feed),
        "opponents": [
            p
            for p in players
            if p.removed_at is None and (me is None or p.pk != me.pk) and p.pk not in busy
        ],
        "i_am_busy": me is not None and me.pk in busy,
        "house_rules": campaign.house_rules,
        "house_rule_lines": presenters.house_rule_lines(campaign.house_rules),
        "can_join": request.user.is_authenticated
        and me is None
        and campaign.status != Campaign.Status.FINISHED,
    }


def campaign_detail(request, campaign_id: int):
    campaign = _visible_campaign(request, campaign_id)
    return _detail_page(request, campaign)


def _detail_page(request, campaign: Campaign):
    context = _campaign_context(request, campaign)
    template = "campaigns/detail.html"
    if request.htmx and request.GET.get("part") in ("map", "feed"):
        template += "#" + request.GET["part"]
    return render(request, template, context)


def _invitation_page(request, campaign: Campaign, *, token: str = "", invitation=None):
    """What an invitee sees of a campaign before joining: its name, organiser, description and
    size, never its map, feed or players (a private campaign shows members only)."""
    return render(
        request,
        "campaigns/invitation.html",
        {
            "campaign": campaign,
            "invite_token": token,
            "invitation": invitation,
            "player_count": campaign.players.filter(removed_at__isnull=True).count(),
            "already_in": request.user.is_authenticated
            and campaign.players.filter(user=request.user).exists(),
        },
    )


def campaign_invite(request, token: str):
    """The invitation link (the organiser may replace it: then the old one is a 404)."""
    campaign = get_object_or_404(Campaign, invite_token=token)
    return _invitation_page(request, campaign, token=token)


@login_required
def campaign_invitation(request, campaign_id: int):
    """A player invited by name: what the campaign is, accept (join) or decline."""
    campaign = get_object_or_404(Campaign, pk=campaign_id)
    invitation = services.pending_invitation(campaign=campaign, user=request.user)
    if invitation is None:
        if request.method == "GET" and selectors.campaign_visible_to(
            campaign=campaign, user=request.user
        ):
            return redirect("campaigns:detail", campaign_id=campaign.pk)
        raise Http404
    if request.method != "POST":
        return _invitation_page(request, campaign, invitation=invitation)
    answer = request.POST.get("answer")
    if answer == "accept":
        ok = attempt(
            request, lambda: services.campaign_join(campaign_id=campaign.pk, user=request.user)
        ).ok
    elif answer == "decline":
        ok = attempt(
            request,
            lambda: services.campaign_decline_invitation(
                campaign_id=campaign.pk, user=request.user
            ),
        ).ok
    else:
        messages.error(request, presenters.form_problem())
        ok = False
    if not ok:
        return refused_again(_invitation_page(request, campaign, invitation=invitation))
    if answer == "decline":
        return redirect("campaigns:list")
    return redirect("campaigns:detail", campaign_id=campaign.pk)


@login_required
@require_POST
def campaign_join(request, campaign_id: int):
    campaign = get_object_or_404(Campaign, pk=campaign_id)
    token = request.POST.get("invite_token", "")
    visible = selectors.campaign_visible_to(campaign=campaign, user=request.user)
    invited = token == campaign.invite_token or services.pending_invitation(
        campaign=campaign, user=request.user
    )
    if not (visible or invited):
        raise Http404  # a private campaign says nothing to a stranger, not even a refusal
    if not attempt(
        request,
        lambda: services.campaign_join(
            campaign_id=campaign.pk, user=request.user, invite_token=token
        ),
    ).ok:
        if visible:
            return refused_again(_detail_page(request, campaign))
        return refused_again(_invitation_page(request, campaign, token=token))
    return redirect("campaigns:detail", campaign_id=campaign.pk)


@login_required
@require_POST
def campaign_challenge(request, campaign_id: int):
    campaign = _visible_campaign(request, campaign_id)
    form = ChallengeForm(request.POST)
    if not form.is_valid():
        messages.error(request, presenters.form_problem())
        return refused_again(_detail_page(request, campaign))
    if not attempt(
        request,
        lambda: services.campaign_challenge(
            campaign_id=campaign.pk,
            user=request.user,
            opponent_id=form.cleaned_data["opponent"],
        ),
    ).ok:
        return refused_again(_detail_page(request, campaign))
    return redirect("campaigns:detail", campaign_id=campaign.pk)


@login_required
@require_POST
def battle_respond(request, campaign_id: int, battle_id: int):
    campaign = _visible_campaign(request, campaign_id)
    battle = get_object_or_404(Battle, pk=battle_id, campaign=campaign)
    answer = request.POST.get("answer")
    if answer == "accept":
        ok = attempt(
            request, lambda: services.campaign_accept(battle_id=battle.pk, user=request.user)
        ).ok
    elif answer in ("decline", "withdraw"):  # the challenger withdraws what the other declines
        ok = attempt(
            request, lambda: services.campaign_decline(battle_id=battle.pk, user=request.user)
        ).ok
    else:
        messages.error(request, presenters.form_problem())
        ok = False
    if not ok:
        return refused_again(_detail_page(request, campaign))
    return redirect("campaigns:detail", campaign_id=campaign_id)


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
        "army_lists": presenters.army_lists_for(battle=battle, user=request.user),
        "army_required": bool(campaign.rule("army_required")),
        "system_name": get_site(battle.system).name,
        "winner_name": str(battle.player(battle.winner)) if battle.winner else "",
        "reports": presenters.battle_reports(battle=battle),
        "may_report": presenters.may_report(battle=battle, user=request.user),
    }


def battle_detail(request, campaign_id: int, battle_id: int):
    campaign = _visible_campaign(request, campaign_id)
    battle = get_object_or_404(
        Battle.objects.select_related("player_a__user", "player_b__user", "round"),
        pk=battle_id,
        campaign=campaign,
    )
    return _battle_page(request, campaign, battle)


def _battle_page(request, campaign: Campaign, battle: Battle):
    template = "campaigns/battle.html"
    if request.htmx:
        template += "#declarations"
    return render(request, template, _battle_context(request, campaign, battle))


def battle_json(request, campaign_id: int, battle_id: int):
    """The battle's state for scripts, with the same secrecy as the page."""
    campaign = _visible_campaign(request, campaign_id)
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
    campaign = _visible_campaign(request, campaign_id)
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
    campaign = _visible_campaign(request, campaign_id)
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


def player_detail(request, campaign_id: int, player_id: int):
    campaign = _visible_campaign(request, campaign_id)
    player = get_object_or_404(
        CampaignPlayer.objects.select_related("user"), pk=player_id, campaign=campaign
    )
    battles, changes = selectors.player_history(player=player)
    return render(
        request,
        "campaigns/player.html",
        {
            "campaign": campaign,
            "player": player,
            "battles": battles,
            "changes": changes,
            "held": player.held.all(),
        },
    )


ORGANISER_ACTIONS = {
    "start",
    "pause",
    "resume",
    "advance",
    "pair_round",
    "pair",
    "extend",
    "correct",
    "remove",
    "invite",
    "new_link",
    "revoke_invitation",
}


def _valid(form) -> bool:
    if not form.is_valid():
        raise Refused(presenters.form_problem())
    return True


def _organiser_action(request, campaign: Campaign, action: str) -> None:
    user, cid = request.user, campaign.pk
    post = request.POST
    if action == "start":
        services.campaign_start(campaign_id=cid, user=user)
    elif action in ("pause", "resume"):
        services.campaign_set_paused(campaign_id=cid, user=user, paused=action == "pause")
    elif action == "advance":
        services.campaign_advance_round(campaign_id=cid, user=user)
    elif action == "pair_round":
        services.campaign_pair_round(campaign_id=cid, user=user)
    elif action == "pair":
        form = PairForm(post)
        if _valid(form):
            services.campaign_pair(
                campaign_id=cid,
                user=user,
                player_a_id=form.cleaned_data["player_a"],
                player_b_id=form.cleaned_data["player_b"],
            )
    elif action == "extend":
        form = ExtendForm(post)
        if _valid(form):  # the service checks the battle is this campaign's
            services.campaign_extend_deadline(
                campaign_id=cid,
                battle_id=form.cleaned_data["battle"],
                user=user,
                hours=form.cleaned_data["hours"],
            )
    elif action == "correct":
        form = CorrectForm(post)
        if _valid(form):
            services.campaign_correct_result(
                campaign_id=cid,
                battle_id=form.cleaned_data["battle"],
                user=user,
                winner=form.cleaned_data["winner"] or "",
                reason=form.cleaned_data["reason"],
            )
    elif action == "invite":
        services.campaign_invite_player(
            campaign_id=cid, user=user, username=post.get("username", "")
        )
    elif action == "new_link":
        services.campaign_new_invite_link(campaign_id=cid, user=user)
    elif action == "revoke_invitation":
        services.campaign_revoke_invitation(
            campaign_id=cid, user=user, invitation_id=database_id(post.get("invitation"))
        )
    elif action == "remove":
        form = RemoveForm(post)
        if _valid(form):
            services.campaign_remove_player(
                campaign_id=cid,
                user=user,
                player_id=form.cleaned_data["player"],
                reason=form.cleaned_data["reason"],
            )


@login_required
def organiser_tools(request, campaign_id: int):
    campaign = _visible_campaign(request, campaign_id)  # a private one: 404 to strangers
    if request.user.pk != campaign.organiser_id:
        raise PermissionDenied
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action not in ORGANISER_ACTIONS:
            messages.error(request, presenters.form_problem())
            return refused_again(_organiser_page(request, campaign))
        if not attempt(request, lambda: _organiser_action(request, campaign, action)).ok:
            campaign.refresh_from_db()
            return refused_again(_organiser_page(request, campaign))
        messages.success(request, presenters.done_message())
        return redirect("campaigns:organiser", campaign_id=campaign.pk)
    return _organiser_page(request, campaign)


def _organiser_page(request, campaign: Campaign):
    players = list(CampaignPlayer.objects.filter(campaign=campaign).select_related("user"))
    battles = (
        Battle.objects.filter(campaign=campaign)
        .exclude(status__in=[Battle.Status.DECLINED, Battle.Status.CANCELLED])
        .select_related("player_a__user", "player_b__user", "round")
        .order_by("-round__number", "pk")
    )
    return render(
        request,
        "campaigns/organiser.html",
        {
            "campaign": campaign,
            "players": players,
            "active_players": [p for p in players if p.removed_at is None],
            "battles": battles,
            "invite_url": request.build_absolute_uri(
                reverse("campaigns:invite", args=[campaign.invite_token])
            ),
            "invitations": campaign.invitations.select_related("user").order_by(
                "status", "user__username"
            ),
        },
    )
