"""Reads about matches. Hidden information leaves only through the engine's `view` and the
events' own visibility: nothing here hands a raw state, the seed or the rng counter onwards."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from django.db.models import Count, Exists, IntegerField, Max, OuterRef, Prefetch, Q, Subquery

from games.engine import registry
from games.matches.hooks import seat_query
from games.matches.models import Match, MatchRecord, Seat
from hexsite.compiled_select import CompiledSelect


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


# My games lists this many finished matches, the latest; the rest are on the finished games'
# pages (`finished_matches_page`). Every change to one of the player's matches refetches the
# list: it must not grow with every game they ever played.
FINISHED_SHOWN = 10
FINISHED_PER_PAGE = 50


def _listed_seats(user, matches: Q):
    """The user's seats in `matches` (a condition on the seats' match), with each match (its
    options and state left unread) and every player of it with their profile (their picture
    beside their name, at no query)."""
    return (
        Seat.objects.filter(matches, user=user)
        .select_related("match")
        .defer("match__snapshot", "match__config")
        .prefetch_related(
            Prefetch(
                "match__seats",
                queryset=Seat.objects.select_related("user__profile", "kept_for"),
            )
        )
        .order_by("match_id", "index")
    )


def _played_by(user):
    """The matches where `user` holds a seat (once each, however many they hold)."""
    return Match.objects.filter(Exists(Seat.objects.filter(match=OuterRef("pk"), user=user)))


def _finished_ids(user):
    """The user's finished matches, the most recently finished first."""
    finished = _played_by(user).filter(status=Match.Status.FINISHED)
    return finished.order_by("-finished_at", "-pk").values_list("pk", flat=True)


def _entries(seats, user) -> list[GameEntry]:
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


def match_list_for_player(*, user, finished: int = FINISHED_SHOWN) -> list[GameEntry]:
    """My turn first (most urgent deadline first), then waiting (those that changed since the
    player looked first, then the most recently started), then the `finished` most recently
    finished. One entry per match, whatever seats the user holds in it."""
    over = (Match.Status.FINISHED, Match.Status.ABORTED)
    running = Seat.objects.filter(user=user).exclude(match__status__in=over).values("match_id")
    latest = _finished_ids(user)[:finished]
    seats = _listed_seats(user, Q(match_id__in=running) | Q(match_id__in=latest))
    return _entries(seats, user)


def finished_matches_count(*, user) -> int:
    return _finished_ids(user).count()


