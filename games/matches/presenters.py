"""Turns matches and views into what templates show. Templates never get a Match row (its seed
and rng counter are secret): they get `PublicMatch`, which simply has no such fields."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, overload

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.engine import registry
from games.hexboard.describe import sentence
from games.hexboard.protocol import BaseSite
from games.hexboard.story import (
    PLAYED_BY_DEADLINE,
    Chapter,
    Record,
    match_story,
    plain,
    played_by_deadline,
    seat_player,
    story_html,
    tell,
)
from games.matches import called_off, selectors
from games.matches.hooks import seat_notes
from games.matches.match_log import LogEntry, match_log_entries
from games.matches.match_view import MatchView
from games.matches.models import Match, Seat
from games.matches.systems import get_site
from hexsite.reverse_memo import reverse


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


def options_summary(match: Match) -> list[str]:
    """The match's options in a few of a player's words (the system's `options_summary`):
    what the lobby's line, the waiting match's page, a challenge and an invitation say of the
    game one would join."""
    return [str(words) for words in get_site(match.system).options_summary(match.config or {})]


def computer_name(level: int) -> str:
    """A computer seat as players read it: "Computer (easy)", not a level number."""
    levels = {1: _("easy"), 2: _("medium"), 3: _("hard")}
    if level in levels:
        return _("Computer (%(level)s)") % {"level": levels[level]}
    return _("Computer (level %(level)d)") % {"level": level}


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
    profile_url: str = ""  # the player's page
    shown: bool = False  # the reader's seat the page shows the match through
    # The seated person, with their profile (every page's seats are read with it): the
    # template draws their picture from it (`{% avatar %}`, games/accounts), at no query.
    player: Any = None


def seat_name(seat) -> str:
    """Who sits there, as the page names them."""
    if seat.kind == Seat.Kind.BOT:
        return computer_name(seat.bot_level)
    if seat.user is None and seat.kept_for_id is not None:
        return _("Kept for %(name)s") % {"name": seat.kept_for.get_username()}
    if seat.user is None:
        return _("Open seat")
    return seat.user.get_username()


@dataclass(frozen=True)
class Player:
    """Who sat at a seat, as the history pages list them (with their picture)."""

    name: str
    user: Any = None  # a human player (their picture and page); None for the computer
    profile_url: str = ""


def players_of(seats: Sequence[Seat]) -> list[Player]:
    """The seats' players in seat order: load the seats with `user__profile` and `kept_for`,
    then naming them and drawing their pictures costs no query."""
    players = []
    for seat in seats:
        human = seat.user if seat.kind == Seat.Kind.HUMAN else None
        url = reverse("accounts:profile", args=[human.get_username()]) if human else ""
        players.append(Player(seat_name(seat), human, url))
    return players


def seat_rows(mv: MatchView, adapter: BaseSite, *, with_notes: bool = True) -> list[SeatRow]:
    """The seats as the page lists them; without `with_notes`, no notes of other apps
    (vacations, ratings: a query): what a pick, which redraws no seat list, needs."""
    outcome = mv.match.outcome or {}
    scores = outcome.get("scores") or []
    rows = []
    notes = seat_notes(mv.seats) if with_notes else {}
    for seat in mv.seats:
        name = seat_name(seat)
        # Before the start (no view yet) a seat's army as the options fix it: whoever joins
        # sees what they would face, or lead.
        label = (
            adapter.seat_label(view=mv.view, seat=seat.index)
            if mv.view is not None
            else adapter.side_name(mv.match.config or {}, seat.index)
        )
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
                open=seat.is_free,
                notes=tuple(notes.get(seat.index, ())),
                profile_url=reverse("accounts:profile", args=[seat.user.get_username()])
                if seat.user is not None and seat.kind == Seat.Kind.HUMAN
                else "",
                shown=mv.seat is not None and seat.pk == mv.seat.pk,
                player=seat.user if seat.kind == Seat.Kind.HUMAN else None,
            )
        )
    return rows


def _taken_back(event: dict, names: Sequence[str]) -> str:
    return _("%(name)s took back a move.") % {"name": seat_player(event, names)}


_PLATFORM_EVENTS = {
    "MoveTakenBack": _taken_back,
    PLAYED_BY_DEADLINE: played_by_deadline,
    **called_off.PLATFORM_EVENTS,
}


def event_sentence(site: BaseSite, event: dict, names: Sequence[str]) -> str:
    """One event as the log says it: the platform's own words for what it adds (a takeback, a
    default the deadline played, a match called off), else the site's."""
    platform = _PLATFORM_EVENTS.get(str(event.get("kind")))
    return platform(event, names) if platform else sentence(site, event, names)


