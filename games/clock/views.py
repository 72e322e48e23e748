"""The vacation page: parse, call one service, redirect with a message (a refusal: the page
again with the reason and status 400, nothing changed)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.accounts.selectors import profile_for, vacation_days_left, vacation_status
from games.clock.forms import VacationForm
from games.clock.vacation import vacation_start, vacation_stop
from games.refusals import attempt


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
    return render(request, "clock/vacation.html", context, status=status)


@login_required
@require_POST
def vacation_action(request):
    now = timezone.now()
    action = request.POST.get("action")
    if action == "stop":
        attempt(
            request,
            lambda: vacation_stop(user=request.user, now=now),
            success=_("Welcome back: your clocks run again."),
        )
        return redirect("clock:vacation")
    form = VacationForm(request.POST)
    if action != "start" or not form.is_valid():
        messages.error(request, _("Choose a number of days."))
        return vacation_page(request, status=400)
    started = attempt(
        request,
        lambda: vacation_start(user=request.user, days=form.cleaned_data["days"], now=now),
        success=_("Enjoy your vacation: your clocks are paused."),
    )
    if not started.ok:
        return vacation_page(request, status=400)
    return redirect("clock:vacation")
