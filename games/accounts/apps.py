from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "games.accounts"
    label = "accounts"

    def ready(self):
        from games.accounts import signals  # noqa: F401
