from django.apps import AppConfig


class LeagueConfig(AppConfig):
    name = "games.league"
    label = "league"

    def ready(self) -> None:
        from games.accounts.sections import on_profile_section
        from games.league.presenters import (
            league_match_contexts,
            league_profile_section,
            rating_seat_notes,
            rating_seat_query,
        )
        from games.league.results_section import match_results_section
        from games.league.services import league_match_finished
        from games.league.services.playoffs import playoff_match_finished
        from games.league.services.results import rating_match_finished
        from games.matches.hooks import (
            on_match_context,
            on_match_finished,
            on_seat_notes,
            on_seat_query,
        )

        on_match_finished(league_match_finished)
        on_match_finished(rating_match_finished)
        on_match_finished(playoff_match_finished)

        from games.league.notices import competition_sentence
        from games.notifications.texts import on_competition_text

        on_competition_text(competition_sentence)

        from games.league.selectors import season_followable
        from games.notifications.pages import on_followable_page

        on_followable_page("league-season", season_followable)
        on_profile_section(match_results_section)
        on_profile_section(league_profile_section)
        on_match_context(league_match_contexts)
        on_seat_notes(rating_seat_notes)
        on_seat_query(rating_seat_query)

        from games.league import privacy

        privacy.register()  # a player's data and account deletion (games/accounts/privacy.py)
