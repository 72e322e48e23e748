from django.urls import path

from games.matches import (
    views,
    views_actions,
    views_history,
    views_lobby,
    views_notes,
    views_reference,
)

app_name = "matches"
urlpatterns = [
    path("", views_lobby.home, name="home"),
    path("new/", views_lobby.create, name="create"),
    path("games/", views_lobby.my_games, name="my_games"),
    path("games/finished/", views_lobby.my_finished, name="my_finished"),
    path("rules/", views_lobby.rules_index, name="rules"),
    path("games/next/", views_lobby.next_game, name="next_game"),
    path("m/<int:match_id>/", views.match_page, name="match"),
    path("m/<int:match_id>/seat/<int:seat>/", views.match_page, name="match_seat"),
    path("m/<int:match_id>/live", views.match_live, name="live"),
    path("m/<int:match_id>/move", views_actions.move, name="move"),
    path("m/<int:match_id>/takeback", views_actions.take_back, name="takeback"),
    path("m/<int:match_id>/resign", views_actions.resign, name="resign"),
    path("m/<int:match_id>/draw/<str:action>", views_actions.draw, name="draw"),
    path("m/<int:match_id>/chat", views_actions.chat, name="chat"),
    path("m/<int:match_id>/rematch", views_actions.rematch, name="rematch"),
    path("m/<int:match_id>/call-off", views_actions.call_off, name="call_off"),
    path("m/<int:match_id>/leave", views_actions.leave, name="leave"),
    path("m/<int:match_id>/join", views_lobby.join, name="join"),
    path("m/<int:match_id>/challenge/<str:action>", views_actions.challenge, name="challenge"),
    path("m/<int:match_id>/join/<str:token>", views_lobby.invite, name="invite"),
    path("m/<int:match_id>/since/", views_history.since, name="since"),
    path("m/<int:match_id>/replay/", views_history.replay, name="replay"),
    path("m/<int:match_id>/record.json", views_history.record, name="record"),
    path("m/<int:match_id>/steps/", views_history.steps, name="steps_latest"),
    path("m/<int:match_id>/steps/<int:number>/", views_history.steps, name="steps"),
    path("m/<int:match_id>/reference/", views_reference.reference, name="reference"),
    path("m/<int:match_id>/notes/", views_notes.notes, name="notes"),
]
