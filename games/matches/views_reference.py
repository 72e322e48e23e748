"""The match page's reference panel for every system whose site lists its pieces
(`BaseSite.reference`): what is on the table and what it does, fetched when the player opens
the panel. Built from the spectator's view, so it shows nothing a seat may not see."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.matches import history
from games.matches.presenters import public_match
from games.matches.systems import get_site
from games.matches.views import visible_match_or_404


@require_GET
def reference(request, match_id: int):
    """The panel's content (htmx), or a page of its own for a plain link."""
    match = visible_match_or_404(request, match_id)
    if not match.has_snapshot:
        raise Http404(_("No such match."))
    site = get_site(match.system)
    sections = [s for s in site.reference(history.match_view_now(match=match, seat=None)) if s]
    context = {
        "match": public_match(match),
        "site": site,
        "sections": sections,
        "page_url": reverse("matches:match", args=[match.pk]),
    }
    if request.htmx:
        return render(request, "matches/reference.html#panel", context)
    return render(request, "matches/reference.html", context)
