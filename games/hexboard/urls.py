from django.urls import path

from games.hexboard import sprite

app_name = "hexboard"
urlpatterns = [
    path("sprite/<slug:key>/<str:digest_>.svg", sprite.sprite_view, name="sprite"),
]
