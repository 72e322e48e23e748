from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "games.matches"
    label = "matches"

    def ready(self):
        from games.matches.hooks import on_match_changed
        from games.matches.tasks import bot_move_on_match_changed

        on_match_changed(bot_move_on_match_changed)
