import json

from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from games.form_input import database_id
from games.notifications import push
from games.notifications.models import Notification
from games.notifications.selectors import notification_inbox, notification_unread_count
from games.notifications.services import notification_mark_read, send_unread_count
from games.notifications.texts import notification_link, notification_text


@login_required
def inbox(request):
    items = [
        (n, notification_text(n), notification_link(n))
        for n in notification_inbox(user=request.user)
    ]
    context = {"items": items, "unread": notification_unread_count(user=request.user)}
    template = "notifications/inbox.html"
    if request.htmx:
        template += "#inbox"
    return render(request, template, context)


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
