from django.apps import AppConfig
from django.db.models.signals import post_migrate


class AccountsConfig(AppConfig):
    name = "games.accounts"
    label = "accounts"

    def ready(self):
        from games.accounts import signals  # noqa: F401
        from games.accounts.retired_names import username_refuses_retired_names

        username_refuses_retired_names()

        post_migrate.connect(site_identity_from_settings, sender=self)


def site_identity_from_settings(using="default", **kwargs) -> None:
    """The sites framework's one row says SITE_NAME and SITE_URL's host, so allauth's emails
    ("Hello from hexsite!", "[hexsite] ...") never name the address a request came from."""
    from urllib.parse import urlsplit

    from django.conf import settings
    from django.contrib.sites.models import Site

    domain = urlsplit(settings.SITE_URL).netloc or settings.SITE_NAME
    Site.objects.using(using).update_or_create(
        pk=settings.SITE_ID, defaults={"domain": domain, "name": settings.SITE_NAME}
    )
