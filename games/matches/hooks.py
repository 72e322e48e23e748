"""What other apps do when a match changes. Arrows point from them to matches, never back:
`games.matches` imports none of them; each registers its handlers from its `AppConfig.ready`.

- `on_match_changed`: after every accepted change (a start, move, takeback, forfeit or draw, and
  also a join, a draw offer or a chat message). Registered by the clock (deadlines, vacation),
  the computer seats (games/matches/tasks.py: a job when a bot must act) and notifications
  (a nudge to every open page, deferred to the commit).
- `on_match_finished`: once, when a match ends. Registered by the competitions (campaigns, the
  league) and their ratings.

These two run inside the match service's transaction, with the match row locked: a handler's writes
commit with the change or not at all, and work that must wait for the commit (a websocket
message, a background job) is deferred by the handler itself with `transaction.on_commit`.

- `on_invited`: players were offered a seat kept for them (a challenge, a rematch).
  Notifications register it (an inbox entry with the link). Runs inside the creating
  transaction.
- `on_invitation_ended`: a seat kept for a named person stopped waiting for them without
  being taken: they declined (the creator is told), or the creator withdrew (they are told).
  Runs inside the answering transaction.
- `on_seat_left`: a player left a table before its start (services/leaving.py). Notifications
  register it (the players still seated and the creator are told). Runs inside the leaving
  transaction.
- `on_challenge_check`: whether `by` may keep a seat for `person` (a challenge, a rematch
  offer); a check raises `Refused` with a sentence for `by`. Notifications register the
  players' blocks (games/notifications/social.py).
- `on_chat_posted`: a player wrote in the match's chat. Notifications register it (the other
  players who are not looking are told). Runs inside the posting transaction.
- `on_chat_lines`: what another app hides of a match's chat from its reader, as a filter of
  the chat's queryset (narrowed within its one query). Notifications register it: the lines of
  players the reader blocked (games/notifications/social.py).
- `on_match_seen`: a player opened the match's page (or its partials). Notifications register
  it: what the inbox said about that match is now read.
- `on_match_context`: what matches belong to, for their page ("Campaign Hex Wars · round 2 ·
  until ... " with a link back) and the notices that name them. The competitions register it
  (one query for any number of matches); read when the page is drawn.
- `on_seat_notes`: what another app writes beside a player's name on the match page (the clock:
  "on vacation until ..."). Read when the page is drawn, never in a transaction.
- `on_seat_query`: what another app adds to the query that reads a match page's seats (an
  annotation a seat note then reads: the league's rating), so a note costs no query of its own.
  The lobby's open matches read their seats with it too; a note must still work on seats
  read without it (one query for them all).
- `on_game_tips`: whether a seated player gets a game's tips on the match page (a system's
  coach, hexboard `BaseSite.coach`), and where the box's "hide" button posts. Notifications
  register the players' setting (games/notifications/game_tips.py). Read each time the hand is
  drawn, from the seat's user as the page's seats query loaded them: it must cost no query.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils.safestring import SafeString

from games.matches.models import Match, Seat


@dataclass(frozen=True)
class MatchChanged:
    """One accepted change of a match (the row is saved, its version bumped when it played)."""

    match: Match
    now: datetime
    # True when the game itself changed (start, move, takeback, forfeit, draw): clocks and
    # computer seats may have to act. False for a join, a draw offer or a chat message, which
    # only the pages need to know.
    played: bool
    # The match's seats and decoded state when the service already has them (a move): spare a
    # handler a query and a decoding. The seats are locked, with their players' profiles
    # (services.common.locked_seats); a handler may write them. None: read them if needed.
    seats: list[Seat] | None = None
    state: Any = None
    # The player whose act it was (their own page has the change in its answer), if any.
    by_user_id: int | None = None


@dataclass(frozen=True)
class Invited:
    """`users` may take the seats of `match` kept for them, offered by `by`."""

    match: Match
    users: list[Any]
    by: Any
    rematch_of: Match | None = None


@dataclass(frozen=True)
class InvitationEnded:
    """`invitee` will not take the seat of `match` kept for them: `declined` by them, or
    `withdrawn` by `creator`; or, seated already, will not play it: `called_off` by `creator`
    before it started. `aborted`: the match is called off with it."""

    match: Match
    invitee: Any
    creator: Any
    how: str  # "declined", "withdrawn" or "called_off"
    aborted: bool


@dataclass(frozen=True)
class SeatLeft:
    """`leaver` gave up their seat(s) of `match` before it started; `told` are the people
    still at the table (seated, or its creator), the leaver never among them."""

    match: Match
    leaver: Any
    told: list[Any]


@dataclass(frozen=True)
class ChatPosted:
    """`message` (a ChatMessage, its author loaded) was written in `match`."""

    match: Match
    message: Any


SeatNotes = Callable[[Sequence[Seat]], Mapping[int, SafeString]]  # seat index -> markup
MatchChangedHandler = Callable[[MatchChanged], None]
MatchFinishedHandler = Callable[[Match], None]
_changed_handlers: list[MatchChangedHandler] = []
_finished_handlers: list[MatchFinishedHandler] = []
_seat_notes: list[SeatNotes] = []
_seat_queries: list[Callable[[Any], Any]] = []
_invited_handlers: list[Callable[[Invited], None]] = []
_invitation_ended_handlers: list[Callable[[InvitationEnded], None]] = []


def on_match_changed(handler: MatchChangedHandler) -> MatchChangedHandler:
    if handler not in _changed_handlers:
        _changed_handlers.append(handler)
    return handler


def on_match_finished(handler: MatchFinishedHandler) -> MatchFinishedHandler:
    if handler not in _finished_handlers:
        _finished_handlers.append(handler)
    return handler


def on_seat_query(annotate: Callable[[Any], Any]) -> Callable[[Any], Any]:
    if annotate not in _seat_queries:
        _seat_queries.append(annotate)
    return annotate


def seat_query(queryset):
    """The seats' queryset with what the registered apps add to it (on_seat_query)."""
    for annotate in list(_seat_queries):
        queryset = annotate(queryset)
    return queryset


