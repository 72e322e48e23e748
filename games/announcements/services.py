"""Posting and removing an announcement. The competition app checks first that the actor
organises it, and says who reads it (`readers`: every player told, the author left out)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games.announcements.models import MAX_TEXT, Announcement
from games.notifications.services import notify_competition
from games.refusals import Refused

EXCERPT = 160  # characters of the text an inbox line or an email subject carries


def excerpt(text: str) -> str:
    """The start of `text` on one line, cut at a word when it is long."""
    line = " ".join(text.split())
    if len(line) <= EXCERPT:
        return line
    return line[:EXCERPT].rsplit(" ", 1)[0] + " …"


def _checked_text(text: str) -> str:
    text = (text or "").strip()
    if not text:
        raise Refused(_("Write the announcement first: it is empty."))
    if len(text) > MAX_TEXT:
        raise Refused(
            _("An announcement holds at most %(n)d characters; this one has %(m)d.")
            % {"n": MAX_TEXT, "m": len(text)}
        )
    return text


def announcement_post(
    *,
    competition: str,
    author,
    text: str,
    token: str,
    readers: Iterable,
    name: str,
    url: str,
) -> tuple[Announcement, bool]:
    """(the announcement, whether it is new). The same form sent again (its token) finds the
    first one and tells nobody twice; a token already used for another text is refused."""
    text = _checked_text(text)
    token = (token or "").strip()
    if not token or len(token) > 64:
        raise Refused(_("This form has expired: reload the page."))
    done = Announcement.objects.filter(token=token).first()
    if done is not None:
        if done.competition != competition or done.text != text or done.author_id != author.pk:
            raise Refused(_("This form was already sent: reload the page."))
        return done, False
    try:
        with transaction.atomic():
            announcement = Announcement.objects.create(
                competition=competition, author=author, text=text, token=token
            )
            notify_competition(
                users=[user for user in readers if user is not None and user.pk != author.pk],
                event="announcement",
                name=name,
                url=url,
                by=author.get_username(),
                excerpt=excerpt(text),
                apart=str(announcement.pk),  # each announcement an inbox entry of its own
            )
    except IntegrityError:  # the same form, sent twice at once: the other request posted it
        done = Announcement.objects.filter(token=token).first()
        if done is None or done.text != text:
            raise Refused(_("This form was already sent: reload the page.")) from None
        return done, False
    return announcement, True


def announcement_remove(*, competition: str, announcement_id: int) -> bool:
    """Removes the competition's announcement; False when it was gone already (a second click).
    What players were told stays in their inboxes."""
    removed, _count = Announcement.objects.filter(
        competition=competition, pk=announcement_id
    ).delete()
    return bool(removed)