def finished_matches_page(*, user, page: int) -> tuple[list[GameEntry], int, int]:
    """One page of the user's finished matches, the most recently finished first: its
    entries, its number (`page`, from 1, brought within the pages) and how many pages there
    are."""
    total = finished_matches_count(user=user)
    pages = max(1, -(-total // FINISHED_PER_PAGE))
    page = min(max(1, page), pages)
    start = (page - 1) * FINISHED_PER_PAGE
    ids = list(_finished_ids(user)[start : start + FINISHED_PER_PAGE])
    return _entries(_listed_seats(user, Q(match_id__in=ids)), user), page, pages


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


def _next_waiting_seat(*, user_id, after_match_id):
    return (
        _waiting_seats()
        .filter(user_id=user_id)
        .exclude(match_id=after_match_id)
        .select_related("match")
        # The link names the match by its game and number: its engine state (the largest
        # column, read and decoded for nothing in every answer of a player with another game
        # waiting; issue 14) and the rest stay in the table.
        .only("match", "match__system")
        .order_by("deadline", "match_id")[:1]
    )


def _seats_named(*, match_id):
    return (
        Seat.objects.filter(match_id=match_id).select_related("user", "kept_for").order_by("index")
    )


# Compiled once per connection (hexsite.compiled_select): a waiting player's every page, move
# answer and push asks (Django's building of these two reads was 7 % of a move's web CPU in one
# system's bench).
_next_waiting = CompiledSelect(_next_waiting_seat, "user_id", "after_match_id")
_named_seats = CompiledSelect(_seats_named, "match_id")


def match_next_with_seats(*, user, after_match_id: int) -> tuple[Match, list[Seat]] | None:
    """`match_next_for_player` and its seats in order, their players loaded (a match page
    names the opponents on its "next game" link): one query when no match waits, two when one
    does."""
    if user is None or not user.is_authenticated:
        return None
    found = _next_waiting(user_id=user.pk, after_match_id=after_match_id)
    if not found:
        return None
    following = found[0].match
    return following, _named_seats(match_id=following.pk)


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
        .defer("snapshot")  # none before the start; the list reads none
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


@dataclass(frozen=True)
class LobbyFilter:
    """What the lobby's lists are narrowed to: one game, and days per move from `fewest` to
    `most` (None: any)."""

    system: str | None = None
    fewest_days: int | None = None
    most_days: int | None = None

    def narrow(self, qs):
        if self.system:
            qs = qs.filter(system=self.system)
        if self.fewest_days is not None:
            qs = qs.filter(days_per_move__gte=self.fewest_days)
        if self.most_days is not None:
            qs = qs.filter(days_per_move__lte=self.most_days)
        return qs


def match_list_open(*, user=None, only: LobbyFilter = LobbyFilter()):
    """Public matches waiting for players that the lobby may offer (a free seat not kept for
    the invite link: `seat_is_listed`), newest first."""
    listed = Seat.objects.filter(
        match=OuterRef("pk"), kind=Seat.Kind.HUMAN, user__isnull=True, invite_only=False
    )
    # The seats come with their players and profiles in one query: the lobby draws their
    # pictures and the clock's notes read the profiles, none of them a query per match; what
    # other apps add to a seats' query (the league's rating) comes along too, else each
    # match's rating note would cost a query (50 of them for a full lobby).
    seats = seat_query(Seat.objects.select_related("user__profile"))
    qs = only.narrow(
        Match.objects.filter(Exists(listed), status=Match.Status.OPEN, is_public=True)
        .defer("snapshot")  # none before the start
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("-created_at")
    )
    if user is not None and user.is_authenticated:
        qs = qs.exclude(seats__user=user)
    return qs[:50]


def match_list_public(*, only: LobbyFilter = LobbyFilter()):
    """Public matches in progress, for spectators, most recently started first."""
    return only.narrow(
        Match.objects.filter(status=Match.Status.ACTIVE, is_public=True)
        .defer("snapshot")  # a list reads no state (50 of them at every visit of the lobby)
        .prefetch_related("seats__user")
        .order_by("-started_at")
    )[:50]


def match_list_of_players(*, users, in_progress: int = 20, finished: int = 10):
    """What anybody may watch of these players (a follower's page): their public matches in
    progress, most recently started first, and their latest public finished ones, most recently
    finished first; seats and players loaded. A private match never shows, even to one of its
    own players (the page is about the others)."""
    ids = [u.pk for u in users]
    holding = Seat.objects.filter(match=OuterRef("pk"), user_id__in=ids)
    public = (
        Match.objects.filter(Exists(holding), is_public=True)
        .defer("snapshot")  # a list reads no state
        .prefetch_related("seats__user")
    )
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


def match_no_show_seats(*, match: Match) -> set[int]:
    """The seats that lost on time without ever moving (services/endings.py marks them)."""
    forfeits = MatchRecord.objects.filter(
        match=match, kind=MatchRecord.Kind.FORFEIT, data__no_show=True
    )
    return set(forfeits.values_list("seat", flat=True))


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
    if match.status != Match.Status.ACTIVE or not match.has_snapshot:
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


def match_held_by(*, match_id, user) -> bool:
    """Whether `user` holds a seat in the match."""
    if user is None or not user.is_authenticated:
        return False
    return Seat.objects.filter(match_id=match_id, user=user).exists()
