import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.form_input import database_id
from games.matches import selectors as matches
from games.matches import services as match_services
from games.matches.hooks import seat_choice_page
from games.notifications import push
from games.notifications.models import Notification
from games.notifications.selectors import notification_inbox, notification_unread_count
from games.notifications.services import notification_mark_read, send_unread_count
from games.notifications.texts import notification_link, notification_text
from games.refusals import attempt


@login_required
def inbox(request, *, answered: dict | None = None, status: int = 200):
    """The inbox; `answered`: what answering a challenge from it gave (its sentence, whether it
    was refused, the match's page), shown on top."""
    notes = notification_inbox(user=request.user)
    # A challenge's entry carries Accept / Decline while the seat still waits for its answer.
    waiting: set[int] = set()
    if any(n.kind == Notification.Kind.MATCH_CHALLENGE for n in notes):
        waiting = {m.pk for m in matches.match_challenges_received(user=request.user)}
    items = [
        (
            n,
            notification_text(n),
            notification_link(n),
            n.kind == Notification.Kind.MATCH_CHALLENGE and n.match_id in waiting,
        )
        for n in notes
    ]
    context = {
        "items": items,
        "unread": notification_unread_count(user=request.user),
        "answered": answered,
    }
    template = "notifications/inbox.html"
    if request.htmx:
        template += "#inbox"
    return render(request, template, context, status=status)


@login_required
@require_POST
def answer_challenge(request, notification_id: int, action: str):
    """Accept or decline, from its inbox entry, the challenge the entry tells of (the match's
    own challenge services, with their refusals: 403 for somebody it is not for, 409 once
    answered or withdrawn). The entry is read once answered. htmx gets the inbox, its entry
    without the buttons and the outcome on top; a plain POST goes to the match (accepted) or
    back to the inbox (declined). An entry that is not the reader's is not found (404)."""
    note = get_object_or_404(
        Notification,
        pk=notification_id,
        user=request.user,
        kind=Notification.Kind.MATCH_CHALLENGE,
        match_id__isnull=False,
    )
    match_id = note.match_id
    if action == "accept":
        service, success = match_services.challenge_accept, _("Challenge accepted.")
        match = matches.match_visible_to(match_id=match_id, user=request.user)
        if match is None:
            raise Http404(_("No such match."))
        choice = seat_choice_page(match, "" if match.is_public else match.invite_token)
        if choice and matches.match_waits_for(match_id=match_id, user=request.user):
            # What the game asks for first (an army list): its page takes the seat.
            return HttpResponseClientRedirect(choice) if request.htmx else redirect(choice)
    elif action == "decline":
        service, success = match_services.challenge_decline, _("Challenge declined.")
    else:
        raise Http404(_("No such action."))
    done = attempt(request, lambda: service(match_id=match_id, user=request.user), message=False)
    link = reverse("matches:match", args=[match_id])
    if not done.ok:
        stale = isinstance(done.refusal, match_services.StaleVersion)
        refused = {"text": done.error, "refused": True, "link": link}
        return inbox(request, answered=refused, status=409 if stale else 400)
    notification_mark_read(user=request.user, notification_id=note.pk)
    send_unread_count(user_id=request.user.pk)
    if not request.htmx:
        messages.success(request, success)
        return redirect(link if action == "accept" else reverse("notifications:inbox"))
    return inbox(request, answered={"text": success, "refused": False, "link": link})


@login_required
@require_POST
def mark_read(request):
    """Marks one notification read (`id`), or all of them (no `id`). An id that is not one of
    the reader's notifications is refused (404), like any junk."""
    raw = request.POST.get("id", "")
    notification_id = None
    if raw:
        notification_id = database_id(raw)
        if not Notification.objects.filter(pk=notification_id, user=request.user).exists():
            raise Http404
    notification_mark_read(user=request.user, notification_id=notification_id)
    send_unread_count(user_id=request.user.pk)
    if request.htmx:
        return inbox(request)
    return redirect("notifications:inbox")


# --- browser push ------------------------------------------------------------------------------


@require_GET
def service_worker(request):
    """The service worker, served from the site's root so it may show every page's pushes."""
    path = finders.find("notifications/sw.js")
    with open(path, encoding="utf-8") as source:
        response = HttpResponse(source.read(), content_type="application/javascript")
    response["Cache-Control"] = "no-cache"
    return response


@login_required
@require_GET
def push_key(request):
    return JsonResponse({"key": push.public_key()})


@login_required
@require_POST
def push_subscribe(request):
    """A browser's PushSubscription (its JSON), or `{"endpoint": ..., "unsubscribe": true}`."""
    try:
        data = json.loads(request.body or b"{}")
        endpoint = str(data.get("endpoint", ""))
        if data.get("unsubscribe"):
            push.push_unsubscribe(user=request.user, endpoint=endpoint)
            return JsonResponse({"ok": True})
        keys = data.get("keys") or {}
        push.push_subscribe(
            user=request.user,
            endpoint=endpoint,
            p256dh=str(keys.get("p256dh", "")),
            auth=str(keys.get("auth", "")),
        )
    except (ValueError, TypeError, AttributeError):
        return HttpResponseBadRequest("not a push subscription")
    return JsonResponse({"ok": True})
