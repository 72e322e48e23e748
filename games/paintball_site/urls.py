from django.urls import path

from games.paintball_site import views

app_name = "paintball_site"
urlpatterns = [
    path("rules/", views.rules, name="rules"),
    path("m/<int:match_id>/setup/", views.setup, name="setup"),
    path("m/<int:match_id>/deploy/", views.deploy, name="deploy"),
]
