from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django.views.i18n import set_language
from django_htmx.http import HttpResponseClientRedirect

from games.accounts.avatars import avatar_check_weight
from games.accounts.context_processors import THEME_COOKIE
from games.accounts.forms import AvatarForm, SettingsForm
from games.accounts.models import Profile
from games.accounts.selectors import avatar_of, profile_for
from games.accounts.services import (
    avatar_remove,
    avatar_set,
    profile_set_game_tips,
    profile_set_language,
    profile_set_theme,
    profile_update,
)
from games.accounts.views_social import profile_context
from games.refusals import Refused
from games.safety.views import refusal_page


@login_required
def settings_page(request):
    profile = profile_for(request.user)
    # Read before validating: a valid ModelForm has already written the new value into profile.
    language_before, theme_before, chime_before = (
        profile.language,
        profile.theme,
        profile.turn_chime,
    )
    form = SettingsForm(request.POST or None, instance=profile)
    if request.method == "POST" and form.is_valid():
        profile = profile_update(user=request.user, data=form.cleaned_data)
        translation.activate(profile.language)
        messages.success(request, _("Settings saved."))
        if not request.htmx:
            return redirect("accounts:settings")
        if (profile.language, profile.theme, profile.turn_chime) != (
            language_before,
            theme_before,
            chime_before,
        ):
            # The whole page (navigation included) must change language or colours, or its
            # <body> learn whether to chime: reload it.
            return HttpResponseClientRedirect(reverse("accounts:settings"))
    template = "accounts/settings.html"
    if request.htmx:
        template += "#settings-form"
    context = {"form": form, "avatar_form": AvatarForm(), "profile": profile}
    return render(request, template, context, status=400 if form.errors else 200)


@login_required
@require_POST
def avatar_change(request):
    """Settings' picture form: the signed-in player's own picture, whatever else the form
    says. Refused: the settings page again with the reason (400), nothing saved."""
    form = AvatarForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            if form.cleaned_data["action"] == "remove":
                avatar_remove(user=request.user)
                done = _("Your profile picture is removed.")
            else:
                upload = form.cleaned_data["picture"]
                avatar_check_weight(upload.size)  # before reading it
                avatar_set(user=request.user, data=upload.read())
                done = _("Your profile picture is saved.")
        except Refused as refusal:
            form.add_error("picture", refusal.message)
        else:
            messages.success(request, done)
            return redirect(reverse("accounts:settings") + "#avatar")
    profile = profile_for(request.user)
    context = {"form": SettingsForm(instance=profile), "avatar_form": form, "profile": profile}
    return render(request, "accounts/settings.html", context, status=400)


# A picture's address names its content: browsers and proxies may keep it for good.
FOREVER = "public, max-age=31536000, immutable"


@require_safe
def avatar_image(request, username: str, digest: str):
    """A player's picture, the same for everybody (pictures are public, like names). An
    address with an older digest (a page drawn before the player changed it) is sent to the
    current one; no picture at all, or an inactive player: 404."""
    found = avatar_of(username=username)
    if found is None:
        raise Http404
    image, current = found
    if digest != current:
        response = redirect("accounts:avatar", username=username, digest=current)
        response["Cache-Control"] = "no-cache"
        return response
    response = HttpResponse(image, content_type="image/webp")
    response["Cache-Control"] = FOREVER
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'"
    return response


def public_profile(request, username):
    user = get_object_or_404(get_user_model(), username=username, is_active=True)
    return render(request, "accounts/profile.html", profile_context(request, user))


@require_POST
def language(request):
    """The header's language switch. For a signed-in player the profile is what every page
    reads (accounts.middleware), so the choice is saved there; Django's own view then sets
    the cookie and goes back to the page."""
    chosen = request.POST.get("language", "")
    if request.user.is_authenticated and chosen in Profile.Language.values:
        profile_set_language(user=request.user, language=chosen)
    return set_language(request)


@require_POST
def theme(request):
    """The header's theme switch (automatic, light, dark), then back to the page. A player's
    choice is their profile's (as in Settings); a visitor's is kept in a cookie for a year, and
    signing in then shows the profile's."""
    chosen = request.POST.get("theme", "")
    if chosen not in Profile.Theme.values:
        return refusal_page(request, _("Choose automatic, light or dark."))
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    response = redirect(back)
    if request.user.is_authenticated:
        profile_set_theme(user=request.user, theme=chosen)
    else:
        response.set_cookie(
            THEME_COOKIE,
            chosen,
            max_age=365 * 24 * 3600,
            samesite="Lax",
            httponly=True,
            secure=request.is_secure(),
        )
    return response


@login_required
@require_POST
def game_tips(request):
    """The tips box's « Masquer les conseils » (its `tips` is "never"; any choice of Settings is
    taken, anything else refused and nothing changed). htmx replaces the box with a short note;
    without JavaScript, back to the page (a local address only) with that note as a message."""
    try:
        profile_set_game_tips(user=request.user, choice=request.POST.get("tips", ""))
    except Refused as refusal:
        return refusal_page(request, refusal.message)
    if request.htmx:
        return render(request, "accounts/_tips_hidden.html")
    messages.success(request, _("Tips hidden. Settings can bring them back."))
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = reverse("accounts:settings")
    return redirect(back)
