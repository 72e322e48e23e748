"""The match's chat, and what each player has seen ("changed since I looked")."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.matches.hooks import ChatPosted, run_chat_posted_handlers, run_match_seen_handlers
from games.matches.models import ChatMessage, Match, Seat
from games.matches.services.common import changed, locked, seat_of
from games.refusals import Refused
from hexsite.compiled_select import CompiledUpdate

CHAT_MAX = 2000


def match_post_chat(*, match_id, user, text: str) -> ChatMessage:
    text = (text or "").strip()
    if not text:
        raise Refused(_("Write something first."))
    if len(text) > CHAT_MAX:
        raise Refused(_("A message may have at most 2000 characters."))
    with transaction.atomic():
        match = locked(match_id)
        seat_of(match, user)
        message = ChatMessage.objects.create(match=match, author=user, text=text)
        changed(match, timezone.now(), played=False)
        run_chat_posted_handlers(ChatPosted(match=match, message=message))
    return message


# Every refetch, push and page a player opens past the mark runs it: compiled once
# (hexsite.compiled_select).
_mark_seen_at = CompiledUpdate(
    lambda match_id, user_id, version: (
        Seat.objects.filter(match_id=match_id, user_id=user_id, last_seen_version__lt=version),
        {"last_seen_version": version},
    ),
    "match_id",
    "user_id",
    "version",
)


def match_mark_seen(
    *, match_id, user, version: int | None = None, opened: bool = False, mark: bool = True
) -> None:
    """The player has seen the match as of `version` (the one the page shows; None: the
    current one). Never moves the mark backwards. `opened`: the page (or its refetch) was
    drawn for them, so other apps hear of it (the inbox marks that match's entries read);
    an action's own answer does not repeat that. Without `mark`, only that (the caller knows
    the mark is there already)."""
    if opened:
        run_match_seen_handlers(match_id=match_id, user=user)
    if not mark:
        return
    if version is not None and type(match_id) is int and type(user.pk) is int:
        _mark_seen_at(match_id=match_id, user_id=user.pk, version=version)
        return
    seats = Seat.objects.filter(match_id=match_id, user=user)
    if version is not None:
        seats.filter(last_seen_version__lt=version).update(last_seen_version=version)
        return
    current = Match.objects.filter(pk=match_id).values("version")[:1]
    seats.exclude(last_seen_version__gte=current).update(last_seen_version=current)
