"""Computer seats: the background worker's `bot_move` task calls `bot_play(match_id)`, which asks
the computer opponent for one move of the bot seat that must act and submits it through the same
service pipeline as a player's move (never from a web request: searching takes a moment).

The opponent is the system's own `choose_move` when it has one, else the generic search
(games/engine/search.py); either reads only what the seat may know.

One call plays one move; the service schedules the next job when a bot seat must act again (a
turn may be several moves). A job that finds nothing to do, or a match that changed while
the bot thought, just returns or starts again from the new position.
"""

from __future__ import annotations

import logging

from games.engine import registry, search
from games.engine.protocol import JSON
from games.engine.rng import Rng
from games.matches import services
from games.matches.models import Match
from games.matches.selectors import match_bot_to_move
from games.refusals import Refused

log = logging.getLogger(__name__)

DEFAULT_LEVEL = 2
ATTEMPTS = 3  # a stale version (somebody resigned meanwhile...) is retried from the new state


def bot_move_for(match: Match, seat_index: int, level: int) -> JSON:
    """The bot's move for `seat_index` in the match as stored. Its randomness comes from the
    match's secret seed, the version and the seat, so it is reproducible but not predictable by
    the players. The search works on the seat's view (search.bot_move): it never reads what
    that seat may not see."""
    system = registry.get_system(match.system)
    state = system.state_from_json(match.snapshot)
    rng = Rng(f"{match.seed}:bot:{match.version}:{seat_index}")
    return search.bot_move(system, state, seat_index, rng, level or DEFAULT_LEVEL)


def bot_play(match_id: int) -> bool:
    """Plays one move for the bot seat that must act in the match, if any. True if it moved."""
    for _ in range(ATTEMPTS):
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            return False
        seat = match_bot_to_move(match=match)
        if seat is None:
            return False
        move = bot_move_for(match, seat.index, seat.bot_level)
        try:
            services.match_play_for_seat(
                match_id=match_id,
                seat_index=seat.index,
                move_data=move,
                expected_version=match.version,
            )
        except services.StaleVersion:
            continue
        except Refused as error:
            log.error("bot move %s refused in match %s: %s", move, match_id, error.message)
            return False
        return True
    return False
