from django.urls import path

from games.skirmish_site import views

app_name = "skirmish_site"
urlpatterns = [
    path("rules/", views.rules, name="rules"),
    path("m/<int:match_id>/orders/", views.orders, name="orders"),
    path("m/<int:match_id>/armies/", views.armies, name="armies"),
]
