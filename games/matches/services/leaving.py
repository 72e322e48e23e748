"""Leaving a table before it starts (Board Game Arena's and lichess's "leave"): a seated player
who did not create the match gives their seat up while the match still waits for players.

What leaving does, decided here:
- every seat the person holds is freed (one person may hold several of one team): nobody in
  it, no join time; the seat keeps how it was offered, so a lobby seat is listed again and an
  invite-link seat waits for the link again;
- a seat that was kept for the leaver (they accepted a challenge) is no longer kept for them:
  like a declined challenge at a larger table, it waits for whoever has the invite link; the
  leaver is not asked again;
- what they chose on taking it goes back to what the lobby offered (`Seat.options_before`,
  given back by the site's `BaseSite.seat_left`: an army list gives way to the lobby's army);
- the people still at the table (the seated players and the creator) are told (the
  `on_seat_left` hook: notifications), and the match's open pages redraw (`changed`).

Refused, nothing changed: somebody without a seat (403; a second click of a player who has
just left: 409), the creator (they call the match off instead), a campaign's or a league's match
(its organisers set its seats), a match that has started, ended or been called off (409)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.matches.hooks import SeatLeft, run_seat_left_handlers
from games.matches.models import Match, Seat
from games.matches.services.common import StaleVersion, changed, locked, locked_seats, system_of
from games.matches.systems import get_site
from games.refusals import Forbidden, Refused


def match_leave(*, match_id, user, seat_index=None) -> Match:
    """`user` gives up their seats of a match that has not started (see the module's note).
    `seat_index`: the seat the page showed as theirs, when it says: a second click after
    leaving names a seat that is free now, and is told it is stale (409) rather than
    forbidden."""
    if user is None or not user.is_authenticated:
        raise Forbidden(_("Please sign in to play."))
    now = timezone.now()
    with transaction.atomic():
        match = locked(match_id)
        seats = locked_seats(match)
        mine = [s for s in seats if s.user_id == user.pk]
        _check_may_leave(match, seats, mine, user, seat_index)
        _give_options_back(match, mine, len(seats))
        for seat in mine:
            if seat.kept_for_id == user.pk:
                seat.kept_for = None  # (still invite_only: the invite link fills it)
            seat.user, seat.joined_at, seat.options_before = None, None, None
            seat.last_seen_version, seat.offers_draw = 0, False
            seat.save(
                update_fields=[
                    "user",
                    "joined_at",
                    "options_before",
                    "kept_for",
                    "last_seen_version",
                    "offers_draw",
                ]
            )
        changed(match, now, played=False, by_user_id=user.pk)
        run_seat_left_handlers(SeatLeft(match=match, leaver=user, told=_still_there(match, seats)))
    return match


def _check_may_leave(match: Match, seats: list[Seat], mine: list[Seat], user, seat_index) -> None:
    if not mine:
        if match.status == Match.Status.OPEN and _names_a_free_seat(seats, seat_index):
            raise StaleVersion(_("You are no longer seated at this match: you left it already."))
        raise Forbidden(_("You have no seat at this match."))
    if match.competition:
        raise Forbidden(
            _("This match belongs to a campaign or a league: its organisers set its seats.")
        )
    if match.created_by_id == user.pk:
        raise Refused(_("You created this match: you cannot leave it, but you may call it off."))
    if match.status == Match.Status.ABORTED:
        raise StaleVersion(_("This match is called off already."))
    if match.status != Match.Status.OPEN:
        raise StaleVersion(
            _("This match has started: you can no longer leave it (you may resign).")
        )


def _names_a_free_seat(seats: list[Seat], seat_index) -> bool:
    try:
        index = int(seat_index)
    except (TypeError, ValueError):
        return False
    return any(s.index == index and s.is_free for s in seats)


def _give_options_back(match: Match, mine: list[Seat], seat_count: int) -> None:
    """The match's options with each of the leaver's seats' part as it was before they took it
    (the site knows which part is a seat's)."""
    site = get_site(match.system)
    config = dict(match.config)
    for seat in mine:
        if seat.options_before is not None:
            config = site.seat_left(config, seat.index, seat.options_before)
    if config == match.config:
        return
    try:
        match.config = system_of(match).validate_config(config, seat_count)
    except ValueError as error:  # (the options the lobby gave were valid: not expected)
        raise Refused(str(error)) from None


def _still_there(match: Match, seats: list[Seat]) -> list:
    """The people still at the table once the leaver's seats are free: its seated players and
    its creator, once each (the seats' users are loaded; the creator is read if not seated)."""
    people = {s.user_id: s.user for s in seats if s.user is not None}
    creator = match.created_by_id
    if creator is not None and creator not in people:
        people[creator] = match.created_by
    return list(people.values())
