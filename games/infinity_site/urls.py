from django.urls import path

from games.infinity_site import views

app_name = "infinity_site"
urlpatterns = [
    path("rules/", views.rules, name="rules"),
]