def on_seat_notes(provider: SeatNotes) -> SeatNotes:
    if provider not in _seat_notes:
        _seat_notes.append(provider)
    return provider


def seat_notes(seats: Sequence[Seat]) -> dict[int, list[SafeString]]:
    """Every registered note for the seats (their users loaded), by seat index."""
    notes: dict[int, list[SafeString]] = {}
    for provider in list(_seat_notes):
        for index, note in provider(seats).items():
            notes.setdefault(index, []).append(note)
    return notes


def run_match_changed_handlers(change: MatchChanged) -> None:
    for handler in list(_changed_handlers):
        handler(change)


def run_match_finished_handlers(match: Match) -> None:
    for handler in list(_finished_handlers):
        handler(match)


def on_invited(handler: Callable[[Invited], None]) -> Callable[[Invited], None]:
    if handler not in _invited_handlers:
        _invited_handlers.append(handler)
    return handler


def run_invited_handlers(invited: Invited) -> None:
    for handler in list(_invited_handlers):
        handler(invited)


def on_invitation_ended(
    handler: Callable[[InvitationEnded], None],
) -> Callable[[InvitationEnded], None]:
    if handler not in _invitation_ended_handlers:
        _invitation_ended_handlers.append(handler)
    return handler


def run_invitation_ended_handlers(ended: InvitationEnded) -> None:
    for handler in list(_invitation_ended_handlers):
        handler(ended)


_seat_left_handlers: list[Callable[[SeatLeft], None]] = []


def on_seat_left(handler: Callable[[SeatLeft], None]) -> Callable[[SeatLeft], None]:
    if handler not in _seat_left_handlers:
        _seat_left_handlers.append(handler)
    return handler


def run_seat_left_handlers(left: SeatLeft) -> None:
    for handler in list(_seat_left_handlers):
        handler(left)


_challenge_checks: list[Callable[..., None]] = []


def on_challenge_check(check: Callable[..., None]) -> Callable[..., None]:
    """`check(by=..., person=...)` raises `Refused` when `by` may not challenge `person`."""
    if check not in _challenge_checks:
        _challenge_checks.append(check)
    return check


def run_challenge_checks(*, by, person) -> None:
    for check in list(_challenge_checks):
        check(by=by, person=person)


_chat_handlers: list[Callable[[ChatPosted], None]] = []


def on_chat_posted(handler: Callable[[ChatPosted], None]) -> Callable[[ChatPosted], None]:
    if handler not in _chat_handlers:
        _chat_handlers.append(handler)
    return handler


def run_chat_posted_handlers(posted: ChatPosted) -> None:
    for handler in list(_chat_handlers):
        handler(posted)


