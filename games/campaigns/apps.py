from django.apps import AppConfig


class CampaignsConfig(AppConfig):
    name = "games.campaigns"
    label = "campaigns"

    def ready(self) -> None:
        # Competitions point at matches: the match service calls us when a match ends.
        from games.campaigns.presenters import campaign_match_contexts
        from games.campaigns.services import campaign_resolve_battle
        from games.matches.hooks import on_match_context, on_match_finished

        on_match_finished(campaign_resolve_battle)

        from games.campaigns.notices import competition_sentence
        from games.notifications.texts import on_competition_text

        on_competition_text(competition_sentence)

        from games.campaigns.selectors import campaign_followable
        from games.notifications.pages import on_followable_page

        on_followable_page("campaign", campaign_followable)
        on_match_context(campaign_match_contexts)

        from games.campaigns import privacy

        privacy.register()  # a player's data and account deletion (games/accounts/privacy.py)
