from django.apps import AppConfig


class ReportsConfig(AppConfig):
    name = "games.reports"
    label = "reports"
