from django.apps import AppConfig


class HexpanseSiteConfig(AppConfig):
    name = "games.hexpanse_site"
    label = "hexpanse_site"

    def ready(self) -> None:
        # The platform finds a system's drawing through this registry (games/hexboard).
        from games.hexboard.registry import register_site
        from games.hexpanse_site.site import SITE

        register_site(SITE)
