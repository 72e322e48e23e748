"""Reads about matches. Hidden information leaves only through the engine's `view` and the
events' own visibility: nothing here hands a raw state, the seed or the rng counter onwards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from django.db.models import Count, Exists, IntegerField, Max, OuterRef, Prefetch, Q, Subquery

from games.engine import registry
from games.matches import version_cache
from games.matches.hooks import chat_lines, seat_query
from games.matches.match_log import LogEntry, entries_for, recent_records_of_version
from games.matches.models import ChatMessage, Match, Seat
from games.matches.replaying import can_take_back, effective_records
from hexsite.compiled_select import CompiledSelect

CHAT_MESSAGES = 100


def seat_is_listed(*, seat: Seat) -> bool:
    """A free seat the lobby lists: a human seat with nobody in it, not kept for the invite link."""
    return seat.is_free and not seat.invite_only


def match_listed_seats_count(*, match: Match) -> int:
    """How many seats of `match` the lobby lists as free (its prefetched seats when there)."""
    return sum(1 for seat in match.seats.all() if seat_is_listed(seat=seat))


def match_by_invite(*, match_id, token: str) -> Match | None:
    """The match an invite link points at, whoever reads it (the link is the permission)."""
    return Match.objects.filter(pk=match_id, invite_token=token).first()


def _waiting_seats():
    return Seat.objects.filter(match__status=Match.Status.ACTIVE, deadline__isnull=False)


def seats_to_play_count(*, user) -> int:
    """Active matches where one of `user`'s seats has a running deadline: the "your turn"
    count of every page and of the emails (a match counts once, however many of the user's
    seats must act in it)."""
    return _waiting_seats().filter(user=user).values("match").distinct().count()


def seats_to_play_subquery(*, user_ref: str = "user") -> Subquery:
    """`seats_to_play_count` of the user in the outer query's `user_ref`, for annotating
    several players' counts in the query that fetches them."""
    waiting = (
        _waiting_seats()
        .filter(user=OuterRef(user_ref))
        .order_by()
        .values("user")
        .annotate(count=Count("match", distinct=True))
        .values("count")
    )
    return Subquery(waiting, output_field=IntegerField())


@dataclass(frozen=True)
class GameEntry:
    match: Match
    seat: Seat  # the user's seat that matters most: the most urgent to play, else the first
    section: str  # "my_turn", "waiting", "finished"
    changed: bool  # something happened since the player last looked
    seats: tuple[Seat, ...] = ()  # every seat the user holds in the match
    # The user created the match and somebody has not answered a seat kept for them yet:
    # they may withdraw the challenge.
    withdrawable: bool = False


def match_list_for_player(*, user) -> list[GameEntry]:
    """My turn first (most urgent deadline first), then waiting (those that changed since the
    player looked first, then the most recently started), then finished (the most recently
    finished first). One entry per match, whatever seats the user holds in it."""
    seats = (
        Seat.objects.filter(user=user)
        .exclude(match__status=Match.Status.ABORTED)
        .select_related("match")
        .prefetch_related(
            Prefetch("match__seats", queryset=Seat.objects.select_related("user", "kept_for"))
        )
        .order_by("match_id", "index")
    )
    held: dict[int, list[Seat]] = {}
    for seat in seats:
        held.setdefault(seat.match_id, []).append(seat)
    mine, waiting, finished = [], [], []
    for group in held.values():
        match = group[0].match
        changed = match.version > min(s.last_seen_version for s in group)
        running = sorted((s for s in group if s.deadline is not None), key=lambda s: s.deadline)
        if match.status == Match.Status.FINISHED:
            finished.append(GameEntry(match, group[0], "finished", changed, tuple(group)))
        elif match.status == Match.Status.ACTIVE and running:
            mine.append(GameEntry(match, running[0], "my_turn", changed, tuple(group)))
        else:
            withdrawable = match.created_by_id == user.pk and any(
                s.awaits_answer for s in match.seats.all()
            )
            waiting.append(
                GameEntry(match, group[0], "waiting", changed, tuple(group), withdrawable)
            )
    mine.sort(key=lambda e: (e.seat.deadline, e.match.pk))
    waiting.sort(
        key=lambda e: (e.changed, e.match.started_at or e.match.created_at, e.match.pk),
        reverse=True,
    )
    finished.sort(key=lambda e: (e.match.finished_at, e.match.pk), reverse=True)
    return [*mine, *waiting, *finished]


