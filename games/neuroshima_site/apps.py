from django.apps import AppConfig


class NeuroshimaSiteConfig(AppConfig):
    name = "games.neuroshima_site"
    label = "neuroshima_site"
