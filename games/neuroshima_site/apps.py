from django.apps import AppConfig


class NeuroshimaSiteConfig(AppConfig):
    name = "games.neuroshima_site"
    label = "neuroshima_site"

    def ready(self) -> None:
        # The platform finds a system's drawing through this registry (games/hexboard).
        from games.hexboard.registry import register_site
        from games.neuroshima_site.site import SITE

        register_site(SITE)
