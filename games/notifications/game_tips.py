"""The players' « Conseils de jeu » meet the match page: their setting and their count of
finished matches per game are their profile's (accounts), the tips box is the match page's
(matches, drawing a system's coach). Registered from NotificationsConfig.ready, as matches
imports no accounts and accounts no matches (tests/hexsite/test_arrows.py)."""

from __future__ import annotations

from games.accounts.selectors import player_wants_tips
from games.accounts.services import profiles_count_finished_match
from games.matches.hooks import GameTips, on_game_tips, on_match_finished
from games.matches.models import Match
from hexsite.reverse_memo import reverse


def tips_of_player(user, system: str) -> GameTips:
    """The player's setting, read from the profile the page's seats brought along (no query);
    the box's « Masquer les conseils » posts to their settings."""
    return GameTips(
        shown=player_wants_tips(user=user, system=system), hide_url=reverse("accounts:game_tips")
    )


def count_finished_match(match: Match) -> None:
    """Once, when a match ends, in its transaction: one more finished match of its game for
    each of its players (their first ones get the "automatic" tips)."""
    players = set(match.seats.exclude(user=None).values_list("user_id", flat=True))
    profiles_count_finished_match(user_ids=players, system=match.system)


def register() -> None:
    on_game_tips(tips_of_player)
    on_match_finished(count_finished_match)
