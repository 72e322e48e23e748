"""Writing a report (a player of the match) and serving its image (whoever may see the
competition). Thin: the services decide."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from games.matches.models import Match
from games.matches.presenters import public_match
from games.refusals import Forbidden, Refused
from games.reports import selectors, services
from games.reports.models import BattleReport
from games.reports.summary import match_summary, moves_line


def _back(match: Match) -> str:
    """The competition page the report is shown on."""
    kind, _sep, ident = (match.competition or "").partition(":")
    if kind == "campaign":
        from games.campaigns.models import Battle

        battle = (
            Battle.objects.filter(match=match).first()
            or Battle.objects.filter(campaign_id=int(ident)).first()
        )
        if battle is not None:
            return reverse("campaigns:battle", args=[battle.campaign_id, battle.pk])
        return reverse("campaigns:detail", args=[int(ident)])
    if kind == "league":
        return reverse("league:season", args=[int(ident)])
    return reverse("matches:match", args=[match.pk])


@login_required
def write(request, match_id: int):
    match = get_object_or_404(Match, pk=match_id)
    if not selectors.competition_visible(match=match, user=request.user):
        raise Http404
    mine = BattleReport.objects.filter(match=match, author=request.user).first()
    status = 200
    if request.method == "POST":
        upload = request.FILES.get("image")
        if upload is not None and upload.size > services.MAX_IMAGE_BYTES:
            data = b"x" * (services.MAX_IMAGE_BYTES + 1)  # refused by size, unread
        else:
            data = upload.read() if upload is not None else None
        try:
            services.report_save(
                match_id=match.pk,
                user=request.user,
                text=request.POST.get("text", ""),
                image=data,
                remove_image=request.POST.get("remove_image") == "on",
            )
        except Forbidden:
            raise  # not a player of this match: the 403 page with its reason
        except Refused as error:
            messages.error(request, error.message)
            status = 400
        else:
            messages.success(request, _("Your report is published."))
            return redirect(_back(match))
    elif not services.report_may_write(match=match, user=request.user):
        raise Http404
    summary = match_summary(match=match)
    return render(
        request,
        "reports/write.html",
        {
            "match": public_match(match),  # what a page may show of it
            "mine": mine,
            "summary": summary,
            "moves": moves_line(summary),
            "back": _back(match),
            "text": request.POST.get("text", mine.text if mine else ""),
        },
        status=status,
    )


def image(request, report_id: int):
    report = get_object_or_404(
        BattleReport.objects.select_related("match"), pk=report_id, image__isnull=False
    )
    if not selectors.competition_visible(match=report.match, user=request.user):
        raise Http404
    response = HttpResponse(bytes(report.image), content_type=report.image_type)
    response["Cache-Control"] = "private, max-age=3600"
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'"
    return response
