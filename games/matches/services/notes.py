"""A player's private notes on a match (models_notes.MatchNote): only a player of the match
writes them, only they read them."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.matches.models import Match, MatchNote
from games.matches.services.common import seat_of
from games.refusals import Forbidden, Refused

NOTE_MAX = 4000


class StaleNote(Refused):
    """The notes were saved from elsewhere since this form was drawn; `note` is what is saved."""

    def __init__(self, note: MatchNote | None) -> None:
        super().__init__(
            _(
                "Your notes were changed elsewhere (another tab or device) since you opened "
                "them: here they are as saved. Your text is kept below: save it again to "
                "replace them."
            )
        )
        self.note = note


def match_note_of(*, match: Match, user) -> MatchNote | None:
    """The user's notes on the match, for a player of it; Forbidden for anyone else."""
    _player_of(match, user)
    return MatchNote.objects.filter(match=match, user=user).first()


def match_note_save(*, match: Match, user, text: str, seen_version: int) -> MatchNote | None:
    """Saves the notes as written in a form drawn at `seen_version` (0: none saved then); empty,
    they are deleted (None). Refused, with nothing saved: too long, or stale (StaleNote)."""
    _player_of(match, user)
    text = (text or "").strip()
    if len(text) > NOTE_MAX:
        raise Refused(_("Notes may have at most 4000 characters."))
    if "\x00" in text:  # no text a keyboard types (and PostgreSQL's text refuses it)
        raise Refused(_("Your notes hold a character that cannot be saved."))
    with transaction.atomic():
        note = MatchNote.objects.select_for_update().filter(match=match, user=user).first()
        if (note.version if note else 0) != seen_version:
            raise StaleNote(note)
        if not text:
            if note is not None:
                note.delete()
            return None
        if note is None:
            return MatchNote.objects.create(match=match, user=user, text=text)
        note.text, note.version = text, note.version + 1
        note.save(update_fields=["text", "version", "updated_at"])
        return note


def _player_of(match: Match, user) -> None:
    try:
        seat_of(match, user)
    except Refused as refusal:
        raise Forbidden(_("Only the match's players keep notes on it.")) from refusal
