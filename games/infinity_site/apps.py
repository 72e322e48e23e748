from django.apps import AppConfig


class InfinitySiteConfig(AppConfig):
    name = "games.infinity_site"
    label = "infinity_site"

    def ready(self) -> None:
        # The platform finds a system's drawing through this registry (games/hexboard).
        from games.hexboard.registry import register_site
        from games.infinity_site.site import SITE

        register_site(SITE)
