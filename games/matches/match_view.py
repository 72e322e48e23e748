"""What one reader sees of one match (`MatchView`): their seat, the engine's view for it, the
moves they may make now, and the story and chat around the board. Hidden information leaves only
through the engine's `view` and the events' own visibility: nothing here hands a raw state, the
seed or the rng counter onwards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engine import registry
from games.matches import version_cache
from games.matches.hooks import chat_lines
from games.matches.match_log import LogEntry, entries_for, recent_records_of_version
from games.matches.models import ChatMessage, Match, Seat
from games.matches.replaying import can_take_back, effective_records
from games.matches.selectors import seat_is_listed

CHAT_MESSAGES = 100


@dataclass(frozen=True)
class MatchView:
    match: Match
    seat: Seat | None  # the reader's seat shown, None for a spectator
    seats: list[Seat]
    view: Any  # the engine's view JSON for that seat or a spectator (None before the start)
    to_act: tuple[int, ...]
    legal_moves: list = field(default_factory=list)  # the reader's seat's, when it must act
    log: list[LogEntry] = field(default_factory=list)
    chat: list[ChatMessage] | None = None  # None: hidden from this reader
    can_take_back: bool = False  # the reader's seat has a move of this turn to take back
    # Every seat the reader holds (several of one team where the system allows it), `seat`
    # among them; () for a spectator.
    my_seats: tuple[Seat, ...] = ()
    # A free seat of the reader's team they may take too, while the match waits for players.
    team_seat_free: Seat | None = None
    # The seats kept for the reader, who has not answered yet (a challenge, a rematch).
    kept_for_me: tuple[Seat, ...] = ()

    @property
    def is_participant(self) -> bool:
        return self.seat is not None

    @property
    def is_my_turn(self) -> bool:
        return self.seat is not None and self.seat.index in self.to_act

    @property
    def other_seats_to_act(self) -> tuple[Seat, ...]:
        """The reader's other seats that must act now (the page offers to switch to them)."""
        return tuple(s for s in self.my_seats if s != self.seat and s.index in self.to_act)

    @property
    def draw_offered_to_me(self) -> bool:
        """Another player stands by a draw and the reader has not answered yet."""
        return (
            self.seat is not None
            and not self.i_offer_draw
            and any(s.offers_draw for s in self.seats if s not in self.my_seats)
        )

    @property
    def i_offer_draw(self) -> bool:
        return bool(self.my_seats) and all(s.offers_draw for s in self.my_seats)

    @property
    def waiting_for_players(self) -> bool:
        return self.match.status == Match.Status.OPEN

    @property
    def shows_invite(self) -> bool:
        """The players of a match still waiting for players may pass its invite link on (when
        a free seat is not kept for a named person: the link fills no such seat)."""
        return (
            self.is_participant
            and self.waiting_for_players
            and any(s.is_free and s.kept_for_id is None for s in self.seats)
        )

    @property
    def awaiting_answers(self) -> tuple[Seat, ...]:
        """The seats kept for named people who have not answered yet."""
        if not self.waiting_for_players:
            return ()
        return tuple(s for s in self.seats if s.awaits_answer)

    @property
    def open_seats(self) -> bool:
        """Seats anybody in the lobby may take (not only those with the invite link)."""
        return self.waiting_for_players and any(seat_is_listed(seat=s) for s in self.seats)


def _state_of_version(match: Match, system):
    """The match's engine state, decoded once per process and version: every change of the
    snapshot appends a record (services.common.apply_state and append), so (match, seed,
    version) names the snapshot for good, and engine states are immutable (frozen)."""
    return version_cache.cached(
        ("state", match.pk, match.seed, match.version),
        lambda: system.state_from_json(match.snapshot),
        keep=lambda state: True,
    )


