"""`/stats/<system>/`: the community's army statistics (views_stats.py), beside the leagues
whose seasons filter them."""

from django.urls import path

from games.league import views_stats

app_name = "stats"
urlpatterns = [path("<str:system>/", views_stats.armies, name="armies")]
