from django.urls import path

from games.matches import views

app_name = "matches"
urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.create, name="create"),
    path("games/", views.my_games, name="my_games"),
    path("m/<int:match_id>/", views.match_page, name="match"),
    path("m/<int:match_id>/live", views.match_live, name="live"),
    path("m/<int:match_id>/move", views.move, name="move"),
    path("m/<int:match_id>/takeback", views.take_back, name="takeback"),
    path("m/<int:match_id>/resign", views.resign, name="resign"),
    path("m/<int:match_id>/draw/<str:action>", views.draw, name="draw"),
    path("m/<int:match_id>/chat", views.chat, name="chat"),
    path("m/<int:match_id>/join", views.join, name="join"),
    path("m/<int:match_id>/join/<str:token>", views.invite, name="invite"),
]
