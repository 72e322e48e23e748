from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "games.notifications"
    label = "notifications"
