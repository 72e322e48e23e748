"""Army list pages: my lists, the builder (the system's rows, supplied by its site package),
live costs through an htmx partial, import, export, and choosing a list to take a seat. Thin:
parse, call one service or selector, render. Someone else's list is never found (404)."""

from __future__ import annotations

import contextlib
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.armies import selectors, services
from games.armies.builders import builder_for, builder_systems
from games.armies.services import ArmyRefused
from games.engine import registry
from games.matches.models import Match
from games.matches.systems import get_site
from games.refusals import attempt

BUILDER_TEMPLATE = "armies/builder.html"


def _builder_or_404(system: str):
    builder = builder_for(system)
    if builder is None:
        raise Http404(_("This game has no army builder."))
    return builder


def _priced(system: str, army: dict[str, Any]) -> dict[str, Any]:
    """What the builder page shows of a list: the engine's prices and their sentences."""
    builder = _builder_or_404(system)
    engine = registry.get_system(system)
    price = engine.price_army(army)
    return {
        "system": system,
        "system_name": get_site(system).name,
        "builder": builder,
        "army": army,
        "price": price,
        "rows": builder.rows(army, price),
        "summary": builder.summary(army, price),
        "problems": [builder.explain(p, army, price) for p in price.problems],
        "units_template": builder.template,
    }


@login_required
@require_GET
def index(request):
    lists = selectors.army_lists_for_user(user=request.user)
    return render(
        request,
        "armies/index.html",
        {
            "lists": [(a, get_site(a.system).name) for a in lists],
            "systems": [(key, get_site(key).name) for key in builder_systems()],
        },
    )


@login_required
@require_GET
def new(request, system: str):
    army = _builder_or_404(system).blank()
    return render(request, BUILDER_TEMPLATE, {**_priced(system, army), "list_id": ""})


@login_required
@require_GET
def edit(request, list_id: int):
    army = selectors.army_list_of(user=request.user, list_id=list_id)
    if army is None:
        raise Http404(_("There is no such list of yours."))
    return render(
        request,
        BUILDER_TEMPLATE,
        {**_priced(army.system, dict(army.data)), "list_id": army.pk, "saved": army},
    )


def _posted(request, system: str) -> dict[str, Any]:
    builder = _builder_or_404(system)
    return builder.from_post(request.POST, request.POST.get("name", ""))


@login_required
@require_POST
def price(request, system: str):
    """The live costs: the same engine pricing as the saved list's, as a partial."""
    army = _posted(request, system)
    return render(request, BUILDER_TEMPLATE + "#costs", {**_priced(system, army), "oob": True})


@login_required
@require_POST
def save(request, system: str):
    """Save, or add/remove a unit (which only redraws the form: nothing is stored)."""
    builder = _builder_or_404(system)
    army = _posted(request, system)
    action = request.POST.get("action", "save")
    list_id = request.POST.get("list_id", "")
    # The page is drawn again after an add or a remove: the keyboard goes on in the unit just
    # added, or the one now where a unit was removed, not back at the page's top.
    focus_unit = None
    if action == "add":
        before = list(army.get("units") or [])
        army = builder.with_new_unit(army)
        after = list(army.get("units") or [])
        # A unit was added: not refused at the limit, nor the list replaced by another army's
        # starter roster (a builder may answer "add" so, and that roster be one unit longer).
        if after[: len(before)] == before and len(after) == len(before) + 1:
            focus_unit = len(before)
    elif action.startswith("remove-"):
        with contextlib.suppress(ValueError):
            removed = int(action.removeprefix("remove-"))
            army = builder.without_unit(army, removed)
            left = len(army.get("units") or [])
            focus_unit = min(removed, left - 1) if left else None
    else:
        try:
            saved = services.army_list_save(
                owner=request.user,
                system=system,
                name=request.POST.get("name", ""),
                data=army,
                list_id=list_id or None,
            )
        except ArmyRefused as error:
            ctx = {**_priced(system, army), "list_id": list_id, "error": error.message}
            return render(request, BUILDER_TEMPLATE, ctx, status=400)
        if saved.valid:
            messages.success(request, _("List saved."))
        else:
            messages.warning(
                request, _("Saved as a draft: no match accepts it until the problems are fixed.")
            )
        return redirect("armies:edit", list_id=saved.pk)
    ctx = {**_priced(system, army), "list_id": list_id, "focus_unit": focus_unit}
    return render(request, BUILDER_TEMPLATE, ctx)


def _then(request, action, success: str, *, edit: bool = False):
    """Runs one service; back to my lists on a refusal (its sentence shown there), else to the
    list's page (`edit`) or my lists."""
    done = attempt(request, action, success=success)
    if done.ok and edit and done.result is not None:
        return redirect("armies:edit", list_id=done.result.pk)
    return redirect("armies:index")


@login_required
@require_POST
def duplicate(request, list_id: int):
    return _then(
        request,
        lambda: services.army_list_duplicate(owner=request.user, list_id=list_id),
        _("List copied."),
        edit=True,
    )


@login_required
@require_POST
def delete(request, list_id: int):
    return _then(
        request,
        lambda: services.army_list_delete(owner=request.user, list_id=list_id),
        _("List deleted."),
    )


@login_required
@require_GET
def export(request, list_id: int):
    try:
        data = services.army_list_export(owner=request.user, list_id=list_id)
    except ArmyRefused:
        raise Http404(_("There is no such list of yours.")) from None
    response = JsonResponse(data, json_dumps_params={"indent": 1, "ensure_ascii": False})
    filename = slugify(data.get("name") or "army") or "army"
    response["Content-Disposition"] = f'attachment; filename="{filename}.json"'
    return response


@login_required
@require_POST
def import_list(request):
    upload = request.FILES.get("file")
    if upload is not None and upload.size > services.MAX_BYTES:
        messages.error(request, _("This list is too large."))
        return redirect("armies:index")
    text = upload.read().decode("utf-8", "replace") if upload else request.POST.get("text", "")
    return _then(
        request,
        lambda: services.army_list_import(owner=request.user, text=text),
        _("List imported."),
        edit=True,
    )


@login_required
@require_http_methods(["GET", "POST"])
def join(request, match_id: int):
    """Choose a list, then take a seat in the match (lobby or invite link)."""
    token = request.POST.get("token") or request.GET.get("token") or ""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or not (match.is_public or token == match.invite_token):
        raise Http404(_("No such match."))
    engine = registry.get_system(match.system)
    limit = engine.points_limit(match.config) if engine.has_army_lists else None
    error, status = "", 200
    if request.method == "POST":
        try:
            services.army_match_join(
                match_id=match.pk,
                user=request.user,
                list_id=request.POST.get("army_list", ""),
                invite_token=token or None,
            )
        except ArmyRefused as refusal:
            error, status = refusal.message, 400
        else:
            messages.success(request, _("You joined the match."))
            return redirect("matches:match", match_id=match.pk)
    usable = selectors.usable_lists(user=request.user, system=match.system, points_limit=limit)
    return render(
        request,
        "armies/join.html",
        {
            "match_id": match.pk,
            "system_name": get_site(match.system).name,
            "limit": limit,
            "lists": usable,
            "token": token,
            "error": error,
            "has_builder": builder_for(match.system) is not None,
            "system": match.system,
        },
        status=status,
    )
