from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.accounts.forms import SettingsForm, VacationForm
from games.accounts.selectors import profile_for, vacation_days_left, vacation_status
from games.accounts.services import profile_update, vacation_start, vacation_stop


@login_required
def settings_page(request):
    profile = profile_for(request.user)
    form = SettingsForm(request.POST or None, instance=profile)
    if request.method == "POST" and form.is_valid():
        language_before = profile.language
        profile = profile_update(user=request.user, data=form.cleaned_data)
        translation.activate(profile.language)
        messages.success(request, _("Settings saved."))
        if not request.htmx:
            return redirect("accounts:settings")
        if profile.language != language_before:
            # The whole page (navigation included) must change language: reload it.
            return HttpResponseClientRedirect(reverse("accounts:settings"))
    template = "accounts/settings.html"
    if request.htmx:
        template += "#settings-form"
    return render(request, template, {"form": form}, status=400 if form.errors else 200)


def public_profile(request, username):
    user = get_object_or_404(get_user_model(), username=username, is_active=True)
    profile = profile_for(user)
    context = {"shown": user, "profile": profile, "vacation_until": vacation_status(user)}
    return render(request, "accounts/profile.html", context)


@login_required
def vacation_page(request, *, status: int = 200):
    now = timezone.now()
    profile = profile_for(request.user)
    context = {
        "form": VacationForm(),
        "until": vacation_status(request.user, now=now),
        "days_left": vacation_days_left(profile=profile, now=now),
        "profile": profile,
    }
    return render(request, "accounts/vacation.html", context, status=status)


@login_required
@require_POST
def vacation_action(request):
    now = timezone.now()
    action = request.POST.get("action")
    if action == "stop":
        vacation_stop(user=request.user, now=now)
        messages.success(request, _("Welcome back: your clocks run again."))
        return redirect("accounts:vacation")
    form = VacationForm(request.POST)
    if action != "start" or not form.is_valid():
        messages.error(request, _("Choose a number of days."))
        return vacation_page(request, status=400)
    try:
        vacation_start(user=request.user, days=form.cleaned_data["days"], now=now)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return vacation_page(request, status=400)
    messages.success(request, _("Enjoy your vacation: your clocks are paused."))
    return redirect("accounts:vacation")
