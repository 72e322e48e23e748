from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "games.league"
    label = "league"
