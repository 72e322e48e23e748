from django.urls import path

from games.notifications import views

app_name = "notifications"
urlpatterns = [
    path("", views.inbox, name="inbox"),
    path("read/", views.mark_read, name="mark_read"),
    path(
        "<int:notification_id>/challenge/<str:action>",
        views.answer_challenge,
        name="answer_challenge",
    ),
    path("push/key", views.push_key, name="push_key"),
    path("push/subscribe", views.push_subscribe, name="push_subscribe"),
]
