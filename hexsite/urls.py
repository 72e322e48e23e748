from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("me/", include("games.accounts.urls")),
    path("notifications/", include("games.notifications.urls")),
    path("campaigns/", include("games.campaigns.urls")),
    path("leagues/", include("games.league.urls")),
    path("neuroshima/", include("games.neuroshima_site.urls")),
    path("", include("games.matches.urls")),
]
