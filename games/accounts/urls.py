from django.urls import path

from games.accounts import views

app_name = "accounts"
urlpatterns = [
    path("settings/", views.settings_page, name="settings"),
    path("u/<str:username>/", views.public_profile, name="profile"),
    path("language/", views.language, name="language"),
]
