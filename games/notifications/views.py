from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.notifications.models import Notification
from games.notifications.selectors import notification_inbox, notification_unread_count
from games.notifications.services import notification_mark_read
from games.notifications.texts import notification_text


def _link(notification: Notification) -> str:
    """Where a notification leads: its match, or the page it names (an invitation)."""
    if notification.match_id:
        return reverse("matches:match", args=[notification.match_id])
    return notification.params.get("url", "")


@login_required
def inbox(request):
    items = [(n, notification_text(n), _link(n)) for n in notification_inbox(user=request.user)]
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
        notification_id = int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= 18 else 0
        if not Notification.objects.filter(pk=notification_id, user=request.user).exists():
            raise Http404
    notification_mark_read(user=request.user, notification_id=notification_id)
    if request.htmx:
        return inbox(request)
    return redirect("notifications:inbox")
