from django.urls import path

from games.clock import views

app_name = "clock"
urlpatterns = [
    path("vacation/", views.vacation_page, name="vacation"),
    path("vacation/change/", views.vacation_action, name="vacation_action"),
]
