from django.urls import path

from games.league import views, views_announcements, views_organiser

app_name = "league"
urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.league_new, name="league_new"),
    path("<int:league_id>/", views.league_detail, name="league"),
    path("<int:league_id>/edit/", views_organiser.league_edit, name="league_edit"),
    path("<int:league_id>/open-season/", views.season_open, name="season_open"),
    path("<int:league_id>/invitation/", views.invitation, name="invitation"),
    path("<int:league_id>/invitations/", views.invitations_manage, name="invitations"),
    path("join/<str:token>/", views.join_by_link, name="join"),
    path("seasons/<int:season_id>/", views.season_detail, name="season"),
    path("seasons/<int:season_id>/signup/", views.season_signup, name="season_signup"),
    path("seasons/<int:season_id>/deadlines.ics", views.season_ics, name="season_ics"),
    path("seasons/<int:season_id>/export.json", views.season_json, name="season_json"),
    path("divisions/<int:division_id>/export.trf", views.division_trf, name="division_trf"),
    path(
        "seasons/<int:season_id>/announce/",
        views_announcements.season_announce,
        name="season_announce",
    ),
    path(
        "seasons/<int:season_id>/announcements/<int:announcement_id>/remove/",
        views_announcements.season_announcement_remove,
        name="season_announcement_remove",
    ),
    path("seasons/<int:season_id>/manage/", views_organiser.manage, name="manage"),
    path(
        "seasons/<int:season_id>/manage/<slug:action>/",
        views_organiser.manage_action,
        name="manage_action",
    ),
    path("divisions/<int:division_id>/", views.division_detail, name="division"),
    path(
        "divisions/<int:division_id>/points/",
        views_organiser.division_points,
        name="division_points",
    ),
    path(
        "divisions/<int:division_id>/points/<int:adjustment_id>/withdraw/",
        views_organiser.division_points_withdraw,
        name="division_points_withdraw",
    ),
    path("divisions/<int:division_id>/standings.csv", views.division_csv, name="division_csv"),
    path("rounds/<int:round_id>/", views.round_detail, name="round"),
    path("players/<str:username>/", views.player, name="player"),
]