@dataclass(frozen=True)
class LogLine:
    seq: int
    texts: list[str]
    cancelled: bool
    created_at: datetime
    summary: str = ""  # one line for a record of many events; its texts fold away under it

    @property
    def html(self) -> SafeString:
        """The texts escaped and joined by spaces, coordinates as the board's toggle shows them
        (a page shows dozens of lines: one variable each renders much faster than a loop)."""
        return mark_safe(" ".join(story_html(text) for text in self.texts))

    @property
    def summary_html(self) -> SafeString:
        return story_html(self.summary)

    @property
    def headline(self) -> str:
        return plain(self.summary or " ".join(self.texts))


def _record(entry: LogEntry) -> Record:
    return Record(
        entry.seq, entry.kind, tuple(entry.events), entry.to_seq, entry.seat, entry.by_deadline
    )


def _records(entries: Sequence[LogEntry]) -> list[Record]:
    return [_record(e) for e in entries]


class _RecordsWhenRead(Sequence[Record]):
    """`entries` as the story reads them, each made when read: a story carried on to the next
    version reads the newest one or two of the page's window (hexboard.story; issue 14: making
    every record of the window was 1 % of a move's web CPU, for each answer and push)."""

    def __init__(self, entries: Sequence[LogEntry]):
        self._entries = entries

    def __len__(self) -> int:
        return len(self._entries)

    @overload
    def __getitem__(self, index: int) -> Record: ...

    @overload
    def __getitem__(self, index: slice) -> list[Record]: ...

    def __getitem__(self, index):
        if isinstance(index, slice):
            return _records(self._entries[index])
        return _record(self._entries[index])


def match_chapters(
    *,
    match: Match,
    seat: int | None,
    recent: Sequence[LogEntry],
    adapter: BaseSite,
    names: Sequence[str],
    reader_seats: Sequence[int] = (),
) -> dict[int, Chapter]:
    """The match's story as `seat` reads it (hexboard.story), with the events any of
    `reader_seats` may see (one person may hold several seats of a team): every list shows
    these chapters, so a unit has the same name in the log, the recent list, since my last turn
    and the replay. `recent`: the entries at hand, oldest first."""

    def start():
        return registry.get_system(match.system).start_view(match.config, len(names))

    return match_story(
        adapter,
        key=(match.pk, seat, tuple(reader_seats)),
        version=match.version,
        start=start,
        recent=_RecordsWhenRead(recent),
        load_all=lambda: _records(
            match_log_entries(match=match, seat=seat, reader_seats=reader_seats)
        ),
        names=names,
        extra=_PLATFORM_EVENTS,
    )


def log_lines(
    log: list[LogEntry],
    adapter: BaseSite,
    seat_names: Sequence[str] = (),
    chapters: dict[int, Chapter] | None = None,
) -> list[LogLine]:
    """The log, newest first (`log` as the view selector gives it), told by `chapters`."""
    if chapters is None:
        chapters = tell(adapter, None, _records(log[::-1]), seat_names, extra=_PLATFORM_EVENTS)
    lines = []
    for entry in log:
        chapter = chapters.get(entry.seq)
        texts = list(chapter.details) if chapter else []
        if entry.kind == "draw":
            texts.append(_("The players agreed a draw."))
        if texts:
            summary = chapter.summary if chapter else ""
            lines.append(LogLine(entry.seq, texts, entry.cancelled, entry.created_at, summary))
    return lines


@dataclass(frozen=True)
class NextGame:
    """The reader's next match where it is their turn, named for its link."""

    url: str
    label: str


