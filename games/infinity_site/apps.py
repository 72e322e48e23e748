from django.apps import AppConfig


class InfinitySiteConfig(AppConfig):
    name = "games.infinity_site"
    label = "infinity_site"

    def ready(self) -> None:
        # The platform finds a system's drawing and its army builder through these registries
        # (games/hexboard, games/armies).
        from games.armies.builders import register_builder
        from games.hexboard.registry import register_site
        from games.infinity_site.army_builder import BUILDER
        from games.infinity_site.site import SITE

        register_builder(BUILDER)
        register_site(SITE)
