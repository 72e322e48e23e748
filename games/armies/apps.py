from django.apps import AppConfig


class ArmiesConfig(AppConfig):
    name = "games.armies"
    label = "armies"

    def ready(self) -> None:
        # A player taking a seat in a match of a system with army lists first picks a list: the
        # match's join pages send them to ours (games/matches/hooks.py).
        from games.armies.services import seat_choice_page
        from games.matches.hooks import on_seat_choice

        on_seat_choice(seat_choice_page)

        from games.armies import privacy

        privacy.register()  # a player's data and account deletion (games/accounts/privacy.py)
