"""What the "Players I follow" page (games.accounts) shows of the players one follows: their
public matches in progress, to watch, and their latest public results. Neither app imports the
other: notifications, which may use both, registers it in accounts' `on_following_section`
(games/notifications/social.py)."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from games.matches.presenters import public_match
from games.matches.selectors import match_list_of_players


def followed_matches_section(*, viewer, users) -> SafeString:
    """The followed `users`' watchable matches (public only) for `viewer`'s following page."""
    in_progress, finished = match_list_of_players(users=users)
    followed = {u.pk for u in users}

    def rows(matches):
        return [(public_match(m), list(m.seats.all())) for m in matches]

    context = {"in_progress": rows(in_progress), "finished": rows(finished), "followed": followed}
    return render_to_string("matches/_followed_matches.html", context)
