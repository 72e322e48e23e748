from django.apps import AppConfig


class ReportsConfig(AppConfig):
    name = "games.reports"
    label = "reports"

    def ready(self) -> None:
        from games.reports import privacy

        privacy.register()  # a player's data and account deletion (games/accounts/privacy.py)
