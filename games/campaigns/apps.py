from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "games.campaigns"
    label = "campaigns"
