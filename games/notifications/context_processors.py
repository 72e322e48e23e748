"""The unread notifications' count in every page's header (a badge, kept live by the websocket)."""

from __future__ import annotations

from django.utils.functional import SimpleLazyObject

from games.notifications.selectors import notification_unread_count


def unread_count(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"unread_notifications": 0}
    # Lazy: htmx partials never show it, so they never pay for the query.
    return {"unread_notifications": SimpleLazyObject(lambda: notification_unread_count(user=user))}
