from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.notifications.selectors import notification_inbox, notification_unread_count
from games.notifications.services import notification_mark_read
from games.notifications.texts import notification_text


@login_required
def inbox(request):
    items = [
        (n, notification_text(n), reverse("matches:match", args=[n.match_id]) if n.match_id else "")
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
    raw = request.POST.get("id", "")
    notification_mark_read(user=request.user, notification_id=int(raw) if raw.isdigit() else None)
    if request.htmx:
        return inbox(request)
    return redirect("notifications:inbox")
