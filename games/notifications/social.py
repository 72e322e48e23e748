"""Where the players' follows and blocks (games.accounts) meet the matches (games.matches): the
two import neither each other, so this app, which may use both, joins them (from
NotificationsConfig.ready), as it decides what reaches a player:

- a player who blocked another reads none of their chat lines (matches' `on_chat_lines`) and
  is not told of them (`between_players.notify_chat_posted` leaves the author's blockers out);
- a player may not challenge (nor offer a rematch to) one who blocked them or whom they
  blocked (matches' `on_challenge_check`): the blocked one reads only that the player does not
  accept challenges from them;
- "Players I follow" shows the followed players' public matches (accounts'
  `on_following_section`, drawn by games/matches/following.py);
- a player learns who started following them (accounts' `on_followed`): one inbox entry per
  follower, ever (unfollowing and following again tells nothing new), never from a player
  either of them blocked, and in the inbox only unless they chose more for "New followers" in
  their settings (nothing waits for them: games/accounts/notice_groups.py)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from games.accounts.hooks import on_followed
from games.accounts.sections import on_following_section
from games.accounts.selectors import blocked_ids_subquery, has_blocked
from games.matches.following import followed_matches_section
from games.matches.hooks import on_challenge_check, on_chat_lines
from games.notifications.models import Notification
from games.notifications.services import notify_user
from games.refusals import Refused


def hide_blocked_authors(lines, *, reader):
    """The chat's lines without those of the players `reader` blocked (a subquery: the chat's
    one query stays one)."""
    return lines.exclude(author_id__in=blocked_ids_subquery(user=reader))


def refuse_blocked_challenge(*, by, person) -> None:
    """No challenge between a player and one they blocked or who blocked them."""
    if has_blocked(blocker=by, blocked=person):
        raise Refused(
            _("You have blocked %(name)s: unblock them to challenge them.")
            % {"name": person.get_username()}
        )
    if has_blocked(blocker=person, blocked=by):
        raise Refused(_("This player does not accept challenges from you."))


def notify_followed(*, follower, followed) -> None:
    """`followed` learns that `follower` follows them now (see the module's note)."""
    if has_blocked(blocker=followed, blocked=follower) or has_blocked(
        blocker=follower, blocked=followed
    ):
        return
    name = follower.get_username()
    notify_user(
        user_id=followed.pk,
        kind=Notification.Kind.FOLLOWED,
        params={"by": name, "link": reverse("accounts:profile", args=[name])},
        about=f"follower:{follower.pk}",
        once=f"follower:{follower.pk}",
    )


def register() -> None:
    on_chat_lines(hide_blocked_authors)
    on_challenge_check(refuse_blocked_challenge)
    on_following_section(followed_matches_section)
    on_followed(notify_followed)
