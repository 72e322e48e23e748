"""League writes, split by topic; every name is importable from here as before.

setup: leagues, seasons, sign-up, season start · league_settings: editing a league afterwards ·
rounds: pairing, publishing, deadlines · results: the "match finished" hook, standings counters,
ratings · organiser: corrections · fees: who paid the entry fee · announcements: the organisers' word to every player · adjustments: bonus and penalty points · season_end: final tables, promotion and relegation."""

from games.league.services.adjustments import points_adjust, points_adjustment_withdraw
from games.league.services.announcements import (
    season_announce,
    season_announcement_remove,
    season_competition,
)
from games.league.services.armies import league_uses_lists, registration_set_army
from games.league.services.fees import registration_fee_paid
from games.league.services.invitations import (
    league_invitation_answer,
    league_invite,
    league_join_by_link,
    league_new_invite_link,
    league_revoke_invitation,
)
from games.league.services.league_settings import (
    LEAGUE_EDITABLE,
    league_locked_settings,
    league_playing_season,
    league_update,
)
from games.league.services.organiser import (
    game_set_result,
    registration_disqualify,
    registration_substitute,
    round_set_deadline,
)
from games.league.services.playoffs import playoff_start
from games.league.services.results import league_match_finished
from games.league.services.rounds import league_handle_deadlines, round_publish
from games.league.services.season_end import season_close
from games.league.services.setup import (
    late_join_division,
    league_add_organiser,
    league_create,
    registration_answer_late,
    registration_create,
    registration_rejoin,
    registration_withdraw,
    season_open,
    season_start,
)

__all__ = [
    "season_announce",
    "season_announcement_remove",
    "season_competition",
    "registration_fee_paid",
    "LEAGUE_EDITABLE",
    "league_locked_settings",
    "league_playing_season",
    "league_update",
    "game_set_result",
    "league_add_organiser",
    "late_join_division",
    "league_create",
    "league_handle_deadlines",
    "league_invitation_answer",
    "league_invite",
    "league_join_by_link",
    "league_new_invite_link",
    "league_revoke_invitation",
    "league_match_finished",
    "league_uses_lists",
    "registration_set_army",
    "playoff_start",
    "points_adjust",
    "points_adjustment_withdraw",
    "registration_answer_late",
    "registration_create",
    "registration_disqualify",
    "registration_rejoin",
    "registration_substitute",
    "registration_withdraw",
    "round_publish",
    "round_set_deadline",
    "season_close",
    "season_open",
    "season_start",
]
