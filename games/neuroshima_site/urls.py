from django.urls import path

from games.neuroshima_site import views

app_name = "neuroshima_site"
urlpatterns = [
    path("tiles/", views.tile_gallery, name="tiles"),
    path("analysis/", views.analysis, name="analysis"),
    path("rules/", views.rules, name="rules"),
    path("reference/", views.reference, name="reference"),
]
