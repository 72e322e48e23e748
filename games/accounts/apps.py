from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "games.accounts"
    label = "accounts"
