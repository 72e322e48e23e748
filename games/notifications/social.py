"""Where the players' follows and blocks (games.accounts) meet the matches (games.matches): the
two import neither each other, so this app, which may use both, joins them (from
NotificationsConfig.ready), as it decides what reaches a player:

- a player who blocked another reads none of their chat lines (matches' `on_chat_lines`) and
  is not told of them (`notify_chat_posted` leaves the author's blockers out);
- "Players I follow" shows the followed players' public matches (accounts'
  `on_following_section`, drawn by games/matches/following.py)."""

from __future__ import annotations

from games.accounts.sections import on_following_section
from games.accounts.selectors import blocked_ids_subquery
from games.matches.following import followed_matches_section
from games.matches.hooks import on_chat_lines


def hide_blocked_authors(lines, *, reader):
    """The chat's lines without those of the players `reader` blocked (a subquery: the chat's
    one query stays one)."""
    return lines.exclude(author_id__in=blocked_ids_subquery(user=reader))


def register() -> None:
    on_chat_lines(hide_blocked_authors)
    on_following_section(followed_matches_section)