def match_next_for_player(*, user, after_match_id: int | None = None) -> Match | None:
    """The next match where it is `user`'s turn, most urgent deadline first, other than
    `after_match_id` (lichess's "next game")."""
    if user is None or not user.is_authenticated:
        return None
    seat = (
        _waiting_seats()
        .filter(user=user)
        .exclude(match_id=after_match_id)
        .select_related("match")
        .order_by("deadline", "match_id")
        .first()
    )
    return seat.match if seat is not None else None


def _pending_seats():
    """Seats kept for a named person who has not answered (a challenge, a rematch offer)."""
    return Seat.objects.filter(
        match=OuterRef("pk"), kept_for__isnull=False, user__isnull=True, kind=Seat.Kind.HUMAN
    )


def _seats_with_people():
    return Prefetch("seats", queryset=Seat.objects.select_related("user", "kept_for"))


def match_challenges_sent_count(*, user) -> int:
    """How many matches `user` created still wait for somebody's answer to a kept seat."""
    return Match.objects.filter(
        Exists(_pending_seats()), status=Match.Status.OPEN, created_by=user
    ).count()


def match_challenges_received(*, user) -> list[Match]:
    """Matches waiting for `user` to answer: a seat kept for them, not yet taken (their seats
    and players loaded: the challenger is the one seated as `created_by`), newest first."""
    if user is None or not user.is_authenticated:
        return []
    return list(
        Match.objects.filter(
            Exists(_pending_seats().filter(kept_for=user)), status=Match.Status.OPEN
        )
        .prefetch_related(_seats_with_people())
        .order_by("-created_at")
    )


def match_waits_for(*, match_id, user) -> bool:
    """Whether the match waits for `user` to answer a seat kept for them."""
    if user is None or not user.is_authenticated:
        return False
    return Seat.objects.filter(
        match_id=match_id,
        match__status=Match.Status.OPEN,
        kept_for=user,
        user__isnull=True,
        kind=Seat.Kind.HUMAN,
    ).exists()


def people_played_with(*, user, limit: int = 50) -> list[str]:
    """The names of the active people `user` shared a match with, the most recent first (the
    new-match form offers them when naming a player)."""
    if user is None or not user.is_authenticated:
        return []
    latest = (
        Seat.objects.filter(match__seats__user=user, user__is_active=True)
        .exclude(user=user)
        .values("user__username")
        .annotate(last=Max("match__created_at"))
        .order_by("-last", "user__username")
    )
    return [row["user__username"] for row in latest[:limit]]


def match_list_open(*, user=None):
    """Public matches waiting for players that the lobby may offer (a free seat not kept for
    the invite link: `seat_is_listed`), newest first."""
    listed = Seat.objects.filter(
        match=OuterRef("pk"), kind=Seat.Kind.HUMAN, user__isnull=True, invite_only=False
    )
    qs = (
        Match.objects.filter(Exists(listed), status=Match.Status.OPEN, is_public=True)
        .prefetch_related("seats__user")
        .order_by("-created_at")
    )
    if user is not None and user.is_authenticated:
        qs = qs.exclude(seats__user=user)
    return qs[:50]


def match_list_public():
    """Public matches in progress, for spectators, most recently started first."""
    return (
        Match.objects.filter(status=Match.Status.ACTIVE, is_public=True)
        .prefetch_related("seats__user")
        .order_by("-started_at")[:50]
    )


def match_list_of_players(*, users, in_progress: int = 20, finished: int = 10):
    """What anybody may watch of these players (a follower's page): their public matches in
    progress, most recently started first, and their latest public finished ones, most recently
    finished first; seats and players loaded. A private match never shows, even to one of its
    own players (the page is about the others)."""
    ids = [u.pk for u in users]
    holding = Seat.objects.filter(match=OuterRef("pk"), user_id__in=ids)
    public = Match.objects.filter(Exists(holding), is_public=True).prefetch_related("seats__user")
    return (
        list(
            public.filter(status=Match.Status.ACTIVE).order_by("-started_at", "-pk")[:in_progress]
        ),
        list(
            public.filter(status=Match.Status.FINISHED).order_by("-finished_at", "-pk")[:finished]
        ),
    )