def next_game(*, user, after_match_id: int) -> NextGame | None:
    """The match page's "next game" link, when another match waits for the reader's move: it
    says which (the game and the opponents), and none shows when nothing waits."""
    found = selectors.match_next_with_seats(user=user, after_match_id=after_match_id)
    if found is None:
        return None
    following, seats = found
    others = [seat_name(s) for s in seats if s.user_id != user.pk]
    title = match_title(system=following.system, match_id=following.pk)
    if others:
        label = _("Next game: %(game)s against %(names)s") % {
            "game": title,
            "names": ", ".join(others),
        }
    else:
        label = _("Next game: %(game)s") % {"game": title}
    return NextGame(reverse("matches:match", args=[following.pk]), label)


@dataclass(frozen=True)
class Ending:
    """The banner of a finished match, for one reader."""

    tone: str  # "won", "lost", "draw" or "over" (a spectator's, or a seat's tie for a place)
    headline: str
    why: str
    by_forfeit: bool = False  # a resignation or a loss on time: the scores mean nothing


def match_ending(mv: MatchView, adapter: BaseSite, names: Sequence[str]) -> Ending | None:
    """Who won and why, as the reader should hear it ("You won", "anna won", "Draw")."""
    seat = mv.seat.index if mv.seat is not None else None
    return ending_of(mv.match, mv.log, seat, adapter, names)


def ending_of(
    match: Match,
    log: Sequence[LogEntry],
    mine: int | None,
    adapter: BaseSite,
    names: Sequence[str],
) -> Ending | None:
    """`match_ending` from the match's log as the reader reads it and the reader's seat (None:
    a spectator): the match page's banner, and the history pages' end of the story."""
    if match.status == Match.Status.ABORTED:
        return _called_off_ending(log)
    outcome = match.outcome or {}
    if match.status != Match.Status.FINISHED or not outcome:
        return None
    ranks = list(outcome.get("ranks") or [])
    reason = str(outcome.get("reason") or "")
    forfeit = next((e for e in log if e.kind == "forfeit" and not e.cancelled), None)
    # An agreed draw is a record of its own; an engine may end a game drawn with the reason
    # "draw" too (a battle drawn by its rules), which its site explains.
    agreed = any(e.kind == "draw" and not e.cancelled for e in log)
    if agreed or (ranks and len(set(ranks)) == 1):
        tone, headline = "draw", _("Draw.")
    else:
        winners = [names[i] for i, r in enumerate(ranks) if r == 0 and i < len(names)]
        if mine is not None and mine < len(ranks):
            tone = "won" if ranks[mine] == 0 else "lost"
            headline = _("You won!") if tone == "won" else _("You lost.")
        else:
            tone = "over"
            headline = _("%(names)s won.") % {"names": ", ".join(winners)}
    if agreed:
        why = _("The players agreed a draw.")
    elif forfeit is not None and forfeit.seat is not None and forfeit.seat < len(names):
        who = names[forfeit.seat]
        if forfeit.reason == "timeout" and forfeit.no_show:
            why = _(
                "%(name)s ran out of time without having played a move: ratings do not count "
                "this match."
            ) % {"name": who}
        elif forfeit.reason == "timeout":
            why = _("%(name)s ran out of time.") % {"name": who}
        else:
            why = _("%(name)s resigned.") % {"name": who}
    else:
        why = adapter.outcome_reason(reason)
    return Ending(tone, headline, why, by_forfeit=forfeit is not None and not agreed)


def _called_off_ending(log: Sequence[LogEntry]) -> Ending | None:
    """A match called off once it had started says so, and why (a table called off before
    its start has no record of it: its page says « Annulée » in its title alone)."""
    record = next((e for e in log if e.kind == "called_off"), None)
    if record is None:
        return None
    return Ending("over", called_off.called_off_line(record.reason), _("Nobody won or lost it."))


def reference_url(site: BaseSite, match_id: int, view) -> str:
    """The address the match page's panel fetches: the site's own, else the platform's when
    the site lists its pieces, else "" (the panel then offers the rules alone)."""
    if view is None:
        return ""
    own = site.reference_url(view)
    if own:
        return own
    if type(site).reference is not BaseSite.reference:
        return reverse("matches:reference", args=[match_id])
    return ""
