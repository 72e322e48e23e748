from django.urls import path

from games.accounts import views

app_name = "accounts"
urlpatterns = [
    path("settings/", views.settings_page, name="settings"),
    path("vacation/", views.vacation_page, name="vacation"),
    path("vacation/change/", views.vacation_action, name="vacation_action"),
    path("u/<str:username>/", views.public_profile, name="profile"),
]
