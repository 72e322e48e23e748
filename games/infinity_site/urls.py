from django.urls import path

from games.infinity_site import views

app_name = "infinity_site"
urlpatterns = [
    path("rules/", views.rules, name="rules"),
    path("m/<int:match_id>/reactions/", views.reactions, name="reactions"),
    path("m/<int:match_id>/ambush/", views.ambush, name="ambush"),
]
