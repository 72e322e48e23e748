from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games.notifications.models import Notification
from games.notifications.selectors import inbox_for, match_path, unread_count
from games.notifications.services import notification_mark_read
from games.notifications.texts import notification_text


@login_required
def inbox(request):
    items = [
        (n, notification_text(n), match_path(n.match_id) if n.match_id else n.params.get("url", ""))
        for n in inbox_for(user=request.user)
    ]
    context = {"items": items, "unread": unread_count(user=request.user)}
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
