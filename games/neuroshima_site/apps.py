from django.apps import AppConfig


class NeuroshimaSiteConfig(AppConfig):
    name = "games.neuroshima_site"
    label = "neuroshima_site"

    def ready(self) -> None:
        # The platform finds a system's pages through this registry (games/matches/systems.py).
        from games.matches.systems import register_site
        from games.neuroshima_site.site import SITE

        register_site(SITE)
