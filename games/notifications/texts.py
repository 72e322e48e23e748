"""The sentence of each notification kind, written in the active language when shown."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from games.matches.presenters import match_title
from games.notifications.models import Notification


def notification_text(notification: Notification) -> str:
    p = {"match": notification.match_id, **notification.params}
    if "system" in p:
        # The match's title in the reader's language (rows written before kept their title).
        p["title"] = match_title(system=p["system"], match_id=notification.match_id)
    if notification.kind == Notification.Kind.TURN:
        return _("Your turn in %(title)s.") % p
    if notification.kind == Notification.Kind.REMINDER:
        return _("Less than %(hours)s h left to play in %(title)s.") % p
    if notification.kind == Notification.Kind.TIMEOUT:
        if p.get("you"):
            return _("You ran out of time in %(title)s: the match counts as lost.") % p
        return _("%(loser)s ran out of time in %(title)s and loses the match.") % p
    if notification.kind == Notification.Kind.INVITATION:
        return _("%(by)s invites you to %(name)s.") % p
    if notification.kind == Notification.Kind.COMPETITION:
        return competition_text(p)
    return str(notification.get_kind_display())


# The league and the campaigns word their own news (in their own catalogues): each registers a
# function from the notification's params to a sentence, or None when the event is not theirs.
CompetitionText = Callable[[dict], "str | None"]
_competition_texts: list[CompetitionText] = []


def on_competition_text(provider: CompetitionText) -> CompetitionText:
    if provider not in _competition_texts:
        _competition_texts.append(provider)
    return provider


def competition_text(p: dict) -> str:
    for provider in _competition_texts:
        text = provider(p)
        if text:
            return text
    return str(p.get("name", ""))