_chat_filters: list[Callable[..., Any]] = []


def on_chat_lines(narrow: Callable[..., Any]) -> Callable[..., Any]:
    """`narrow(lines, *, reader) -> lines`: `lines` a queryset of ChatMessage, `reader` a
    signed-in user."""
    if narrow not in _chat_filters:
        _chat_filters.append(narrow)
    return narrow


def chat_lines(lines, *, reader):
    """The chat's queryset as `reader` may read it (each registered filter applied)."""
    for narrow in list(_chat_filters):
        lines = narrow(lines, reader=reader)
    return lines


_seen_handlers: list[Callable[..., None]] = []


def on_match_seen(handler: Callable[..., None]) -> Callable[..., None]:
    """`handler(match_id=..., user=...)` when a player looks at a match."""
    if handler not in _seen_handlers:
        _seen_handlers.append(handler)
    return handler


def run_match_seen_handlers(*, match_id: int, user) -> None:
    for handler in list(_seen_handlers):
        handler(match_id=match_id, user=user)


@dataclass(frozen=True)
class MatchContext:
    """What a match is part of, as its page names it: "Campaign Hex Wars", "round 2", until
    when, and where to go back to."""

    label: str
    detail: str = ""
    deadline: datetime | None = None
    url: str = ""


def competition_label(template: str, name: str) -> str:
    """A competition's name behind its kind's word, the kind's translated `template` (« Ligue
    %(name)s »), unless the name says that word already: « Ligue du jeudi », not « Ligue Ligue
    du jeudi »; "Thursday League", not "League Thursday League". The kind's word is the last
    of the template's own (« la campagne %(name)s »: « campagne »), so a notice's « dans la
    campagne %(name)s » names « Campagne d'hiver » alone too."""
    words = (template % {"name": ""}).split()
    word = words[-1] if words else ""
    if word and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", name, re.IGNORECASE):
        return name
    return template % {"name": name}


# A provider names the matches of its competitions among those it is given ({match id:
# context}), in one query whatever their number: a digest lists many matches at once.
ContextProvider = Callable[[Sequence[Match]], Mapping[int, MatchContext]]
_context_providers: list[ContextProvider] = []


def on_match_context(provider: ContextProvider) -> ContextProvider:
    if provider not in _context_providers:
        _context_providers.append(provider)
    return provider


def match_contexts(matches: Sequence[Match]) -> dict[int, MatchContext]:
    """Each competition's match's context by its id, the first registered provider's (a casual
    match has none; providers are asked only about matches that name a competition)."""
    asked = [match for match in matches if match.competition]
    found: dict[int, MatchContext] = {}
    for provider in list(_context_providers) if asked else []:
        for match_id, context in provider(asked).items():
            found.setdefault(match_id, context)
    return found


def match_context(match: Match) -> MatchContext | None:
    return match_contexts([match]).get(match.pk)


# Systems whose players choose something when they take a seat (an army list): the app that
# asks registers a page; the match's join pages send the player there first. A page gets the
# match and the invite token used ("" for a seat listed in the lobby) and returns its address,
# or None when the match needs nothing chosen.
SeatChoicePage = Callable[[Match, str], "str | None"]
_seat_choice_pages: list[SeatChoicePage] = []


def on_seat_choice(page: SeatChoicePage) -> SeatChoicePage:
    if page not in _seat_choice_pages:
        _seat_choice_pages.append(page)
    return page


def seat_choice_page(match: Match, invite_token: str = "") -> str | None:
    for page in _seat_choice_pages:
        url = page(match, invite_token)
        if url:
            return url
    return None


@dataclass(frozen=True)
class GameTips:
    """Whether a player sees a game's tips, and where the tips box's "hide" button posts ("":
    no button)."""

    shown: bool
    hide_url: str = ""


GameTipsProvider = Callable[[Any, str], "GameTips | None"]
_game_tips_providers: list[GameTipsProvider] = []


def on_game_tips(provider: GameTipsProvider) -> GameTipsProvider:
    """`provider(user, system)`: the player's GameTips for that system, or None (no say)."""
    if provider not in _game_tips_providers:
        _game_tips_providers.append(provider)
    return provider


def game_tips(user, system: str) -> GameTips:
    """The first registered provider's answer; without one, no tips."""
    for provider in list(_game_tips_providers):
        found = provider(user, system)
        if found is not None:
            return found
    return GameTips(shown=False)