def match_visible_to(*, match_id, user) -> Match | None:
    """The match if `user` may look at it: public, or a participant of a private one (or the
    person a seat of it is kept for: they are asked to play)."""
    qs = Match.objects.filter(pk=match_id)
    if user is not None and user.is_authenticated:
        qs = qs.filter(Q(is_public=True) | Q(seats__user=user) | Q(seats__kept_for=user))
    else:
        qs = qs.filter(is_public=True)
    return qs.distinct().first()


def match_version(*, match_id) -> int | None:
    """The match's version (None if it is gone): one indexed read, no visibility check."""
    return Match.objects.filter(pk=match_id).values_list("version", flat=True).first()


def _page_seats(*, match_id, with_notes: bool):
    query = Seat.objects.filter(match_id=match_id)
    return (
        (seat_query(query) if with_notes else query)
        .select_related("match", "user__profile", "kept_for")
        .order_by("index")
    )


# Compiled once per connection (hexsite.compiled_select): every pick, page and push reads them.
# (What other apps add to the seats' query, `hooks.on_seat_query`, is registered when the apps
# are ready, before any request.)
_seats_with_notes = CompiledSelect(partial(_page_seats, with_notes=True), "match_id")
_seats_without_notes = CompiledSelect(partial(_page_seats, with_notes=False), "match_id")


def match_visible_with_seats(
    *, match_id, user, with_notes: bool = True
) -> tuple[Match, list[Seat]] | None:
    """`match_visible_to` and the match's seats (users and profiles loaded) in one query: what
    every request about a match page starts with. Without `with_notes`, the seats come without
    what other apps add for their seat notes (a pick shows none: a cheaper query)."""
    try:
        match_id = int(match_id)
    except (TypeError, ValueError):
        return None
    read = _seats_with_notes if with_notes else _seats_without_notes
    seats = read(match_id=match_id)
    if not seats:
        return None
    match = seats[0].match
    for seat in seats:
        seat.match = match  # one Match instance for all
    signed_in = user is not None and user.is_authenticated
    if not match.is_public and not (
        signed_in and any(user.pk in (s.user_id, s.kept_for_id) for s in seats)
    ):
        return None
    return match, seats


def match_bot_to_move(*, match: Match, seats: list[Seat] | None = None, state=None) -> Seat | None:
    """The bot seat that must act now, if any (the background worker then plays it).

    A caller that already holds the match's seats and its decoded state (the move service)
    passes them, saving a query and a decoding per move."""
    if match.status != Match.Status.ACTIVE or match.snapshot is None:
        return None
    seats = match.seats.all() if seats is None else seats
    bots = {s.index: s for s in seats if s.kind == Seat.Kind.BOT}
    if not bots:
        return None
    system = registry.get_system(match.system)
    state = system.state_from_json(match.snapshot) if state is None else state
    for index in system.to_act(state):
        if index in bots:
            return bots[index]
    return None


def matches_with_bot_to_move() -> list[Match]:
    """Active matches where a computer seat must act now (for the worker's sweep).

    Only matches where no player's clock runs are decoded: where a player must act too (a
    simultaneous phase), that player's move queues the computer's job again, or their clock
    ends the match."""
    human_to_act = Seat.objects.filter(
        match=OuterRef("pk"), kind=Seat.Kind.HUMAN, deadline__isnull=False
    )
    candidates = (
        Match.objects.filter(status=Match.Status.ACTIVE, seats__kind=Seat.Kind.BOT)
        .exclude(Exists(human_to_act))
        .distinct()
        .prefetch_related("seats")
        .order_by("pk")
    )
    return [
        match
        for match in candidates.iterator(chunk_size=200)
        if match_bot_to_move(match=match, seats=list(match.seats.all())) is not None
    ]


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
    if match.snapshot is not None:
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


def match_held_by(*, match_id, user) -> bool:
    """Whether `user` holds a seat in the match."""
    if user is None or not user.is_authenticated:
        return False
    return Seat.objects.filter(match_id=match_id, user=user).exists()
