from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "games.notifications"
    label = "notifications"

    def ready(self):
        from games.matches.hooks import on_chat_posted, on_invited, on_match_changed, on_match_seen
        from games.notifications import social
        from games.notifications.services import (
            notifications_match_seen,
            notify_chat_posted,
            notify_invited,
            notify_on_match_changed,
        )

        on_match_changed(notify_on_match_changed)
        on_match_seen(notifications_match_seen)
        on_invited(notify_invited)
        on_chat_posted(notify_chat_posted)
        social.register()  # follows and blocks meet the matches (games/notifications/social.py)
