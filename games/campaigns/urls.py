from django.urls import path

from games.campaigns import views, views_announcements, views_battle, views_organiser

app_name = "campaigns"
urlpatterns = [
    path("", views.campaign_list, name="list"),
    path("invite/<str:token>/", views.campaign_invite, name="invite"),
    path("<int:campaign_id>/", views.campaign_detail, name="detail"),
    path("<int:campaign_id>/join/", views.campaign_join, name="join"),
    path("<int:campaign_id>/invitation/", views.campaign_invitation, name="invitation"),
    path("<int:campaign_id>/challenge/", views.campaign_challenge, name="challenge"),
    path("<int:campaign_id>/organiser/", views_organiser.organiser_tools, name="organiser"),
    path("<int:campaign_id>/announce/", views_announcements.campaign_announce, name="announce"),
    path(
        "<int:campaign_id>/announcements/<int:announcement_id>/remove/",
        views_announcements.campaign_announcement_remove,
        name="announcement_remove",
    ),
    path("<int:campaign_id>/players/<int:player_id>/", views.player_detail, name="player"),
    path("<int:campaign_id>/battles/<int:battle_id>/", views_battle.battle_detail, name="battle"),
    path(
        "<int:campaign_id>/battles/<int:battle_id>/respond/",
        views.battle_respond,
        name="respond",
    ),
    path(
        "<int:campaign_id>/battles/<int:battle_id>/declare/",
        views_battle.battle_declare,
        name="declare",
    ),
    path(
        "<int:campaign_id>/battles/<int:battle_id>/choose/",
        views_battle.battle_choose,
        name="choose",
    ),
    path(
        "<int:campaign_id>/battles/<int:battle_id>.json",
        views_battle.battle_json,
        name="battle_json",
    ),
]
