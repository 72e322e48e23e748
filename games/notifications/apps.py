from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "games.notifications"
    label = "notifications"

    def ready(self):
        # The profile's "Challenge <name>" link (games/matches/profile.py) is registered here:
        # matches imports neither accounts nor any app that subscribes to it, accounts imports
        # no other app (tests/hexsite/test_arrows.py); notifications uses both already.
        from games.accounts.hooks import on_notices_silenced
        from games.accounts.sections import on_profile_section
        from games.matches.hooks import (
            on_chat_posted,
            on_invitation_ended,
            on_invited,
            on_match_changed,
            on_match_seen,
            on_seat_left,
        )
        from games.matches.profile import challenge_section
        from games.notifications import game_tips, privacy, social
        from games.notifications.between_players import (
            notify_chat_posted,
            notify_invitation_ended,
            notify_invited,
            notify_seat_left,
        )
        from games.notifications.services import forget_silenced_notices, notifications_match_seen
        from games.notifications.turns import notify_on_match_changed

        on_match_changed(notify_on_match_changed)
        on_notices_silenced(forget_silenced_notices)
        on_match_seen(notifications_match_seen)
        on_invited(notify_invited)
        on_invitation_ended(notify_invitation_ended)
        on_chat_posted(notify_chat_posted)
        on_seat_left(notify_seat_left)
        on_profile_section(challenge_section)
        social.register()  # follows and blocks meet the matches (games/notifications/social.py)
        privacy.register()  # a player's data and account deletion (games/notifications/privacy.py)
        game_tips.register()  # the players' tips setting meets the match page (game_tips.py)
