"""Settings' « Vos données »: the download of a player's data and the deletion of their account
(games/accounts/erasure.py says what each holds and does)."""

from __future__ import annotations

import json

from allauth.core import ratelimit
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.cache import add_never_cache_headers
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from games.accounts.erasure import account_data, account_erase
from games.accounts.forms import AccountDeleteForm
from games.refusals import Refused


@login_required
@require_safe
def data_download(request):
    """The signed-in player's data as a JSON file, never kept by a browser or a proxy."""
    data = account_data(user=request.user)
    body = json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    day = timezone.now().date().isoformat()
    name = f"hexsite-{request.user.get_username()}-{day}.json"
    response["Content-Disposition"] = content_disposition_header(True, name)
    response["X-Content-Type-Options"] = "nosniff"
    add_never_cache_headers(response)  # no-cache, no-store, must-revalidate, private
    return response


@login_required
@require_http_methods(["GET", "POST"])
def account_delete(request):
    """What deleting does, then the password and the name; refused: this page again with the
    reason (400; 429 past ten attempts a minute), nothing changed. Done: signed out, to the page
    that says so."""
    form = AccountDeleteForm(request.POST or None)
    # A password typed on a signed-in page is guessed no faster than at the sign-in: allauth's
    # "reauthenticate" limit (10 a minute per player), counted in the shared cache table.
    status = 200
    if request.method == "POST" and not ratelimit.consume(
        request, action="reauthenticate", user=request.user
    ):
        form.is_valid()  # (read, never acted on)
        form.add_error(None, _("Too many attempts: wait a minute, then try again."))
        status = 429
    elif request.method == "POST" and form.is_valid():
        try:
            account_erase(
                user=request.user,
                password=form.cleaned_data["password"],
                username=form.cleaned_data["username"],
            )
        except Refused as refusal:
            form.add_error(None, refusal.message)
        else:
            logout(request)
            return redirect("accounts:deleted")
    if form.errors and status == 200:
        status = 400
    response = render(request, "accounts/delete.html", {"form": form}, status=status)
    add_never_cache_headers(response)
    return response


@require_safe
def account_deleted(request):
    """The same for everybody: there is nobody signed in to tell any more."""
    return render(request, "accounts/deleted.html")
