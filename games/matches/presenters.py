"""Turns matches and views into what templates show. Templates never get a Match row (its seed
and rng counter are secret): they get `PublicMatch`, which simply has no such fields."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.hexboard.describe import sentence
from games.hexboard.protocol import BaseSite
from games.matches.hooks import seat_notes
from games.matches.models import Match
from games.matches.selectors import LogEntry, MatchView
from games.matches.systems import get_site


def match_title(*, system: str, match_id: int) -> str:
    """A match's title for people, in the active language: the system's name and the match's
    number ("<the site's name> #12"). Pages, emails and Discord all say it this way."""
    return f"{get_site(system).name} #{match_id}"


@dataclass(frozen=True)
class PublicMatch:
    pk: int
    id: int
    title: str
    system: str
    system_name: str
    status: str
    status_label: str
    version: int
    is_public: bool
    days_per_move: int
    competition: str
    outcome: dict | None
    created_at: datetime
    started_at: datetime | None
    finished_at: datetime | None


def public_match(match: Match) -> PublicMatch:
    return PublicMatch(
        pk=match.pk,
        id=match.pk,
        title=match_title(system=match.system, match_id=match.pk),
        system=match.system,
        system_name=str(get_site(match.system).name),
        status=match.status,
        status_label=str(match.get_status_display()),
        version=match.version,
        is_public=match.is_public,
        days_per_move=match.days_per_move,
        competition=match.competition,
        outcome=match.outcome,
        created_at=match.created_at,
        started_at=match.started_at,
        finished_at=match.finished_at,
    )


@dataclass(frozen=True)
class SeatRow:
    index: int
    name: str
    label: str  # the system's seat label (an army), may be ""
    kind: str
    is_me: bool  # one of the reader's seats (a person may hold several of one team)
    to_act: bool
    deadline: datetime | None
    offers_draw: bool
    rank: int | None
    score: Any
    open: bool
    notes: tuple[SafeString, ...] = ()  # other apps' notes beside the player (hooks.on_seat_notes)
    shown: bool = False  # the reader's seat the page shows the match through


def seat_name(seat) -> str:
    """Who sits there, as the page names them."""
    if seat.kind == "bot":
        return _("Computer (level %(level)d)") % {"level": seat.bot_level}
    if seat.user is None:
        return _("Open seat")
    return seat.user.get_username()


def seat_rows(mv: MatchView, adapter: BaseSite) -> list[SeatRow]:
    outcome = mv.match.outcome or {}
    scores = outcome.get("scores") or []
    rows = []
    notes = seat_notes(mv.seats)
    for seat in mv.seats:
        name = seat_name(seat)
        label = adapter.seat_label(view=mv.view, seat=seat.index) if mv.view is not None else ""
        rows.append(
            SeatRow(
                index=seat.index,
                name=name,
                label=label,
                kind=seat.kind,
                is_me=seat in mv.my_seats,
                to_act=seat.index in mv.to_act,
                deadline=seat.deadline,
                offers_draw=seat.offers_draw,
                rank=seat.rank,
                score=scores[seat.index] if seat.index < len(scores) else None,
                open=seat.user_id is None and seat.kind == "human",
                notes=tuple(notes.get(seat.index, ())),
                shown=mv.seat is not None and seat.pk == mv.seat.pk,
            )
        )
    return rows


_PLATFORM_EVENTS = {
    "MoveTakenBack": lambda e: _("Seat %(seat)d took back a move.") % {"seat": e["seat"] + 1},
}


@dataclass(frozen=True)
class LogLine:
    seq: int
    texts: list[str]
    cancelled: bool
    created_at: datetime

    @property
    def html(self) -> SafeString:
        """The texts escaped and joined by spaces, as the template's loop printed them (a
        page shows dozens of lines: one variable each renders much faster than a loop)."""
        return mark_safe(" ".join(conditional_escape(text) for text in self.texts))


def log_lines(
    log: list[LogEntry], adapter: BaseSite, seat_names: Sequence[str] = ()
) -> list[LogLine]:
    lines = []
    for entry in log:
        texts = []
        for event in entry.events:
            platform = _PLATFORM_EVENTS.get(event.get("kind"))
            texts.append(platform(event) if platform else sentence(adapter, event, seat_names))
        if entry.kind == "draw":
            texts.append(_("The players agreed a draw."))
        if texts:
            lines.append(LogLine(entry.seq, texts, entry.cancelled, entry.created_at))
    return lines
