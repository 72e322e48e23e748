"""The social pages: finding players, the players I follow, and following, blocking and
reporting from a player's profile. Thin views: parse, one service or selector, render.

An htmx action answers with the profile's `social-actions` partial (400 with the reason when
refused); a plain POST redirects back to the profile, or shows it again with the reason and
status 400."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games.accounts import selectors, services
from games.accounts.sections import following_sections, profile_sections
from games.refusals import attempt, refused_again

RESULTS_PER_PAGE = 20


def players(request):
    """The player search: `q` (a part of a user name or display name) and `page`. The live
    search (htmx, as one types) asks for the results partial only."""
    query = " ".join(request.GET.get("q", "").split())[: selectors.SEARCH_MAX_LENGTH]
    found = Paginator(selectors.player_search(query=query), RESULTS_PER_PAGE)
    page = found.get_page(request.GET.get("page"))
    context = {
        "query": query,
        "too_short": 0 < len(query) < selectors.SEARCH_MIN_LENGTH,
        "page": page,
        "min_length": selectors.SEARCH_MIN_LENGTH,
    }
    template = "accounts/players.html"
    if request.htmx and request.htmx.target == "player-results":
        template += "#results"
    return render(request, template, context)


@login_required
def following(request):
    """The players I follow, with what other apps show of them (their matches, their results),
    and the players I blocked (to unblock them): only mine, only for me."""
    followed = selectors.followed_players(user=request.user)
    context = {
        "followed": followed,
        "sections": following_sections(viewer=request.user, users=followed),
        "blocked": selectors.blocked_players(user=request.user),
    }
    return render(request, "accounts/following.html", context)


def social_context(request, shown, *, error: str = "", focus: str = "") -> dict:
    """What the profile's social part needs: the followers count (public) and, for a signed-in
    visitor, whether they follow or blocked this player (theirs only: never whether this
    player blocked them)."""
    viewer = request.user
    followers, following, blocked_by_me = selectors.profile_relation(viewer=viewer, shown=shown)
    return {
        "shown": shown,
        "is_self": viewer.is_authenticated and viewer.pk == shown.pk,
        "followers": followers,
        "following": following,
        "blocked_by_me": blocked_by_me,
        "social_error": error,
        "focus": focus,
    }


def profile_context(request, shown) -> dict:
    return {
        "shown": shown,
        "profile": selectors.profile_for(shown),
        "vacation_until": selectors.vacation_status(shown),
        "sections": profile_sections(user=shown, viewer=request.user),
        **social_context(request, shown),
    }


def _active_player(username: str):
    return get_object_or_404(get_user_model(), username=username, is_active=True)


def _act(request, username: str, act, *, success: str, focus: str):
    shown = _active_player(username)
    done = attempt(request, lambda: act(shown), message=False)
    if request.htmx:
        context = social_context(request, shown, error=done.error, focus=focus)
        context["social_notice"] = success if done.ok else ""
        response = render(request, "accounts/profile.html#social-actions", context)
        return response if done.ok else refused_again(response)
    if not done.ok:
        context = {**profile_context(request, shown), "social_error": done.error}
        return refused_again(render(request, "accounts/profile.html", context))
    if success:
        messages.success(request, success)
    return redirect("accounts:profile", username=shown.username)


# Each action: the service call for the signed-in player and the player shown, the sentence
# when done (a plain POST shows it on the next page), and which button keeps the focus.
_ACTIONS = {
    "follow": (lambda request, shown: services.follow_add(user=request.user, followed=shown), ""),
    "unfollow": (
        lambda request, shown: services.follow_remove(user=request.user, followed=shown),
        "",
    ),
    "block": (lambda request, shown: services.block_add(user=request.user, blocked=shown), ""),
    "unblock": (
        lambda request, shown: services.block_remove(user=request.user, blocked=shown),
        "",
    ),
    "report": (
        lambda request, shown: services.player_report(
            user=request.user, reported=shown, reason=request.POST.get("reason", "")
        ),
        gettext_lazy("Thank you: the site's team will read your report."),
    ),
}


@login_required
@require_POST
def act(request, username: str, action: str):
    """Follow, unfollow, block, unblock or report the player `username` (urls.py names each)."""
    service, success = _ACTIONS[action]
    return _act(
        request,
        username,
        lambda shown: service(request, shown),
        success=str(success),
        focus=action,
    )
