from django.apps import AppConfig


class AnnouncementsConfig(AppConfig):
    name = "games.announcements"
    label = "announcements"

    def ready(self) -> None:
        from games.announcements import privacy
        from games.announcements.notices import competition_sentence
        from games.notifications.texts import on_competition_text

        on_competition_text(competition_sentence)
        privacy.register()  # a player's data download (games/accounts/privacy.py)
