from django.urls import path

from games.hexpanse_site import views

app_name = "hexpanse_site"
urlpatterns = [path("rules/", views.rules, name="rules")]
