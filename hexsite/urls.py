from django.contrib import admin
from django.urls import include, path

from games.accounts import views_legal
from games.hexboard.discovery import site_urlconfs
from games.notifications import pwa
from games.notifications.views import service_worker

urlpatterns = [
    path("", include("hexsite.health")),  # /health/
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("me/", include("games.accounts.urls")),
    path("privacy/", views_legal.privacy, name="privacy"),
    path("legal/", views_legal.legal_notice, name="legal"),
    path("me/", include("games.clock.urls")),
    path("notifications/", include("games.notifications.urls")),
    path("sw.js", service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("offline/<str:language>/", pwa.offline, name="offline"),
    path("campaigns/", include("games.campaigns.urls")),
    path("leagues/", include("games.league.urls")),
    path("stats/", include("games.league.stats_urls")),
    path("board/", include("games.hexboard.urls")),
    path("armies/", include("games.armies.urls")),
    path("reports/", include("games.reports.urls")),
    *(path(f"{prefix}/", include(urlconf)) for prefix, urlconf in site_urlconfs()),
    path("", include("games.matches.urls")),
]

# The error pages speak the reader's language and show the menu (games/safety).
handler400 = "games.safety.views.bad_request"
