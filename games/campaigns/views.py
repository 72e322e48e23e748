"""Thin function views: parse, call one service or selector, render. An htmx request gets a named
partial of the page's template; a plain POST redirects, so every page works without JavaScript.

This module has the campaign's own pages (list, detail, invitations, joining, challenges); a
battle's page is in `views_battle.py`, the organiser's tools in `views_organiser.py`."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.announcements.presenters import announcements_section
from games.campaigns import presenters, selectors, services
from games.campaigns.forms import CampaignCreateForm, ChallengeForm
from games.campaigns.models import Battle, Campaign, CampaignPlayer
from games.notifications.services import notifications_page_seen
from games.refusals import attempt, refused_again


def visible_campaign_or_404(request, campaign_id: int) -> Campaign:
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
    campaigns = list(selectors.campaign_list(user=request.user))
    for campaign in campaigns:
        # Each campaign's game, as its own page names it (the list named none).
        campaign.games = presenters.campaign_games(campaign)[0]
    context = {
        "campaigns": campaigns,
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
    is_organiser = request.user.is_authenticated and request.user.pk == campaign.organiser_id
    standings = selectors.campaign_standings(campaign=campaign)
    games, army_games = presenters.campaign_games(campaign)
    return {
        "campaign": campaign,
        "games": games,
        "game_count": len(campaign.systems or []),
        "army_games": army_games,
        "army_required": bool(campaign.rule("army_required")),
        "me": me,
        "is_organiser": is_organiser,
        "map": presenters.campaign_map_view(territories=territories, players=players),
        "standings": standings,
        # A newcomer's territories go onto the map unclaimed (rules of seed 004: « 10
        # territoires vierges »): the page says how to win some while they hold none.
        "i_hold_none": me is not None
        and me.removed_at is None
        and campaign.status != Campaign.Status.FINISHED
        and not any(row.player.pk == me.pk and row.held for row in standings),
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
        "announcements": announcements_section(
            request,
            competition=services.campaign_competition(campaign),
            may_write=is_organiser,
            post_url=reverse("campaigns:announce", args=[campaign.pk]),
            remove_url=lambda pk: reverse("campaigns:announcement_remove", args=[campaign.pk, pk]),
        ),
    }


def campaign_detail(request, campaign_id: int):
    campaign = visible_campaign_or_404(request, campaign_id)
    notifications_page_seen(user=request.user, path=request.path)
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
    campaign = visible_campaign_or_404(request, campaign_id)
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
    campaign = visible_campaign_or_404(request, campaign_id)
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
    if answer == "accept" and request.POST.get("back") == "battle":
        # Accepted on the battle's page: its next step, the secret objective, is asked there.
        return redirect("campaigns:battle", campaign_id=campaign_id, battle_id=battle.pk)
    return redirect("campaigns:detail", campaign_id=campaign_id)


def player_detail(request, campaign_id: int, player_id: int):
    campaign = visible_campaign_or_404(request, campaign_id)
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
