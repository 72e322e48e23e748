"""Writes about matches, one module per topic; every public service is keyword-only and one
transaction that locks the match row first.

- lifecycle: create, join, start, verify the log;
- leaving: a seated player (not the creator) gives their seat up before the start;
- moves: a player's or a computer seat's move, taking back;
- endings: the result, resignation, loss on time, forfeits, draws;
- chat: chat messages and what each player has seen;
- rematch: the same game again, seats swapped;
- challenges: seats kept for named people, who accept or decline (rematches keep theirs so).

After every accepted change the services run the match-changed hooks (games/matches/hooks.py)
inside the transaction: the clock, the computer seats and notifications subscribe there, so
nothing here names them. A refusal is a `games.refusals.Refused` with a sentence.
"""

from games.matches.services.challenges import (
    MAX_PENDING_CHALLENGES,
    challenge_accept,
    challenge_create,
    challenge_decline,
    challenge_withdraw,
    match_call_off,
)
from games.matches.services.chat import match_mark_seen, match_post_chat
from games.matches.services.common import StaleVersion, locked_seats
from games.matches.services.endings import (
    draw_refusal,
    has_played,
    match_accept_draw,
    match_call_off_unfinished,
    match_decline_draw,
    match_finish,
    match_forfeit_on_time,
    match_forfeit_seat,
    match_offer_draw,
    match_resign,
)
from games.matches.services.leaving import match_leave
from games.matches.services.lifecycle import (
    match_create,
    match_join,
    match_replay_verify,
    match_start,
)
from games.matches.services.moves import match_play_for_seat, match_submit_move, match_take_back
from games.matches.services.rematch import match_rematch
from games.refusals import Refused

__all__ = [
    "has_played",
    "MAX_PENDING_CHALLENGES",
    "Refused",
    "StaleVersion",
    "challenge_accept",
    "challenge_create",
    "challenge_decline",
    "challenge_withdraw",
    "draw_refusal",
    "locked_seats",
    "match_accept_draw",
    "match_call_off",
    "match_call_off_unfinished",
    "match_create",
    "match_decline_draw",
    "match_finish",
    "match_forfeit_on_time",
    "match_forfeit_seat",
    "match_join",
    "match_leave",
    "match_mark_seen",
    "match_offer_draw",
    "match_play_for_seat",
    "match_post_chat",
    "match_rematch",
    "match_replay_verify",
    "match_resign",
    "match_start",
    "match_submit_move",
    "match_take_back",
]
