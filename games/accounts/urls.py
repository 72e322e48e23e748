from django.urls import path

from games.accounts import views, views_privacy, views_social

app_name = "accounts"
urlpatterns = [
    path("settings/", views.settings_page, name="settings"),
    path("settings/avatar/", views.avatar_change, name="avatar_change"),
    path("settings/tips/", views.game_tips, name="game_tips"),
    path("settings/my-data.json", views_privacy.data_download, name="data_download"),
    path("settings/delete/", views_privacy.account_delete, name="delete"),
    path("account-deleted/", views_privacy.account_deleted, name="deleted"),
    path("u/<str:username>/", views.public_profile, name="profile"),
    path("u/<str:username>/avatar/<str:digest>.webp", views.avatar_image, name="avatar"),
    path("u/<str:username>/follow", views_social.act, {"action": "follow"}, name="follow"),
    path("u/<str:username>/unfollow", views_social.act, {"action": "unfollow"}, name="unfollow"),
    path("u/<str:username>/block", views_social.act, {"action": "block"}, name="block"),
    path("u/<str:username>/unblock", views_social.act, {"action": "unblock"}, name="unblock"),
    path("u/<str:username>/report", views_social.act, {"action": "report"}, name="report"),
    path("players/", views_social.players, name="players"),
    path("players/following/", views_social.following, name="following"),
    path("language/", views.language, name="language"),
    path("theme/", views.theme, name="theme"),
]
