from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "games.matches"
    label = "matches"

    def ready(self):
        from games.accounts.sections import on_following_section
        from games.matches.following import followed_matches_section
        from games.matches.hooks import on_match_changed
        from games.matches.tasks import bot_move_on_match_changed

        on_match_changed(bot_move_on_match_changed)
        on_following_section(followed_matches_section)
