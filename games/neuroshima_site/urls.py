from django.urls import path

from games.neuroshima_site import sprite, views

app_name = "neuroshima_site"
urlpatterns = [
    path("tiles/", views.tile_gallery, name="tiles"),
    path("analysis/", views.analysis, name="analysis"),
    path("sprite/<str:digest>.svg", sprite.sprite_view, name="sprite"),
    path("m/<int:match_id>/battle/", views.battle, name="battle_latest"),
    path("m/<int:match_id>/battle/<int:number>/", views.battle, name="battle"),
    path("m/<int:match_id>/since/", views.since, name="since"),
    path("m/<int:match_id>/record.json", views.record_json, name="record"),
    path("m/<int:match_id>/replay/", views.replay, name="replay"),
]
