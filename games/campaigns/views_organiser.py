"""The organiser's tools: one page, one POST with an `action` field per tool, each a service call
whose refusal redraws the page with its reason."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.urls import reverse

from games.campaigns import presenters, services
from games.campaigns.forms import CorrectForm, ExtendForm, PairForm, RemoveForm
from games.campaigns.models import Battle, Campaign, CampaignPlayer
from games.campaigns.views import visible_campaign_or_404
from games.form_input import database_id
from games.refusals import Refused, attempt, refused_again

BATTLES_PER_PAGE = 50

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
    campaign = visible_campaign_or_404(request, campaign_id)  # a private one: 404 to strangers
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
        # Back to the page of battles the form was on (its address keeps `?page=`).
        return redirect(request.get_full_path())
    return _organiser_page(request, campaign)


def _organiser_page(request, campaign: Campaign):
    players = list(CampaignPlayer.objects.filter(campaign=campaign).select_related("user"))
    battles = (
        Battle.objects.filter(campaign=campaign)
        .exclude(status__in=[Battle.Status.DECLINED, Battle.Status.CANCELLED])
        .select_related("player_a__user", "player_b__user", "round")
        .order_by("-round__number", "pk")
    )
    # Each battle has its tools (a correction form): a long campaign's hundreds of battles go
    # a page at a time, the latest rounds first; a page past the last shows the last.
    page = Paginator(battles, BATTLES_PER_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "campaigns/organiser.html",
        {
            "campaign": campaign,
            "players": players,
            "active_players": [p for p in players if p.removed_at is None],
            "battles": page,
            "invite_url": request.build_absolute_uri(
                reverse("campaigns:invite", args=[campaign.invite_token])
            ),
            "invitations": campaign.invitations.select_related("user").order_by(
                "status", "user__username"
            ),
        },
    )
