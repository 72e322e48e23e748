from django.apps import AppConfig


class HexsiteConfig(AppConfig):
    name = "hexsite"

    def ready(self):
        from hexsite.translation_catalogs import merge_same_plural_catalogs

        merge_same_plural_catalogs()
