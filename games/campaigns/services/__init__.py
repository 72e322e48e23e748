"""Campaign writes, split by topic; every name is importable from here as before.

lifecycle: create, join, start, pause, rounds · battles: challenges, pairings, declarations ·
results: the "match finished" hook, choices, corrections · deadlines: the periodic tick ·
organiser: deadline extensions, removals · announcements: the organiser's word to every player."""

from games.campaigns.services.announcements import (
    campaign_announce,
    campaign_announcement_remove,
    campaign_competition,
)
from games.campaigns.services.battles import (
    campaign_accept,
    campaign_challenge,
    campaign_declare,
    campaign_decline,
    campaign_pair,
    campaign_pair_round,
    pairing_weights,
)
from games.campaigns.services.common import models_q_player, territory_hand_over
from games.campaigns.services.deadlines import campaign_apply_deadlines
from games.campaigns.services.invitations import (
    campaign_decline_invitation,
    campaign_invite_player,
    campaign_new_invite_link,
    campaign_revoke_invitation,
    pending_invitation,
)
from games.campaigns.services.lifecycle import (
    campaign_advance_round,
    campaign_create,
    campaign_join,
    campaign_set_paused,
    campaign_start,
)
from games.campaigns.services.organiser import (
    campaign_extend_deadline,
    campaign_leave,
    campaign_remove_player,
)
from games.campaigns.services.results import (
    campaign_choose,
    campaign_correct_result,
    campaign_resolve_battle,
    choice_options,
)

__all__ = [
    "campaign_announce",
    "campaign_announcement_remove",
    "campaign_competition",
    "campaign_accept",
    "campaign_advance_round",
    "campaign_apply_deadlines",
    "campaign_challenge",
    "campaign_choose",
    "campaign_correct_result",
    "campaign_create",
    "campaign_declare",
    "campaign_decline",
    "campaign_decline_invitation",
    "campaign_extend_deadline",
    "campaign_invite_player",
    "campaign_join",
    "campaign_new_invite_link",
    "campaign_pair",
    "campaign_pair_round",
    "campaign_leave",
    "campaign_remove_player",
    "campaign_resolve_battle",
    "campaign_revoke_invitation",
    "campaign_set_paused",
    "campaign_start",
    "choice_options",
    "models_q_player",
    "pairing_weights",
    "pending_invitation",
    "territory_hand_over",
]
