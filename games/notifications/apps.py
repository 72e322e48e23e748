from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "games.notifications"
    label = "notifications"

    def ready(self):
        from games.matches.hooks import on_match_changed
        from games.notifications.services import notify_on_match_changed

        on_match_changed(notify_on_match_changed)