def _shown_seat(mine: list[Seat], to_act: Sequence[int], requested: int | None) -> Seat | None:
    """The seat the reader's page shows: the one they asked for, else the first of theirs that
    must act now, else their first."""
    asked = next((s for s in mine if s.index == requested), None)
    if asked is not None:
        return asked
    return next((s for s in mine if s.index in to_act), mine[0] if mine else None)


def match_view_for(
    *,
    match: Match,
    user,
    seat: int | None = None,
    history: bool = True,
    chat_wanted: bool = True,
    seats: list[Seat] | None = None,
) -> MatchView:
    """The match as `user` may see it, through one of their seats: `seat` when it is theirs,
    else the seat of theirs that must act now (a person may hold several seats of one team).
    Without `history`, only what the board and hand need (a pick): no log, no chat; without
    `chat_wanted`, the chat is not read (stays None)."""
    if seats is None:  # (`match_visible_with_seats` read them already)
        # The profiles come along: the page's seat notes (vacation) read them.
        seats = list(match.seats.select_related("user__profile", "kept_for").order_by("index"))
    signed_in = user is not None and user.is_authenticated
    mine = [s for s in seats if signed_in and s.user_id == user.pk]
    kept = tuple(
        s
        for s in seats
        if signed_in
        and match.status == Match.Status.OPEN
        and s.awaits_answer
        and s.kept_for_id == user.pk
    )
    system = registry.get_system(match.system)
    state, to_act = None, ()
    if match.has_snapshot:
        state = _state_of_version(match, system)
        to_act = tuple(system.to_act(state)) if match.status == Match.Status.ACTIVE else ()
    shown = _shown_seat(mine, to_act, seat)
    index = shown.index if shown is not None else None
    view, legal = None, []
    if state is not None:
        view = system.view(state, index)
        if index is not None and index in to_act:
            legal = list(system.legal_moves(state, index))
    if not history:
        return MatchView(
            match, shown, seats, view, to_act, legal, my_seats=tuple(mine), kept_for_me=kept
        )
    # Only the recent window: a match of hundreds of moves must not load its whole log per page.
    # (A page asking only for the lines it lacks gets them from this window too: the story
    # naming its units and the takeback rule read the window.)
    records = recent_records_of_version(match)
    # A takeback reaches back only within the current turn: the recent window is enough.
    take_back = bool(legal) and can_take_back(effective_records(records), {s.index for s in mine})
    log = entries_for(records, [s.index for s in mine])
    log.reverse()  # newest first
    chat = None
    if chat_wanted and (shown is not None or not match.chat_hidden_from_spectators):
        lines = ChatMessage.objects.filter(match=match)
        if signed_in:
            # What other apps hide from this reader (the lines of players they blocked), within
            # this one query; everybody else still reads those lines.
            lines = chat_lines(lines, reader=user)
        chat = list(lines.select_related("author").order_by("-created_at")[:CHAT_MESSAGES])[::-1]
    return MatchView(
        match,
        shown,
        seats,
        view,
        to_act,
        legal,
        log,
        chat,
        take_back,
        my_seats=tuple(mine),
        team_seat_free=_team_seat_free(match, system, seats, mine),
        kept_for_me=kept,
    )


def _team_seat_free(match: Match, system, seats: list[Seat], mine: list[Seat]) -> Seat | None:
    if match.status != Match.Status.OPEN or not mine:
        return None
    if not getattr(system, "one_person_may_hold_team_seats", False):
        return None
    team = mine[0].team
    return next(
        (s for s in seats if s.team == team and s.is_free_for(mine[0].user_id)),
        None,
    )


def match_team_seat_free(*, match: Match, user, seats: list[Seat] | None = None) -> Seat | None:
    """A free seat of `user`'s team they may take too (the match waits for players, they hold
    a seat, and the system lets one person hold several of one team), or None."""
    if user is None or not user.is_authenticated:
        return None
    seats = list(match.seats.order_by("index")) if seats is None else seats
    mine = [s for s in seats if s.user_id == user.pk]
    return _team_seat_free(match, registry.get_system(match.system), seats, mine)
