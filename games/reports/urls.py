from django.urls import path

from games.reports import views

app_name = "reports"
urlpatterns = [
    path("m/<int:match_id>/", views.write, name="write"),
    path("<int:report_id>/image", views.image, name="image"),
]
