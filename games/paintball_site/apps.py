from django.apps import AppConfig


class PaintballSiteConfig(AppConfig):
    name = "games.paintball_site"
    label = "paintball_site"

    def ready(self) -> None:
        # The platform finds a system's drawing through this registry (games/hexboard).
        from games.hexboard.registry import register_site
        from games.paintball_site.site import SITE

        register_site(SITE)
